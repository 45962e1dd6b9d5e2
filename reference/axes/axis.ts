import { readingsOf, type Reading, type ReadingValue, type SilenceId } from '../../contract/silences/index.js';

/**
 * A variant axis: one silence of the spec (contract/silences/) and the readings of it that a
 * conforming server may take. The reference server takes one reading per axis; `default`
 * takes the first of each, `alt` the second, `random:<seed>` draws one per axis. Values are
 * the catalogue's typed readings (names, numbers, booleans), so a combination prints and replays.
 */
export type AxisValue = ReadingValue;

export interface Axis<V extends AxisValue = AxisValue> {
  /** stable id, `<area>.<what>`, used in REFERENCE_VARIANT=axis=value lists */
  readonly id: string;
  /** the id of the silence (contract/silences/) whose readings this axis exercises */
  readonly silence: string;
  /** the readings; the first is the default binding's */
  readonly values: readonly [V, V, ...V[]];
}

/** The axis that exercises every reading of `silence`, in the catalogue's order (its values are the catalogue's). */
export function axis<I extends SilenceId>(id: string, silence: I): Axis<Reading<I>> {
  const values = readingsOf(silence) as unknown as readonly Reading<I>[];
  if (values.length < 2) throw new Error(`the axis ${id} needs two readings of the silence ${silence}; the catalogue gives ${values.length}`);
  return { id, silence, values: values as readonly [Reading<I>, Reading<I>, ...Reading<I>[]] };
}

/**
 * What reads an axis: the variant (reference/variant.ts) implements it. Modules that declare
 * axes and resolve their readings take this, not the Variant class, so the variant's registry
 * of axes (axes/all.ts) and the modules it lists import in one direction only.
 */
export interface AxisReader {
  /** how the variant was asked for, e.g. `random:42` (a reading drawn per server replays from it) */
  readonly name: string;
  get<V extends AxisValue>(a: Axis<V>): V;
}
