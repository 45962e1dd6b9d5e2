/**
 * The lenient readings real servers apply to input before they validate it
 * (clarifications L1-L3): .NET's `MailAddress` trims surrounding white space, many stores
 * case-fold or Unicode-normalise text, DNS names may end in a dot, Newtonsoft reads "5", "+5",
 * "005" and " 5 " as the int 5. A value the suite sends as invalid must be invalid under every
 * one of them, and a valid one valid under every one; what some reading accepts and another
 * refuses goes into neither set. The self-tests (selftest/lenient-readings.test.ts) hold every
 * invalid generator and boundary table to this.
 */

export interface TextReading {
  readonly name: string;
  read(text: string): string;
}

/** Each reading on its own, and all of them at once. */
export const TEXT_READINGS: readonly TextReading[] = [
  { name: 'surrounding white space trimmed', read: (s) => s.trim() },
  { name: 'case-folded (lower)', read: (s) => s.toLowerCase() },
  { name: 'case-folded (upper)', read: (s) => s.toUpperCase() },
  { name: 'NFC', read: (s) => s.normalize('NFC') },
  { name: 'NFKC', read: (s) => s.normalize('NFKC') },
  { name: 'a trailing dot dropped (a@b.com. as a@b.com)', read: (s) => s.replace(/\.$/, '') },
  { name: 'all of them', read: (s) => s.normalize('NFKC').trim().toLowerCase().replace(/\.$/, '').trim() },
];

/** `text` as sent and under every lenient reading, each form once. */
export const readingsOf = (text: string): string[] => [...new Set([text, ...TEXT_READINGS.map((r) => r.read(text))])];

/** The readings under which `isValid` takes `text`; empty when it is invalid under every reading. */
export const readingsAccepting = (text: string, isValid: (s: string) => boolean): string[] =>
  TEXT_READINGS.filter((r) => isValid(r.read(text))).map((r) => r.name);

/**
 * The ints a lenient server may read from a JSON value where the spec types an int: a number as
 * it is; a string of digits with white space around, a sign or leading zeros, as that number
 * (clarification L2). Anything else reads as no int.
 */
export function intReadings(value: unknown): number[] {
  if (typeof value === 'number') return Number.isInteger(value) ? [value] : [];
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return [Number(value.trim())];
  return [];
}
