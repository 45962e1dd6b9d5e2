import { plain } from './parse.js';
import { SPEC_UNITS } from './units.js';

export { plain } from './parse.js';
export { SPEC_UNITS } from './units.js';

/** A unit of the spec: a sentence, list item or table row (contract/spec/units.ts). */
export type SpecUnit = (typeof SPEC_UNITS)[number];
/** The anchor of a unit, e.g. `§4.4/DeleteMessage`: a misspelt anchor fails tsc. */
export type Anchor = SpecUnit['anchor'];

/**
 * What a rule enforces: the unit it rests on and the words of it, quoted
 * verbatim (modulo white space and markdown). `silence` names the catalogue entry
 * (contract/silences/) when the rule rests on the suite's reading of that sentence rather than
 * on the sentence alone; such a rule is `should` unless another of its anchors states it.
 */
export interface SpecRef {
  readonly anchor: Anchor;
  readonly quote: string;
  readonly silence?: string;
}

const BY_ANCHOR: ReadonlyMap<string, SpecUnit> = new Map(SPEC_UNITS.map((u) => [u.anchor, u]));

export function specUnit(anchor: string): SpecUnit | undefined {
  return BY_ANCHOR.get(anchor);
}

/** The section of an anchor: `§4.4/DeleteMessage` → `§4.4`. */
export const sectionOf = (anchor: string) => anchor.split('/')[0]!;

/** Why a reference does not hold, or undefined when its quote is in its unit verbatim. */
export function quoteProblem(ref: { anchor: string; quote: string }): string | undefined {
  const unit = specUnit(ref.anchor);
  if (!unit) return `the anchor ${ref.anchor} names no unit of the spec`;
  if (plain(ref.quote) === '') return `the quote for ${ref.anchor} is empty`;
  return plain(unit.text).includes(plain(ref.quote)) ? undefined : `"${ref.quote}" is not in ${ref.anchor}: "${plain(unit.text)}"`;
}

/** Whether `anchor` is selected by `filter`: an exact anchor, or a section and its subsections (`§4`, `§4.4`). */
export function anchorMatches(anchor: string, filter: string): boolean {
  const f = filter.startsWith('§') ? filter : `§${filter}`;
  if (f.includes('/')) return anchor === f;
  const section = sectionOf(anchor);
  return section === f || section.startsWith(`${f}.`);
}
