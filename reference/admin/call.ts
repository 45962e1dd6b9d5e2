import type { PartyPolicy } from '../core/party-policy.js';
import type { Shown } from '../shown.js';
import type { User } from '../core/domain.js';
import type { Ctx } from '../http.js';
import type { ReferenceState } from '../state.js';
import { invalid } from './answers.js';
import type { AdminPolicy } from './policy.js';

/*
 * What the administration router hands its handlers, beside the router (routes.ts) so the
 * handler modules and the router import it in one direction, not each other.
 */

/** What an authenticated administration handler receives. */
export interface AdminCall {
  c: Ctx;
  state: ReferenceState;
  /** the administrator the session key belongs to */
  admin: User;
  sessionKey: string;
  body: () => Promise<unknown>;
  /** the administration interface's decisions and answers for this request (policy.ts) */
  policy: AdminPolicy;
  /** the spec operation being served (contract/operations.ts id) */
  operation?: string;
  /** the party decision for this request (reference/core/party-policy.ts) */
  parties: PartyPolicy;
  /** what a read shows of a stored field (reference/shown.ts) */
  shown: Shown;
}

/**
 * Whether this operation finds another company's data by the identifier it was given (a party
 * fault; the spec's answer is never: §1 'company user accounts').
 */
export const reachesOtherCompany = (call: AdminCall, identifier: 'account-identity' | 'company-id'): boolean =>
  call.operation !== undefined && call.parties.reachesOthers(call.operation, identifier, 'outsider');

export type AdminHandler = (call: AdminCall) => Promise<Response> | Response;

/** An object body, `{}` for an empty one. */
export async function objectBody(call: AdminCall): Promise<Record<string, unknown>> {
  const value = await call.body();
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) return invalid('The request body must be a JSON object.');
  return value as Record<string, unknown>;
}
