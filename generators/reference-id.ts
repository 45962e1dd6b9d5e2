import fc from 'fast-check';

/**
 * ReferenceId (spec §2.4: string). The spec sets no format; its one limit is spec §7.3
 * ReferenceIdAlreadyUsed: 'Create with a previously used ReferenceId'. Every id the suite sends
 * starts with the run prefix (isolation) and is unique within the run.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split('');

/** A fresh reference id under the test's prefix; `n` numbers the test's own companies. */
export const freshReferenceId = (prefix: string, n: number): string => `${prefix}-ref${n}`;

/** Valid reference ids: the prefix and 6-16 characters of a readable alphabet. */
export function referenceId(prefix: string): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...ALPHABET), { minLength: 6, maxLength: 16 }).map((chars) => `${prefix}-${chars.join('')}`);
}
