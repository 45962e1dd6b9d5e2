import { axis, type Axis, type AxisValue } from './axis.js';

/**
 * Lenient readings of input that real servers apply before they validate (clarifications L1, L2):
 * .NET's `MailAddress` trims surrounding white space, Newtonsoft reads the JSON string "5" as
 * the int 5. The spec says neither that input is trimmed nor that it is not, nor whether an int
 * may come as a numeric string (spec §2: 'The type notation is: string, int, boolean, datetime';
 * clarifications L1, L2). The suite must send as invalid only what every reading refuses, so
 * the reference takes both readings on these axes.
 */

/** L1: string input is validated as sent, or with surrounding white space trimmed first. */
export const INPUT_TRIMMING = axis('common.input-trimming', 'input-white-space');
/** L2: an int is a JSON number only, or also a string of digits (an optional sign, white space around). */
export const NUMERIC_STRINGS = axis('common.numeric-strings', 'numeric-strings');

export const LENIENT_AXES = [INPUT_TRIMMING, NUMERIC_STRINGS];

/**
 * F2: a read shows text as it was stored, or in its canonical composition (NFC): Unicode's
 * conformance clause C7 lets a process that does not change text's interpretation replace a
 * sequence by a canonically equivalent one (reference/shown.ts applies it at every read edge of
 * the matrix `fields`).
 */
export const SHOWN_TEXT = axis('common.shown-text', 'shown-text-normalisation');

/** The JSON fields of one interface that a lenient reading touches: validated text, and ints. */
export interface InputFields {
  /** property names (any case) of validated strings; '*' for every string of the document */
  readonly text: readonly string[] | '*';
  /** property names (any case) the spec types int */
  readonly ints: readonly string[];
}

/** How a JSON reader treats one string value under a key; see json.ts `parseJson`. */
export type LenientRead = (key: string, value: string) => string | number;

/** Newtonsoft / Convert.ToInt32 with NumberStyles.Integer: white space around, an optional sign, digits. */
const NUMERIC = /^\s*[+-]?\d{1,10}\s*$/;

/** What of a Variant (reference/variant.ts) is read here; structural, so this file adds no import circle. */
interface Readings {
  get<V extends AxisValue>(a: Axis<V>): V;
}

/** The variant's reading of `fields`, or undefined when it reads input as sent (the default). */
export function lenientRead(variant: Readings, fields: InputFields): LenientRead | undefined {
  const trim = variant.get(INPUT_TRIMMING) === 'trimmed';
  const numbers = variant.get(NUMERIC_STRINGS) === 'numeric-strings';
  if (!trim && !numbers) return undefined;
  const text = fields.text === '*' ? undefined : new Set(fields.text.map((k) => k.toLowerCase()));
  const ints = new Set(fields.ints.map((k) => k.toLowerCase()));
  return (key, value) => {
    const k = key.toLowerCase();
    if (numbers && ints.has(k) && NUMERIC.test(value)) {
      const n = Number(value.trim());
      if (Number.isSafeInteger(n) && Math.abs(n) <= 2 ** 31) return n;
    }
    return trim && (text === undefined || text.has(k)) ? value.trim() : value;
  };
}
