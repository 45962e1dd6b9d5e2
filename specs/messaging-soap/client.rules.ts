import { SOAP11_ENV, SOAP_OPERATIONS, soapAction, type SoapOperation } from '../../contract/messaging-soap.js';
import type { OperationId } from '../../contract/operations.js';
import { specUnit, type Anchor, type SpecRef } from '../../contract/spec/index.js';
import { eachRequest, type ClientRule } from '../../judge/client-rule.js';
import { limitRules } from '../../judge/families/limits.js';
import { kebab } from '../../judge/families/names.js';
import { keyIssuedFirstRule, keyEndedRule, type KeyedInterface } from '../../judge/families/session-keys.js';

/**
 * The SOAP request form of spec §4.4, operation by operation (B4; vendor-wire §4): the headers
 * (Content-Type text/xml; charset=utf-8, Content-Length), SOAPAction {soap_namespace}/<Op> in
 * quotes, a SOAP 1.1 envelope with one element named for the operation in the namespace, and the
 * operation's child elements with their types. Four rules per row of the §4.4 table (and the
 * library-only GetMailboxXML, whose inputs §2.3 lists), then the limits and the key order.
 */

const ALL_USE: Anchor = '§4.4/all-use-post-cmv4-cmv4';
const opId = (op: SoapOperation) => `messaging-soap.${op.name}` as OperationId;
export const soapRuleId = (op: string, aspect: SoapAspect) => `messaging-soap.client.${kebab(op)}-${aspect}`;
export type SoapAspect = 'headers' | 'soap-action' | 'envelope' | 'children';
export const SOAP_ASPECTS: readonly SoapAspect[] = ['headers', 'soap-action', 'envelope', 'children'];

/** The row that lists the operation's children (GetMailboxXML: §2.3's inputs), quoted. */
function childrenRef(op: SoapOperation): SpecRef {
  const anchor = `§4.4/${op.name}` as Anchor;
  const unit = specUnit(anchor);
  if (!unit) return { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'The SOAP form of the mailbox listing uses these inputs' };
  return { anchor, quote: unit.text.split(' | ').slice(0, 2).join(' | ') };
}

const TYPE_OK = { string: () => true, int: (t: string) => /^\s*[+-]?\d+\s*$/.test(t), boolean: (t: string) => /^\s*(true|false|1|0)\s*$/.test(t) };

function childrenProblem(op: SoapOperation, children: readonly { local: string; text: string }[]): string | undefined {
  for (const part of op.parts) {
    const found = children.filter((c) => c.local === part.name);
    if (found.length !== 1) return found.length === 0 ? `no ${part.name} element` : `${found.length} ${part.name} elements`;
    if (!TYPE_OK[part.type](found[0]!.text)) return `${part.name} is ${JSON.stringify(found[0]!.text)}, not ${part.type === 'int' ? 'an int' : 'a boolean'}`;
  }
  const extra = children.find((c) => !op.parts.some((p) => p.name === c.local));
  return extra ? `an element ${extra.local} the operation does not take` : undefined;
}

const contentTypeOk = (ct: string | undefined) => {
  if (!ct) return false;
  const [type, ...params] = ct.split(';').map((p) => p.trim().toLowerCase());
  return type === 'text/xml' && params.some((p) => p.replace(/\s|"/g, '') === 'charset=utf-8');
};

function rulesOf(op: SoapOperation): ClientRule[] {
  const meta = (aspect: SoapAspect, title: string, spec: readonly [SpecRef, ...SpecRef[]]) => ({ id: soapRuleId(op.name, aspect), title, interface: 'messaging-soap' as const, level: 'must' as const, spec, binding: ['B4'], operation: opId(op) });
  return [
    eachRequest(meta('headers', `a ${op.name} request is sent as text/xml; charset=utf-8 with a Content-Length`, [{ anchor: ALL_USE, quote: 'with headers Content-Type: text/xml; charset=utf-8, Content-Length' }]), (o) => {
      if (!contentTypeOk(o.x.headers['content-type'])) return `Content-Type is ${JSON.stringify(o.x.headers['content-type'] ?? null)}`;
      return o.x.headers['content-length'] === undefined ? 'no Content-Length header' : undefined;
    }),
    eachRequest(meta('soap-action', `a ${op.name} request names "{soap_namespace}/${op.name}" in SOAPAction, in quotes`, [{ anchor: ALL_USE, quote: 'SOAPAction set to {soap_namespace}/<OperationName> in quotes' }]), (o, ctx) => {
      const want = `"${soapAction(ctx.settings.soapNamespace, op.name)}"`;
      const got = o.x.headers.soapaction;
      return got?.trim() === want ? undefined : `SOAPAction is ${got === undefined ? 'missing' : JSON.stringify(got)}, not ${want}`;
    }),
    eachRequest(
      meta('envelope', `a ${op.name} request is a SOAP 1.1 envelope whose Body holds one ${op.name} element in {soap_namespace}`, [
        { anchor: '§4.4/body-soap-1.1-envelope-one', quote: 'The body is a SOAP 1.1 envelope with one element named for the operation, in the namespace {soap_namespace}.' },
      ]),
      (o, ctx) => {
        const s = o.soap;
        if (!s || !s.parse.ok) return `the body is not XML${s && !s.parse.ok ? ` (${s.parse.reason})` : ''}`;
        if (s.envelope?.local !== 'Envelope' || s.envelope.ns !== SOAP11_ENV) return `the root is {${s.envelope?.ns}}${s.envelope?.local}, not the SOAP 1.1 Envelope`;
        if (s.bodyElements.length !== 1) return `the Body holds ${s.bodyElements.length} elements, not one`;
        const el = s.element!;
        return el.local === op.name && el.ns === ctx.settings.soapNamespace ? undefined : `the Body's element is {${el.ns}}${el.local}`;
      },
    ),
    eachRequest(meta('children', `a ${op.name} request gives each child element the operation takes, once, with its type, and no other`, [childrenRef(op)]), (o) =>
      o.soap?.element ? childrenProblem(op, o.soap.element.children) : 'skip',
    ),
  ];
}

export const SOAP_KEYED: KeyedInterface = {
  iface: 'messaging-soap',
  ops: SOAP_OPERATIONS.filter((op) => op.parts.some((p) => p.name === 'SessionKey')).map(opId) as [OperationId, ...OperationId[]],
  spec: [{ anchor: '§5/messaging-interface-authenticates-session-key', quote: 'or in a SessionKey element (SOAP)' }],
  binding: ['B4'],
  carrier: 'the SessionKey element',
};

export const MESSAGING_SOAP_CLIENT_RULES: readonly ClientRule[] = [...SOAP_OPERATIONS.flatMap(rulesOf), ...limitRules('messaging-soap'), keyIssuedFirstRule(SOAP_KEYED), keyEndedRule(SOAP_KEYED)];
