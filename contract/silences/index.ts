import { COMMON_SILENCES } from './common.js';
import { MESSAGING_SILENCES } from './messaging.js';
import { MESSAGING_LISTING_SILENCES } from './messaging-listings.js';
import { PROVISIONING_SILENCES } from './provisioning.js';
import { TOKEN_SILENCES } from './token.js';
import { MESSAGING_SOAP_SILENCES } from './messaging-soap.js';
import { ADMIN_SILENCES } from './admin.js';
import { SMTP_SILENCES } from './smtp.js';
import { DIRECTORY_SILENCES } from './directory.js';
import { IDENTIFIER_SILENCES } from './identifiers.js';
import { LENIENT_SILENCES } from './lenient.js';

import type { Silence } from './types.js';

export type { ReadingValue, Silence } from './types.js';

/**
 * The catalogue of the spec's silences, rendered into docs/silences.md by `npm run docs`.
 * Interfaces add their list here. Each entry keeps its id and readings as literal types, so the
 * rest of the suite names a silence by id and gets its readings' type: `Reading<'trash-mechanism'>`.
 */
const CATALOGUE = [
  ...COMMON_SILENCES,
  ...TOKEN_SILENCES,
  ...MESSAGING_SILENCES,
  ...MESSAGING_LISTING_SILENCES,
  ...PROVISIONING_SILENCES,
  ...MESSAGING_SOAP_SILENCES,
  ...ADMIN_SILENCES,
  ...SMTP_SILENCES,
  ...DIRECTORY_SILENCES,
  ...IDENTIFIER_SILENCES,
  ...LENIENT_SILENCES,
] as const;

/** Every entry of the catalogue, as plain data. */
export const SILENCES: readonly Silence[] = CATALOGUE;

type Entry = (typeof CATALOGUE)[number];

/** The id of a catalogued silence. */
export type SilenceId = Entry['id'];

/** The catalogue entry of one silence, its readings typed. */
export type SilenceNamed<I extends SilenceId> = Extract<Entry, { readonly id: I }>;

/** The readings of one silence as a type, e.g. `Reading<'trash-mechanism'>` is `'delete' | 'server'`. */
export type Reading<I extends SilenceId> = SilenceNamed<I>['readings'][number];

/** The catalogue entry of one silence (a wrong id is a compile error). */
export function silenceNamed<I extends SilenceId>(id: I): SilenceNamed<I> {
  const found = SILENCES.find((s) => s.id === id);
  if (!found) throw new Error(`no silence "${id}" in contract/silences`);
  return found as unknown as SilenceNamed<I>;
}

/** The readings of one silence, the reference's default first: what a profile enum or an axis is made of. */
export function readingsOf<I extends SilenceId>(id: I): SilenceNamed<I>['readings'] {
  return silenceNamed(id).readings as SilenceNamed<I>['readings'];
}

/** The first reading of one silence: the reference's default, and a profile's where it declares none. */
export function defaultReading<I extends SilenceId>(id: I): Reading<I> {
  return silenceNamed(id).readings[0] as Reading<I>;
}
