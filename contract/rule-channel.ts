import { createHash } from 'node:crypto';
/**
 * The rule-id channel: how every request of the suite names the rule whose test made it, so a
 * target's logs can be matched with the report, and the reference can scope a deliberate
 * violation or a test-only refusal to one rule. The harness writes it (harness/transport/
 * rule-header.ts, harness/clients/smtp.ts) and the reference reads it, from these names alone.
 * No spec sentence asks for it: a target that ignores it keeps the spec.
 */

/** HTTP header on every request: the id of the rule whose test made it. */
export const RULE_HEADER = 'x-conformance-rule';

/** HTTP header on every request: the operations (contract/operations.ts ids, comma-separated) its rule judges. */
export const JUDGES_HEADER = 'x-conformance-judges';

/**
 * SMTP has no request headers, so a connection names its rule in its EHLO name (RFC 5321
 * §4.1.1.1 lets the client choose it). Rule ids are valid host names; `.invalid` (RFC 2606
 * §2) can never be a real domain.
 */
const EHLO_SUFFIX = '.conformance.invalid';

export function ehloNameFor(ruleId: string): string {
  return `${ruleId}${EHLO_SUFFIX}`;
}

/** The rule id an EHLO name carries, if it is one of the suite's. */
export function ruleOfEhloName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return lower.endsWith(EHLO_SUFFIX) ? lower.slice(0, -EHLO_SUFFIX.length) : undefined;
}

/** The two headers, as the harness sends them for a rule. */
export function ruleHeaders(ruleId: string, judges: readonly string[]): Record<string, string> {
  return { [RULE_HEADER]: ruleId, [JUDGES_HEADER]: judges.join(',') };
}

/**
 * The rule ledger: an opt-in run setting (SMS_RULE_LEDGER=DIR) under which every request the
 * suite sends is also written down, one JSON line per request, in DIR (a file per worker), so a
 * recording proxy (observe) can tell the requests a rule sends wrong on purpose from the rest
 * without a byte more on the wire. A request is matched by its rule (the RULE_HEADER it carries),
 * method, target and a digest of its body. `deliberate`: sent by the rule's own work (its
 * body), not by a precondition or a cleanup.
 */
export interface LedgerLine {
  rule: string;
  method: string;
  /** the request target: path and query */
  target: string;
  /** sha256 of the body's text (hex, first 16), '' with no body */
  body: string;
  deliberate: boolean;
}

export const ledgerDigest = (body: string | undefined): string => (body ? createHash('sha256').update(body, 'utf8').digest('hex').slice(0, 16) : '');

/** What a ledger line and a recorded request are matched by. */
export const ledgerKey = (rule: string, method: string, target: string, bodyDigest: string): string => `${rule}\u0000${method.toUpperCase()}\u0000${target}\u0000${bodyDigest}`;
