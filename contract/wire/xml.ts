import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A small namespace-aware view of an XML document, over fast-xml-parser (spec §4.4 envelopes,
 * B4 inner XML documents). Both the reference's SOAP adapter and the harness's SOAP client read
 * XML through it, so a prefix is never mistaken for a namespace: `soap:Body`, `SOAP-ENV:Body`
 * and a default-namespace `Body` are the same element when they resolve to the same URI.
 */
export interface XmlElement {
  /** namespace URI, '' for no namespace */
  ns: string;
  local: string;
  /** the prefix as written, '' for none */
  prefix: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** concatenated character data directly inside the element (CDATA included) */
  text: string;
  /** the in-scope prefix → URI bindings ('' = default namespace) */
  scope: Record<string, string>;
}

export type XmlParse = { ok: true; root: XmlElement } | { ok: false; reason: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
});

type Node = Record<string, unknown>;

function split(qname: string): [string, string] {
  const i = qname.indexOf(':');
  return i < 0 ? ['', qname] : [qname.slice(0, i), qname.slice(i + 1)];
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
  return { ns: scope[prefix] ?? (prefix === '' ? '' : `unbound:${prefix}`), local, prefix, attrs, children, text, scope };
}

/** Parses a document; malformed XML is a reason, never an exception. */
export function parseXml(text: string): XmlParse {
  if (text.trim() === '') return { ok: false, reason: 'the document is empty' };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, reason: `not well-formed XML (${valid.err.msg} at line ${valid.err.line})` };
  try {
    const nodes = parser.parse(text) as Node[];
    const roots = nodes.map((n) => build(n, { xml: 'http://www.w3.org/XML/1998/namespace' })).filter((e): e is XmlElement => e !== undefined);
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

/** XML character escaping for text and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
