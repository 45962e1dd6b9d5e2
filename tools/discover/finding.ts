import type { Profile } from '../../contract/profile.js';

/**
 * How sure a finding is:
 *   decided    the target's answers match exactly one catalogued reading
 *   ambiguous  several readings match (or the probe could not tell): the default is kept, the key listed
 *   none       no catalogued reading matches: a likely violation, named with the rules that judge it
 */
export type Confidence = 'decided' | 'ambiguous' | 'none';

/** One profile key's outcome, with the exchanges that showed it. */
export interface Finding {
  /** the profile key, as the catalogue names it (e.g. 'messaging.trashAdvance') */
  readonly key: string;
  /** the silence of contract/silences this key reads */
  readonly silence: string;
  readonly confidence: Confidence;
  /** the value written to the profile (decided only; otherwise the default stays) */
  readonly value?: unknown;
  /** the catalogued reading that matched, in the catalogue's words, or the readings that did */
  readonly reading: string;
  /** why: one or two sentences a vendor can check against the evidence */
  readonly because: string;
  /** for `none`: the rules that will judge the behaviour */
  readonly rules?: readonly string[];
  /** indexes into the probe's exchanges that showed it */
  readonly evidence: readonly number[];
}

/** Sets a dotted profile key ('admin.timeStampFormat') on a profile object. */
export function setKey(profile: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let at = profile;
  for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}

/** Reads a dotted profile key. */
export function getKey(profile: Profile | Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), profile);
}
