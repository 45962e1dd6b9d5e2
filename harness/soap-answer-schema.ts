import { ParseOption, XmlDocument, XmlElement, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { SOAP11_ENV, XSD_NS } from '../contract/messaging-soap.js';

/**
 * XML Schema validation of SOAP answers with libxml2 (libxml2-wasm: its XSD validator, not a
 * hand-written subset): the Body's child against the schema of its response element. Each call
 * compiles the schema, validates and frees everything it made; no state is kept between calls.
 */

/** The problems libxml2 finds in `element` of the document `text` against `xsd`, none when it is valid. */
function validate(xsd: string, text: string, pick: (doc: XmlDocument) => XmlElement | undefined, missing: string): string[] {
  const schema = parse(xsd);
  const validator = XsdValidator.fromDoc(schema);
  try {
    let doc: XmlDocument;
    try {
      doc = parse(text);
    } catch (e) {
      return [`libxml2 cannot read the answer: ${reason(e)}`];
    }
    try {
      const element = pick(doc);
      if (!element) return [missing];
      validator.validate(element);
      return [];
    } catch (e) {
      if (e instanceof XmlLibError) return reasons(e);
      throw e;
    } finally {
      doc.dispose();
    }
  } finally {
    validator.dispose();
    schema.dispose();
  }
}

/** No network, no external entities: an answer is read as the XML it is (SOAP 1.1 §3 forbids a DTD). */
const parse = (text: string) => XmlDocument.fromString(text, { option: ParseOption.XML_PARSE_NONET });

const reason = (e: unknown) => (e instanceof XmlLibError ? reasons(e).join('; ') : (e as Error).message);

const reasons = (e: XmlLibError): string[] => (e.details.length > 0 ? e.details.map((d) => d.message.trim().replace(/\.$/, '')) : [e.message.trim()]);

const elements = (parent: XmlElement): XmlElement[] => {
  const out: XmlElement[] = [];
  for (let n = parent.firstChild; n; n = n.next) if (n instanceof XmlElement) out.push(n);
  return out;
};

/** The first element of the SOAP 1.1 Body (the <Op>Response, or a Fault). */
function bodyChild(doc: XmlDocument): XmlElement | undefined {
  const body = elements(doc.root).find((e) => e.name === 'Body' && e.namespaceUri === SOAP11_ENV);
  return body ? elements(body)[0] : undefined;
}

/** What keeps the Body's child of the SOAP answer `text` from being valid against `schema` (contract/soap-answers.ts). */
export function answerProblems(schema: string, text: string): string[] {
  return validate(schema, text, bodyChild, 'the Envelope has no Body child to validate');
}

/** The same for a document whose root is the element to validate (the self-tests' vendor schema). */
export function documentProblems(schema: string, text: string): string[] {
  return validate(schema, text, (doc) => doc.root, 'the document has no root element');
}

/**
 * The `<s:schema>` of a WSDL's types as a document of its own: libxml2's inclusive
 * canonicalisation of the subtree carries the namespace declarations it inherits from
 * `<wsdl:definitions>` (the `s:` and `tns:` prefixes of its QNames).
 */
export function schemaOfWsdl(wsdl: string): string {
  const doc = parse(wsdl);
  try {
    const schema = doc.get('//xs:schema', { xs: XSD_NS });
    if (!(schema instanceof XmlElement)) throw new Error('the WSDL has no XML Schema in its types');
    return schema.canonicalizeToString();
  } finally {
    doc.dispose();
  }
}
