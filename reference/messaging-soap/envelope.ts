import { SOAP11_ENV, type SoapOperation } from '../../contract/messaging-soap.js';
import { cdataXml, childNamed, escapeAttribute, escapeXml, parseXml, type XmlElement } from '../../contract/wire/xml.js';
import type { SoapReadings } from './readings.js';

/**
 * SOAP 1.1 envelopes of the reference (spec §4.4, B4): reading a request down to the operation
 * element, writing a response or a Fault in the variant's style.
 */

/** SOAP 1.1 §4.4.1 fault codes. */
export type FaultCode = 'Client' | 'Server' | 'VersionMismatch' | 'MustUnderstand';

/** A request the adapter must answer with a Fault. */
export class SoapFault extends Error {
  override name = 'SoapFault';
  constructor(
    readonly code: FaultCode,
    readonly text: string,
  ) {
    super(text);
  }
}

export interface SoapRequest {
  op: string;
  ns: string;
  element: XmlElement;
}

/** SOAP 1.1 §4: Envelope, optional Header (mustUnderstand honoured), Body with one operation element. */
export function readEnvelope(text: string): SoapRequest {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new SoapFault('Client', `The request is not a SOAP message: ${parsed.reason}.`);
  const env = parsed.root;
  if (env.local !== 'Envelope') throw new SoapFault('Client', `The request is not a SOAP message: its root element is ${env.local}, not Envelope.`);
  if (env.ns !== SOAP11_ENV) throw new SoapFault('VersionMismatch', `The Envelope is in the namespace "${env.ns}"; this service speaks SOAP 1.1 (${SOAP11_ENV}).`);
  const header = childNamed(env, 'Header', SOAP11_ENV);
  for (const entry of header?.children ?? []) {
    const must = Object.entries(entry.attrs).find(([k]) => k === 'mustUnderstand' || k.endsWith(':mustUnderstand'))?.[1];
    if (must === '1' || must === 'true') throw new SoapFault('MustUnderstand', `The header entry ${entry.local} is not understood.`);
  }
  const body = childNamed(env, 'Body', SOAP11_ENV);
  if (!body) throw new SoapFault('Client', 'The Envelope has no Body.');
  const element = body.children[0];
  if (!element) throw new SoapFault('Client', 'The Body holds no operation element.');
  return { op: element.local, ns: element.ns, element };
}

export type PartValue = string | number | boolean | undefined;

/** The operation's children by the WSDL's types (document/literal, elementFormDefault qualified). */
export function readParts(op: SoapOperation, element: XmlElement, ns: string): Record<string, PartValue> {
  const out: Record<string, PartValue> = {};
  for (const part of op.parts) {
    const el = childNamed(element, part.name, ns);
    if (!el) {
      // xs:int and xs:boolean are minOccurs=1; strings may be absent
      if (part.type !== 'string') throw new SoapFault('Client', `Server was unable to read request. The element ${part.name} (${part.type}) is missing from ${op.name}.`);
      out[part.name] = undefined;
      continue;
    }
    const raw = el.text.trim();
    if (part.type === 'string') out[part.name] = el.text;
    else if (part.type === 'int') {
      if (!/^[+-]?\d{1,10}$/.test(raw) || Math.abs(Number(raw)) > 2 ** 31) throw new SoapFault('Client', `Server was unable to read request. ${part.name} "${raw}" is not an xs:int.`);
      out[part.name] = Number(raw);
    } else {
      if (!/^(true|false|1|0)$/.test(raw)) throw new SoapFault('Client', `Server was unable to read request. ${part.name} "${raw}" is not an xs:boolean.`);
      out[part.name] = raw === 'true' || raw === '1';
    }
  }
  return out;
}

const EXTRA_HEADER = '<ServerInfo xmlns="urn:reference:extra">reference server; clients ignore this header entry</ServerInfo>';

function envelope(ch: SoapReadings, inner: string): string {
  const p = ch.prefix;
  const q = (name: string) => (p ? `${p}:${name}` : name);
  const decl = p ? `xmlns:${p}="${SOAP11_ENV}"` : `xmlns="${SOAP11_ENV}"`;
  const header = ch.extraElements ? `<${q('Header')}>${EXTRA_HEADER}</${q('Header')}>` : '';
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<${q('Envelope')} ${decl} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `${header}<${q('Body')}>${inner}</${q('Body')}></${q('Envelope')}>`
  );
}

/**
 * A string result: escaped character data or a CDATA section (the same string to any XML reader).
 * A CR is written `&#13;` (XML 1.0 §2.11; a CDATA section cannot carry one, so such a text is
 * escaped under the CDATA reading too): a MIME text keeps its CRLF line ends.
 */
function stringContent(ch: SoapReadings, text: string): string {
  return (ch.escaping === 'cdata' ? cdataXml(text) : undefined) ?? escapeXml(text);
}

/**
 * A success answer before it is written (spec §4.4): the adapter's edge hands it to the faults
 * that reshape answers (edge.ts) and then writes it.
 */
export interface SuccessAnswer {
  readonly op: string;
  /** the namespace <Op>Response is written in ('' for none) */
  readonly ns: string;
  /** the content of <Op>Result as written (escaped, or a CDATA section), undefined where there is none */
  readonly result: string | undefined;
  /** elements of another namespace after <Op>Result (the soap-extra-elements reading) */
  readonly extras: readonly string[];
  /** the children as written, where a fault reshaped them (otherwise <Op>Result, then the extras) */
  readonly children?: readonly string[];
}

/** An element of another namespace, as the soap-extra-elements reading writes one into a response. */
export const EXTENSION_ELEMENT = '<ServedBy xmlns="urn:reference:extra">reference</ServedBy>';

/** spec §4.4: HTTP 200, <Op>Response in {soap_namespace}, with <Op>Result where the operation has one. */
export function successAnswer(ch: SoapReadings, ns: string, op: string, result: string | undefined): SuccessAnswer {
  return { op, ns, result: result === undefined ? undefined : stringContent(ch, result), extras: ch.extraElements ? [EXTENSION_ELEMENT] : [] };
}

/** `<Op>Result` around its written content. */
export const resultElement = (op: string, content: string) => `<${op}Result>${content}</${op}Result>`;

export function answerXml(ch: SoapReadings, a: SuccessAnswer): string {
  const children = a.children ?? [...(a.result === undefined ? [] : [resultElement(a.op, a.result)]), ...a.extras];
  const xmlns = a.ns === '' ? '' : ` xmlns="${escapeAttribute(a.ns)}"`;
  return envelope(ch, `<${a.op}Response${xmlns}>${children.join('')}</${a.op}Response>`);
}

export function responseXml(ch: SoapReadings, ns: string, op: string, result: string | undefined): string {
  return answerXml(ch, successAnswer(ch, ns, op, result));
}

/** SOAP 1.1 §4.4: a Fault with faultcode (a QName in the envelope namespace) and faultstring. */
export function faultXml(ch: SoapReadings, code: FaultCode, text: string): string {
  const p = ch.prefix;
  const fault = p ? `${p}:Fault` : 'Fault';
  // faultcode and faultstring are unqualified (SOAP 1.1 §4.4); the code's prefix must be bound
  const codePrefix = p || 'e';
  const bind = p ? '' : ` xmlns:e="${SOAP11_ENV}"`;
  const unq = p ? '' : ' xmlns=""';
  const detail = ch.extraElements ? `<detail${unq}><Reference xmlns="urn:reference:extra">reference detail</Reference></detail>` : '';
  return envelope(ch, `<${fault}${bind}><faultcode${unq}>${codePrefix}:${code}</faultcode><faultstring${unq}>${escapeXml(text)}</faultstring>${detail}</${fault}>`);
}
