import fc from 'fast-check';

/**
 * Text that is not ASCII, for the field round trips (spec §2: every field typed string; the
 * matrix `fields` of contract/matrices.ts): letters of several scripts, characters outside the
 * Basic Multilingual Plane (two UTF-16 units each) and combining marks (a base letter and a mark
 * that NFC may compose). Every piece is left alone by NFKC's compatibility mappings, so only
 * canonical equivalence can change how a server shows it (clarification F2). Text never starts or
 * ends with white space (a server may trim, L1) and holds no control character but the line feeds
 * of a body. Each value starts with the run tag, so it is the test's own and its ASCII prefix can
 * find it (a search filter, a folder name of the run).
 */

/** Letters whose lower and upper case have one code point each and no special folding (no ß, ı, İ, σ/ς). */
export const LETTERS = ['é', 'ü', 'ñ', 'ø', 'å', 'ç', 'ł', 'ž', 'Ä', 'Ö', 'α', 'β', 'λ', 'Ω', 'ж', 'щ', 'Я', 'ю'] as const;
/** Characters without case: CJK, kana. */
export const UNCASED = ['日', '本', '語', '漢', '字', 'か', 'な'] as const;
/** Outside the BMP: two UTF-16 units, one code point (emoji, a CJK Extension B ideograph). */
export const ASTRAL = ['😀', '🎉', '🌍', '𠀋', '𩸽'] as const;
/** A base letter and a combining mark: NFC composes the first three, the last has no precomposed form. */
export const COMBINING = ['e\u0301', 'a\u0308', 'n\u0303', 'q\u0307'] as const;

const piece = fc.oneof(fc.constantFrom(...LETTERS), fc.constantFrom(...UNCASED), fc.constantFrom(...ASTRAL), fc.constantFrom(...COMBINING));

/** One word: at least one letter, one astral character and one combining sequence, shuffled with more. */
const word: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...LETTERS), fc.constantFrom(...ASTRAL), fc.constantFrom(...COMBINING), fc.array(piece, { minLength: 0, maxLength: 4 }))
  .map(([letter, astral, combining, more]) => [letter, ...more, astral, combining].join(''));

/** Display text (a name, a subject): `tag`, a space, then one to `words` non-ASCII words separated by spaces. */
export function displayText(tag: string, words = 2): fc.Arbitrary<string> {
  return fc.array(word, { minLength: 1, maxLength: words }).map((ws) => `${tag} ${ws.join(' ')}`);
}

/**
 * An identifier a user is found by (UserId, SingleSignOnId): `tag` and non-ASCII letters with no
 * space. Servers may compare identifiers without regard to case, so only letters whose case forms
 * map one to one are used, and no combining mark (a case-insensitive lookup of an NFD string is
 * not asked of anyone); `astral` adds a character outside the BMP.
 */
export function identifierText(tag: string, astral = false): fc.Arbitrary<string> {
  const letters = fc.array(fc.constantFrom(...LETTERS), { minLength: 2, maxLength: 5 }).map((l) => l.join(''));
  return astral ? fc.tuple(letters, fc.constantFrom(...ASTRAL)).map(([l, a]) => `${tag}.${l}${a}`) : letters.map((l) => `${tag}.${l}`);
}

/**
 * A message body: several lines of non-ASCII words, one longer than 76 octets (so quoted-printable
 * needs soft line breaks, RFC 2045 §6.7) and one with an equals sign (which it escapes).
 */
export function bodyText(tag: string): fc.Arbitrary<string> {
  return fc.tuple(displayText(tag, 3), fc.array(word, { minLength: 12, maxLength: 16 }), word).map(([first, long, last]) => [first, long.join(' '), `1 + 1 = 2 ${last}`].join('\n'));
}

/** One value of `arbitrary` for the run's `seed`, varied by `label` (each field its own draw). */
export function drawText(arbitrary: fc.Arbitrary<string>, seed: number, label: string): string {
  let h = seed >>> 0;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return fc.sample(arbitrary, { seed: h | 0, numRuns: 1 })[0]!;
}

/** Whether text holds a character outside ASCII (what every generated value here does). */
export const nonAscii = (text: string) => /[^\x00-\x7f]/.test(text);
