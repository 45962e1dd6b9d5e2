import { DEFAULT_LISTING_READINGS, expected, LISTING_RULES } from '../contract/listing-matrix.js';
import { LISTING_STATES, STATES } from '../contract/listing-states.js';
import { operation } from '../contract/operations.js';
import type { FaultDef } from './fault-def.js';

/** A listing fault's id, `<interface>.listing-<listing>-<input>-<state>` (contract/listing-matrix.ts). */
type ListingFaultId = `${string}.listing-${string}`;

/**
 * One fault per enforced cell of the listings matrix (contract/listing-matrix.ts), made from the
 * same data: the mail core's `listsCopy` hook (reference/core/mail/policy.ts; MailListing asks
 * it) answers the other membership than the spec's, under the reference's default readings, for
 * that one listing, input and state only.
 */
export const LISTING_FAULTS: readonly (FaultDef & { id: ListingFaultId })[] = LISTING_RULES.flatMap((r) =>
  LISTING_STATES.flatMap((state) => {
    const id = r.faults[state] as ListingFaultId | undefined;
    const listed = expected(r.input.member(STATES[state]), DEFAULT_LISTING_READINGS);
    if (!id || listed === undefined) return [];
    return [
      {
        id,
        rule: r.rule,
        breaks: `${operation(r.operation).name} with ${r.input.name} ${listed ? 'leaves out' : 'lists'} ${STATES[state].words}`,
        mail: { listsCopy: (op: string, input: string, s: string) => (op === r.operation && input === r.input.slug && s === state ? !listed : undefined) },
      },
    ];
  }),
);
