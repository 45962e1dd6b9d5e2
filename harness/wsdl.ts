import { WSDL_NS, WSDL_SOAP11_NS, XSD_NS } from '../contract/messaging-soap.js';
import { childNamed, childrenNamed, parseXml, type XmlElement } from '../contract/wire/xml.js';

/**
 * A small generic WSDL 1.1 reader (document/literal wrapped, SOAP 1.1 binding): enough to
 * generate calls from a service description as WSDL-driven clients do (zeep, .NET, Axis).
 */
export interface WsdlPart {
  name: string;
  /** XML Schema type, local name (string, int, boolean, ...) */
  type: string;
  minOccurs: number;
}

export interface WsdlOperation {
  name: string;
  soapAction: string;
  /** the wrapper element's children, in order */
  input: WsdlPart[];
  /** the response wrapper's child (<Op>Result), if any */
  result?: WsdlPart;
  responseElement: string;
}

export interface Wsdl {
  targetNamespace: string;
  operations: WsdlOperation[];
  /** soap:address of the SOAP 1.1 port */
  address?: string;
}

const local = (qname: string | undefined) => (qname ?? '').split(':').pop() ?? '';

function sequenceOf(el: XmlElement | undefined): WsdlPart[] {
  const type = el && childNamed(el, 'complexType', XSD_NS);
  const seq = type && childNamed(type, 'sequence', XSD_NS);
  return (seq ? childrenNamed(seq, 'element', XSD_NS) : []).map((e) => ({ name: e.attrs.name ?? '', type: local(e.attrs.type), minOccurs: Number(e.attrs.minOccurs ?? '1') }));
}

export function readWsdl(text: string): Wsdl {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(`the WSDL is ${parsed.reason}`);
  const defs = parsed.root;
  if (defs.local !== 'definitions' || defs.ns !== WSDL_NS) throw new Error(`the root element is {${defs.ns}}${defs.local}, not WSDL 1.1 definitions`);
  const schemas = childrenNamed(childNamed(defs, 'types', WSDL_NS) ?? defs, 'schema', XSD_NS);
  const elements = new Map(schemas.flatMap((s) => childrenNamed(s, 'element', XSD_NS)).map((e) => [e.attrs.name ?? '', e]));
  const messages = new Map(childrenNamed(defs, 'message', WSDL_NS).map((m) => [m.attrs.name ?? '', local(childNamed(m, 'part', WSDL_NS)?.attrs.element)]));
  // the SOAP 1.1 binding (a binding with a soap:binding child)
  const binding = childrenNamed(defs, 'binding', WSDL_NS).find((b) => childNamed(b, 'binding', WSDL_SOAP11_NS));
  const portType = childrenNamed(defs, 'portType', WSDL_NS).find((p) => p.attrs.name === local(binding?.attrs.type));
  const actions = new Map(
    (binding ? childrenNamed(binding, 'operation', WSDL_NS) : []).map((o) => [o.attrs.name ?? '', childNamed(o, 'operation', WSDL_SOAP11_NS)?.attrs.soapAction ?? '']),
  );
  const operations = (portType ? childrenNamed(portType, 'operation', WSDL_NS) : [])
    .filter((o) => actions.has(o.attrs.name ?? ''))
    .map((o): WsdlOperation => {
      const inEl = messages.get(local(childNamed(o, 'input', WSDL_NS)?.attrs.message)) ?? '';
      const outEl = messages.get(local(childNamed(o, 'output', WSDL_NS)?.attrs.message)) ?? '';
      return { name: o.attrs.name ?? '', soapAction: actions.get(o.attrs.name ?? '') ?? '', input: sequenceOf(elements.get(inEl)), result: sequenceOf(elements.get(outEl))[0], responseElement: outEl };
    });
  const port = childrenNamed(defs, 'service', WSDL_NS).flatMap((s) => childrenNamed(s, 'port', WSDL_NS)).find((p) => childNamed(p, 'address', WSDL_SOAP11_NS));
  return { targetNamespace: defs.attrs.targetNamespace ?? '', operations, address: port && childNamed(port, 'address', WSDL_SOAP11_NS)?.attrs.location };
}
