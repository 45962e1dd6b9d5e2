import fc from 'fast-check';
import type { Reading } from '../contract/silences/index.js';

/**
 * Folder names (spec §2.3 'FolderName (string, at most 65 characters)', §8 'Folder name
 * length: at most 65 characters'). A character here is one Unicode code point of the Basic
 * Multilingual Plane that is neither a control, a surrogate nor a combining mark: for such
 * text, UTF-16 units, code points and user-perceived characters all count the same, so the
 * limit means the same whichever way a target counts (docs/clarifications.md).
 */

/** spec §8: at most 65 characters. */
export const FOLDER_NAME_MAX = 65;

/**
 * Code point ranges names are drawn from: ASCII, Latin-1 letters, Greek, Cyrillic, Hebrew,
 * Arabic, kana, CJK, symbols. Each is a fixed point of NFC and NFKC and keeps its length under
 * case folding, so a name's length is the same under every lenient reading a server may apply
 * before it counts (clarification L3); ß (U+00DF) is left out, as it upper-cases to 'SS'.
 * Names never start or end with white space, which a trimming server would drop (L1).
 */
const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x21, 0x7e],
  [0xc0, 0xd6],
  [0xd8, 0xde],
  [0xe0, 0xf6],
  [0x391, 0x3a1],
  [0x3b1, 0x3c9],
  [0x410, 0x44f],
  [0x5d0, 0x5ea],
  [0x627, 0x64a],
  [0x3041, 0x3096],
  [0x4e00, 0x4fff],
  [0x2600, 0x2613],
];

/** One name character (no spaces: a target may trim them; spaces appear only inside names). */
export const folderNameChar: fc.Arbitrary<string> = fc.oneof(...RANGES.map(([lo, hi]) => fc.integer({ min: lo, max: hi }).map((cp) => String.fromCodePoint(cp))));

const body = (length: number): fc.Arbitrary<string> =>
  fc.array(fc.oneof({ weight: 9, arbitrary: folderNameChar }, { weight: 1, arbitrary: fc.constant(' ') }), { minLength: length, maxLength: length }).map((chars) => {
    // a space never starts or ends a name
    if (chars.length > 0 && chars[0] === ' ') chars[0] = '_';
    if (chars.length > 1 && chars[chars.length - 1] === ' ') chars[chars.length - 1] = '_';
    return chars.join('');
  });

/**
 * A name of `min`..`max` characters. When long enough, it starts with `tag` (the test's run
 * tag) so it cannot collide with another test's; shorter names are what they are, and the
 * rule checks they are free first. Shrinks towards short, ASCII names.
 */
export function folderName(tag: string, min: number, max: number): fc.Arbitrary<string> {
  return fc.integer({ min, max }).chain((length) => {
    if (length <= tag.length + 1) return body(length);
    return body(length - tag.length - 1).map((rest) => `${tag}-${rest}`.replace(/ $/, '_'));
  });
}

/** spec §8: names of 1 to 65 characters are accepted. */
export const acceptedFolderName = (tag: string) => folderName(tag, 1, FOLDER_NAME_MAX);

/** spec §8, §7.2: names of 66 characters and more are refused as too long. */
export const tooLongFolderName = (tag: string) => folderName(tag, FOLDER_NAME_MAX + 1, 200);

/** A name of exactly `length` characters under the tag, for boundary rules. */
export const folderNameOfLength = (tag: string, length: number): string => `${tag}-`.padEnd(length, 'x').slice(0, length);

/** spec §8 'Folder type: 0 (inbox) or 1 (outbox) only': other ints are refused. */
export const invalidFolderType: fc.Arbitrary<number> = fc.oneof(fc.integer({ min: 2, max: 2 ** 31 - 1 }), fc.integer({ min: -(2 ** 31), max: -1 }));

/**
 * Characters beyond the Basic Multilingual Plane for the astral edges of the limits table
 * (contract/limits-messaging.ts): CJK Extension B ideographs, each one code point and one
 * grapheme, two UTF-16 units and four UTF-8 bytes; fixed points of NFC and NFKC, without case.
 */
export const ASTRAL_NAME_CHARS: string = Array.from({ length: 80 }, (_, i) => String.fromCodePoint(0x20000 + 97 * i)).join('');

/**
 * Characters of two and three UTF-8 bytes, one UTF-16 unit each (Latin-1, Greek, Cyrillic, kana,
 * CJK): precomposed, fixed points of NFC and NFKC, of one character under case folding.
 */
export const MULTIBYTE_NAME_CHARS = 'éжλ漢字かñΩ語üдσ';

/** What a character of a folder name is to the target (profile messaging.folderNameUnit). */
export type FolderNameUnit = Reading<'folder-name-characters'>;

const cycle = (chars: string, count: number) => Array.from({ length: Math.max(0, count) }, (_, i) => [...chars][i % [...chars].length]).join('');

/**
 * A name of exactly `length` characters in the target's unit: `stem` (ASCII, the test's tag)
 * followed by characters of one kind. Astral characters count 2 in UTF-16 units: an odd
 * remainder ends with one ASCII letter.
 */
export function edgeFolderName(stem: string, chars: 'ascii' | 'bmp' | 'astral', length: number, unit: FolderNameUnit): string {
  const rest = length - stem.length;
  if (chars === 'ascii') return stem + 'x'.repeat(rest);
  if (chars === 'bmp') return stem + cycle(MULTIBYTE_NAME_CHARS, rest);
  if (unit === 'code-points') return stem + cycle(ASTRAL_NAME_CHARS, rest);
  return stem + cycle(ASTRAL_NAME_CHARS, Math.floor(rest / 2)) + (rest % 2 ? 'x' : '');
}
