import { createHash } from 'node:crypto';
import fc from 'fast-check';

/**
 * Company names (spec §2.4 CompanyName). spec §8 'first 8 characters of the company must be
 * unique among cobranded portals' makes the first 8 characters meaningful, so every name the
 * suite sends starts with an 8-character head of its own, derived from the test's run prefix
 * (so parallel tests never collide), followed by the run prefix itself and a realistic name.
 * Pairs for the cobrand rule share exactly the head length they are asked to.
 */

/** spec §8: the significant leading characters of a cobranded company's name. */
export const COBRAND_PREFIX_LENGTH = 8;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character head, unique per (prefix, n) with overwhelming probability. */
export function nameHead(prefix: string, n: number): string {
  const digest = createHash('sha256').update(`${prefix}/${n}`).digest();
  return Array.from(digest.subarray(0, COBRAND_PREFIX_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** A unique, run-marked name: `<head> <prefix> <display>`. */
export const companyName = (prefix: string, n: number, display: string): string => `${nameHead(prefix, n)} ${prefix} ${display}`.slice(0, 120);

/**
 * Two names that agree on exactly their first `shared` characters and differ at the next
 * (spec §8: 8 shared is a cobrand clash; 7 shared is not).
 */
export function namePair(prefix: string, n: number, shared: number, displays: [string, string]): [string, string] {
  const head = nameHead(prefix, n);
  const swapped = ALPHABET[(ALPHABET.indexOf(head[shared] ?? 'A') + 1) % ALPHABET.length];
  const other = shared >= COBRAND_PREFIX_LENGTH ? head : `${head.slice(0, shared)}${swapped}${head.slice(shared + 1)}`;
  // ' ' and '-' after the heads: 8 shared characters means the 9th already differs
  return [`${head} ${prefix} ${displays[0]}`, `${other}-${prefix} ${displays[1]}`];
}

/** Pairs sharing 1..12 leading characters, for classification tests of the §8 rule. */
export function namePairArb(prefix: string): fc.Arbitrary<{ names: [string, string]; shared: number }> {
  return fc.record({ n: fc.nat(10_000), shared: fc.integer({ min: 1, max: COBRAND_PREFIX_LENGTH }) }).map(({ n, shared }) => ({
    names: namePair(prefix, n, shared, ['Alpha Holdings', 'Beta Partners']),
    shared,
  }));
}

/** Whether two names clash under spec §8 (same first 8 characters, compared case-insensitively). */
export const cobrandClash = (a: string, b: string): boolean =>
  a.slice(0, COBRAND_PREFIX_LENGTH).toLowerCase() === b.slice(0, COBRAND_PREFIX_LENGTH).toLowerCase();
