import type { InterfaceName } from '../../contract/profile.js';
import type { OperationId } from '../../contract/operations.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { eachRequest, isOneOf, type ClientRule } from '../client-rule.js';
import type { Observed } from '../exchange.js';
import { opSlug } from './names.js';

/**
 * The session-key obligations of a caller, per interface (spec §4.2, §4.3, §4.6, §5 rules 4-5;
 * B2, B3): every operation that takes a session key is sent with one (one rule per operation),
 * the key was issued by a log-on before it is used (log on comes first), and a key ended by a
 * log-out is not used again (later calls with it are invalid: `should`, the spec says they fail).
 */

export const sessionKeyRuleId = (op: OperationId) => `${op.slice(0, op.indexOf('.'))}.client.${opSlug(op)}-session-key`;
export const keyIssuedRuleId = (iface: InterfaceName) => `${iface}.client.key-issued-first`;
export const keyEndedRuleId = (iface: InterfaceName) => `${iface}.client.no-key-after-logout`;

export interface KeyedInterface {
  iface: InterfaceName;
  /** the operations that take a session key */
  ops: readonly [OperationId, ...OperationId[]];
  /** where the interface says it takes one */
  spec: readonly [SpecRef, ...SpecRef[]];
  binding: readonly string[];
  /** a Bearer access token stands for the key here (B2) */
  bearer?: boolean;
  /** how the key travels, in the title */
  carrier: string;
}

/** One rule per operation: the request presents a session key (or, where B2 allows, an access token). */
export function sessionKeyRules(k: KeyedInterface): ClientRule[] {
  return k.ops.map((op) =>
    eachRequest({ id: sessionKeyRuleId(op), title: `${op} is sent with a session key (${k.carrier})`, interface: k.iface, level: 'must', spec: k.spec, binding: k.binding, operation: op }, (o) =>
      o.key || (k.bearer && o.bearer) ? undefined : `the request presents no session key (${k.carrier})${k.bearer ? ' and no access token' : ''}`,
    ),
  );
}

const presents = (ops: readonly OperationId[]) => (o: Observed) => isOneOf(ops)(o) && o.key !== undefined && o.key !== '';

const LOG_ON_FIRST: SpecRef = { anchor: '§5/log-must-come-before-any', quote: 'Log on must come before any other function, except change password.' };
const SESSION_KEY_SOURCES: SpecRef = { anchor: '§4.2/session-key-obtained-here-valid', quote: 'The session key obtained here is valid for every interface that uses session keys' };
const LOGOUT: readonly [SpecRef, ...SpecRef[]] = [
  { anchor: '§5/logout-invalidates-key', quote: 'Logout invalidates the key.' },
  { anchor: '§4.3/log-out', quote: 'Invalidates the session key; later calls with it are invalid.' },
];

/** The key a request presents was issued (a log-on answer in the recording) before the request. */
export function keyIssuedFirstRule(k: KeyedInterface): ClientRule {
  return eachRequest(
    {
      id: keyIssuedRuleId(k.iface),
      title: `a session key the ${k.iface} interface is sent was issued by a log-on before it is used`,
      interface: k.iface,
      level: 'must',
      spec: [LOG_ON_FIRST, SESSION_KEY_SOURCES, ...k.spec],
      binding: k.binding,
      operation: k.ops,
    },
    (o, ctx) => {
      const issued = ctx.timeline.keyIssued(o.key!);
      return issued !== undefined && issued < o.x.seq ? undefined : 'the session key it presents was not issued by any log-on the recording shows before it';
    },
    presents(k.ops),
  );
}

/** No request presents a key a successful log-out ended before it. */
export function keyEndedRule(k: KeyedInterface): ClientRule {
  return eachRequest(
    { id: keyEndedRuleId(k.iface), title: `a session key ended by a log-out is not sent to the ${k.iface} interface again`, interface: k.iface, level: 'should', spec: LOGOUT, binding: k.binding, operation: k.ops },
    (o, ctx) => {
      const ended = ctx.timeline.keyEnded(o.key!);
      return ended !== undefined && ended < o.x.seq ? `the session key it presents was ended by the log-out of exchange ${ended}` : undefined;
    },
    presents(k.ops),
  );
}

export const keyedRules = (k: KeyedInterface): ClientRule[] => [...sessionKeyRules(k), keyIssuedFirstRule(k), keyEndedRule(k)];
