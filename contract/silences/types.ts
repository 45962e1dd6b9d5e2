import type { Anchor } from '../spec/index.js';

/**
 * A reading's value: plain data (a name, a number, a boolean), so the profile, the reference
 * server's axis (REFERENCE_VARIANT=axis=value) and the mailbox models spell it the same.
 */
export type ReadingValue = string | number | boolean;

/** What each reading means, in words: one entry per reading, keyed by its value as text. */
export type Says<V extends ReadingValue> = string extends V ? Readonly<Record<string, string>> : { readonly [K in `${V}`]: string };

/**
 * A silence: a place where the interface specification says 'not shown', or where the suite had
 * to choose a reading (docs/clarifications.md). Each entry records the spec's own words, the
 * readings a conforming server may take, and how the suite stays neutral among them.
 *
 * The readings are typed values, the reference's default first: the profile's enum
 * (contract/profile-blocks.ts), the reference server's axis (reference/axes/: `axis(id, silence)`)
 * and the types of the readings the reference and the models take (`Reading<'trash-mechanism'>`)
 * are derived from them, so a reading is added here, once, and the compiler names every place
 * that must handle it. A self-test checks that every silence that a server can read more than one
 * way has an axis, and every axis a silence.
 */
export interface Silence<I extends string = string, V extends ReadingValue = ReadingValue> {
  /** stable id, named by reference axes (`axis(id, silence)`) and by rules' spec references */
  readonly id: I;
  /** the spec units the entry covers (contract/spec/units.ts): these count as *silent* in docs/coverage.md */
  readonly anchors: readonly [Anchor, ...Anchor[]];
  /** the spec section, e.g. '§8' */
  readonly section: string;
  /** the spec's sentence (or table row), quoted */
  readonly sentence: string;
  /** what a conforming server may do, as values; the first is the reference's default (the default binding's) */
  readonly readings: readonly [V, ...V[]];
  /** each reading in words (docs/silences.md) */
  readonly says: Says<V>;
  /**
   * further readings a server may take that no value above stands for: the suite stays neutral
   * among them too, but the reference plays none of them and no profile key names them
   */
  readonly others?: readonly string[];
  /** how the suite stays neutral: what it asserts that every reading shares, or what the target declares */
  readonly neutral: string;
  /** the profile key where a target declares its reading, if it does */
  readonly profileKey?: string;
  /** the clarifications-log entry (docs/clarifications.md), if any */
  readonly clarification?: string;
  /**
   * Why no server behaviour can differ here in a way the suite could observe (nothing the suite
   * sends or reads depends on it). Only such entries may have no variant axis.
   */
  readonly inert?: string;
}

/** A catalogue entry, its id and readings kept as literal types (the words checked against the readings). */
export function silence<const I extends string, const V extends ReadingValue>(entry: Silence<I, V> & { readonly says: Says<NoInfer<V>> }): Silence<I, V> {
  return entry;
}

/** How a reading of `others` is marked where the readings are listed. */
export const OTHER = 'the reference does not play it';

/** Each reading of an entry in words, its value first (`delete: each delete moves …`), then the others. */
export function readingLines(s: Silence): string[] {
  return [...s.readings.map((v) => `${String(v)}: ${s.says[String(v)] ?? ''}`), ...(s.others ?? []).map((o) => `${o} (${OTHER})`)];
}
