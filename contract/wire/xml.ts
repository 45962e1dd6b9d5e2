import { EntityDecoder } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * XML as XML 1.0 (5th ed.) and Namespaces in XML define it, over fast-xml-parser (spec §4.4
 * envelopes, B4 inner XML documents, WSDL). Both the reference's SOAP adapter and the harness's
 * SOAP client read and write XML through this file only, so the two read the wire alike:
 * - character references, decimal and hex (§4.1: `&#13;`, `&#xD;`), and the five predefined
 *   entities (§4.6) are replaced; any other entity reference is not well-formed (WFC: Entity
 *   Declared), as is a reference to a non-Char (§2.2, WFC: Legal Character);
 * - CDATA sections (§2.7) are character data taken literally; comments and processing
 *   instructions (§2.5, §2.6) and the XML declaration (§2.8) are not character data;
 * - a raw CRLF or lone CR is read as LF before anything else (§2.11: fast-xml-parser does it);
 *   only a character reference carries a CR;
 * - a UTF-8 BOM is the encoding's signature (§4.3.3, Appendix F), not a character;
 * - a document type declaration is refused, never read, so no entity it declares is expanded
 *   (SOAP 1.1 §3: "A SOAP message MUST NOT contain a Document Type Declaration"; the WSDL and
 *   inner documents of this interface have none either);
 * - a prefix is a local alias (Namespaces in XML): `soap:Body`, `SOAP-ENV:Body` and a
 *   default-namespace `Body` are one element when they resolve to the same URI; an undeclared
 *   prefix is not namespace-well-formed.
 * Known limit: literal TAB/LF in attribute values are kept, not normalised to spaces (§3.3.3).
 */
export interface XmlElement {
  /** namespace URI, '' for no namespace */
  ns: string;
  local: string;
  /** the prefix as written, '' for none */
  prefix: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** concatenated character data directly inside the element (CDATA included, references replaced) */
  text: string;
  /** the in-scope prefix → URI bindings ('' = default namespace) */
  scope: Record<string, string>;
}

export type XmlParse = { ok: true; root: XmlElement } | { ok: false; reason: string };

/** A document this file refuses, with the XML 1.0 / Namespaces / SOAP clause it breaks. */
class NotWellFormed extends Error {}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** XML 1.0 §2.2 [2] Char. */
function isChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}
/** A character outside §2.2 Char, written literally (no flags: stateless). */
const NOT_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/**
 * The references fast-xml-parser hands to its entity decoder (text and attribute values, never
 * CDATA or comments): @nodable/entities replaces them; this wrapper first refuses what XML 1.0
 * does not allow there, which the library would leave as text or drop silently.
 */
class Xml10References {
  readonly #decoder = new EntityDecoder({ namedEntities: null, numericAllowed: true, ncr: { xmlVersion: 1.0, nullNCR: 'throw' } });

  setExternalEntities(): void {
    throw new NotWellFormed('only the five predefined entities are known (XML 1.0 §4.6)');
  }

  addInputEntities(): void {
    throw new NotWellFormed('a document type declaration is refused, and no entity it declares is expanded (SOAP 1.1 §3: "A SOAP message MUST NOT contain a Document Type Declaration")');
  }

  reset(): void {
    this.#decoder.reset();
  }

  setXmlVersion(version: number): void {
    this.#decoder.setXmlVersion(version);
  }

  decode(raw: string): string {
    // '<' reaches the decoder only inside an attribute value, where §3.1 [10] AttValue forbids it
    if (raw.includes('<')) throw new NotWellFormed(`an attribute value holds a literal '<' (XML 1.0 §3.1 [10] AttValue)`);
    // §4.1 [67] Reference: '&' starts an entity reference (§4.6: the five) or a character reference
    const reference = /&(?:#([0-9]+)|#x([0-9a-fA-F]+)|(?:amp|lt|gt|quot|apos));/y;
    for (let at = raw.indexOf('&'); at >= 0; at = raw.indexOf('&', at + 1)) {
      reference.lastIndex = at;
      const m = reference.exec(raw);
      if (!m) throw new NotWellFormed(`"${raw.slice(at, at + 12)}…" is neither a character reference nor one of the five predefined entities (XML 1.0 §4.1, §4.6)`);
      const cp = m[1] !== undefined ? Number.parseInt(m[1], 10) : m[2] !== undefined ? Number.parseInt(m[2], 16) : 0x20;
      if (!isChar(cp)) throw new NotWellFormed(`the character reference ${m[0]} names no XML character (XML 1.0 §4.1, WFC: Legal Character)`);
    }
    return this.#decoder.decode(raw);
  }
}

/** fast-xml-parser set up for XML 1.0: order kept, nothing trimmed or typed, the declaration and PIs dropped. */
function newParser(): XMLParser {
  return new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    entityDecoder: new Xml10References(),
    ignoreDeclaration: true,
    ignorePiTags: true,
    commentPropName: '#comment',
  });
}

type Node = Record<string, unknown>;

function split(qname: string): [string, string] {
  const i = qname.indexOf(':');
  return i < 0 ? ['', qname] : [qname.slice(0, i), qname.slice(i + 1)];
}

/** Namespaces in XML §5, NSC: Prefix Declared. */
function bound(scope: Record<string, string>, prefix: string, what: string): string {
  if (prefix === '') return scope[''] ?? '';
  if (prefix === 'xmlns') return XMLNS_NS;
  const uri = scope[prefix];
  if (uri === undefined || uri === '') throw new NotWellFormed(`the prefix "${prefix}" of ${what} is not declared (Namespaces in XML §5)`);
  return uri;
}

function build(node: Node, inherited: Record<string, string>): XmlElement | undefined {
  const name = Object.keys(node).find((k) => k !== ':@');
  if (!name || name === '#text' || name === '#comment') return undefined;
  const attrs = (node[':@'] ?? {}) as Record<string, string>;
  const scope = { ...inherited };
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'xmlns') scope[''] = v;
    else if (k.startsWith('xmlns:')) scope[k.slice(6)] = v;
  }
  const [prefix, local] = split(name);
  const ns = bound(scope, prefix, `<${name}>`);
  for (const k of Object.keys(attrs)) if (k.includes(':')) bound(scope, split(k)[0], `the attribute ${k}`);
  const items = (node[name] ?? []) as Node[];
  const children: XmlElement[] = [];
  let text = '';
  for (const item of items) {
    if ('#text' in item) text += String(item['#text']);
    else {
      const el = build(item, scope);
      if (el) children.push(el);
    }
  }
  return { ns, local, prefix, attrs, children, text, scope };
}

/** Parses a document; malformed XML is a reason, never an exception. */
export function parseXml(input: string): XmlParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (text.trim() === '') return { ok: false, reason: 'the document is empty' };
  const stray = NOT_CHAR.exec(text);
  if (stray) return { ok: false, reason: `not well-formed XML (U+${stray[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not an XML character, XML 1.0 §2.2)` };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, reason: `not well-formed XML (${valid.err.msg} at line ${valid.err.line})` };
  try {
    const nodes = newParser().parse(text) as Node[];
    const roots = nodes.map((n) => build(n, { xml: XML_NS })).filter((e): e is XmlElement => e !== undefined);
    if (roots.length !== 1) return { ok: false, reason: `a document needs exactly one root element; found ${roots.length}` };
    return { ok: true, root: roots[0]! };
  } catch (e) {
    return { ok: false, reason: `not well-formed XML (${(e as Error).message})` };
  }
}

/** Element children with a local name (and, if given, a namespace). */
export function childrenNamed(el: XmlElement, local: string, ns?: string): XmlElement[] {
  return el.children.filter((c) => c.local === local && (ns === undefined || c.ns === ns));
}

export function childNamed(el: XmlElement, local: string, ns?: string): XmlElement | undefined {
  return childrenNamed(el, local, ns)[0];
}

/** Every descendant (depth first) with a local name, whatever its namespace: lenient reading. */
export function descendantsNamed(el: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.local === local) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** A QName-valued text (e.g. a faultcode) resolved against the element's scope. */
export function resolveQName(el: XmlElement, qname: string): { ns: string; local: string } {
  const [prefix, local] = split(qname.trim());
  return { ns: el.scope[prefix] ?? (prefix === '' ? '' : `unbound:${prefix}`), local };
}

// ---- writing ----

/**
 * Character data (§2.4): '&' and '<' must be escaped, '>' is (so "]]>" never appears), and a CR
 * is written `&#13;` because a raw CR would be read as LF (§2.11): a CRLF MIME text keeps its CRLF.
 * Quotes are escaped too, so the same text is safe in an attribute value.
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => ESCAPES[c]!);
}

/** An attribute value (§3.3.3): a literal TAB or LF would be normalised to a space, so they are references too. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"'\r\n\t]/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;' };

/**
 * The same character data as one CDATA section (§2.7), where one can hold it: not when it holds
 * "]]>" (which ends a section), nor a CR (§2.11 turns a raw CR into LF inside CDATA too; split
 * sections with `&#13;` between them are legal, but clients that trim text nodes, node-soap among
 * them, lose the line ends). Where none can, the caller writes escaped text.
 */
export function cdataXml(text: string): string | undefined {
  return text.includes(']]>') || text.includes('\r') ? undefined : `<![CDATA[${text}]]>`;
}
