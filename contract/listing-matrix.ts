import { LISTING_STATES, STATES, type ListingState } from './listing-states.js';
import { defaultReading } from './silences/index.js';
import { LISTINGS, type ByProfile, type Listing, type ListingInput, type ListingOperation, type ListingReadings, type Verdict } from './listings.js';
import type { Matrix, MatrixCell } from './matrix.js';
import { operation } from './operations.js';
import type { SpecRef } from './spec/index.js';

/**
 * The rules and the matrix derived from contract/listings.ts: one rule per listing and input,
 * whose cells are the states; each enforced cell has a reference fault of its own
 * (reference/listing-faults.ts makes them from the same data), and every other cell names the
 * silence that leaves it open.
 */
export type ListingInterface = 'messaging-rest' | 'messaging-soap';

export interface ListingRule {
  readonly rule: string;
  readonly interface: ListingInterface;
  readonly operation: ListingOperation;
  readonly listing: Listing;
  readonly input: ListingInput;
  readonly spec: readonly [SpecRef, ...SpecRef[]];
  readonly title: string;
  readonly level: 'must' | 'should';
  /** the states whose cell is enforced, each with its fault */
  readonly faults: Readonly<Partial<Record<ListingState, string>>>;
}

/** The reference's default readings (the generated profile's): the membership a fault answers the other way. */
export const DEFAULT_LISTING_READINGS: ListingReadings = { trashAdvance: defaultReading('trash-mechanism'), inboxIdCodes: defaultReading('inbox-id-codes') };

const isUndecided = (v: Verdict): v is Extract<Verdict, { silence: string }> => typeof v === 'object' && 'silence' in v;
const isByProfile = (v: Verdict): v is ByProfile => typeof v === 'object' && 'under' in v;

/** A cell's membership under the profile's readings: true, false, or undefined where a reading leaves it open (no check). */
export function expected(v: Verdict, readings: ListingReadings): boolean | undefined {
  if (isUndecided(v)) return undefined;
  return isByProfile(v) ? v.under(readings) : v;
}

/** Whether the cell is checked at all (its answer is the spec's, or a declared reading's). */
export const enforced = (v: Verdict): boolean => !isUndecided(v);

/** Short names of the states, for titles. */
const SHORT: Record<ListingState, string> = {
  unread: 'unread',
  read: 'read',
  filed: 'filed in a custom folder',
  trash: 'in Trash',
  'deleted-trash': 'in Deleted Trash',
  purged: 'purged',
  retracted: 'retracted',
  attached: 'with an attachment',
  sent: 'sent (Outbox)',
  draft: 'a draft',
  'plain-tls': 'plain text over TLS',
};

const iface = (op: ListingOperation): ListingInterface => (op.startsWith('messaging-soap.') ? 'messaging-soap' : 'messaging-rest');

function title(listing: Listing, input: ListingInput): string {
  const under = (s: ListingState) => expected(input.member(STATES[s]), DEFAULT_LISTING_READINGS);
  const listed = LISTING_STATES.filter((s) => under(s) === true).map((s) => SHORT[s]);
  const left = LISTING_STATES.filter((s) => under(s) === false).map((s) => SHORT[s]);
  const order = input.order ? `, the older message ${input.order === 'ascending' ? 'first' : 'last'} (OrderBy DATE)` : '';
  const pages = input.pageSize ? ` over pages of ${input.pageSize} that neither overlap nor leave one out` : '';
  const what = listed.length ? `lists the copy ${listed.join(', ')}${order}${pages}` : 'lists none of the copies';
  return `${operation(listing.operation).name} with ${input.name}, of one copy in each state, ${what}; not the copy ${left.join(', ')}`;
}

const dedupe = (refs: SpecRef[]) => refs.filter((r, i) => refs.findIndex((x) => x.anchor === r.anchor && x.quote === r.quote) === i);

/** Every generated rule, listing by listing. */
export const LISTING_RULES: readonly ListingRule[] = LISTINGS.flatMap((listing) =>
  listing.inputs.map((input): ListingRule => {
    const name = `${listing.slug}-${input.slug}`;
    const i = iface(listing.operation);
    const faults = Object.fromEntries(LISTING_STATES.filter((s) => enforced(input.member(STATES[s]))).map((s) => [s, `${i}.listing-${name}-${s}`]));
    return {
      rule: `${i}.listings.${name}`,
      interface: i,
      operation: listing.operation,
      listing,
      input,
      // the listing's row, the input's words, and the §3 rows that put each checked copy where it is
      spec: [listing.spec, ...input.spec, ...dedupe(LISTING_STATES.filter((s) => faults[s]).map((s) => STATES[s].spec))],
      title: title(listing, input),
      level: input.level,
      faults,
    };
  }),
);

export const listingRulesOf = (i: ListingInterface): readonly ListingRule[] => LISTING_RULES.filter((r) => r.interface === i);

function cell(r: ListingRule, state: ListingState): MatrixCell {
  const at = [r.operation, r.input.name, state];
  const v = r.input.member(STATES[state]);
  if (isUndecided(v)) return { at, status: 'not applicable', reason: `silence ${v.silence}: ${v.why}` };
  return { at, status: 'enforced', rule: r.rule, fault: r.faults[state] };
}

export const LISTING_MATRIX: Matrix = {
  id: 'listings',
  title: 'Listings: every messaging listing × each input that decides what it lists × every state of a copy (§3.1, §3.2)',
  anchors: ['§4.3/get-inbox-message-ids', '§4.3/get-message-summaries', '§4.3/get-unread-messages', '§4.3/search-inbox', '§2.3/soap-form-mailbox-listing-uses', '§3.2/delete-message', '§3.2/retract-message'],
  axes: ['listing', 'input', 'state'],
  cells: LISTING_RULES.flatMap((r) => LISTING_STATES.map((s) => cell(r, s))),
};
