import type { Axis, AxisValue } from './axes/axis.js';
import { ALL_AXES } from './axes/all.js';
import { seeded } from './axes/seeded.js';

export type { Axis, AxisValue } from './axes/axis.js';

/**
 * REFERENCE_VARIANT: the reference server's reading of every silence of the spec, one value per
 * axis (reference/axes/all.ts lists them). A suite that passes only one reading of a silence would
 * fail conforming servers that chose another:
 *   default                 the first value of every axis (the default binding)
 *   alt                     the second value of every axis
 *   random:<seed>           one value per axis, drawn from the seed (printed, so it replays)
 *   <axis>=<value>,...      the default with the named axes set (for reproducing one reading)
 */
export class Variant {
  constructor(
    /** how the variant was asked for, e.g. `random:42` */
    readonly name: string,
    readonly picks: ReadonlyMap<string, AxisValue> = new Map(),
  ) {}

  get<V extends AxisValue>(a: Axis<V>): V {
    return (this.picks.has(a.id) ? this.picks.get(a.id) : a.values[0]) as V;
  }

  /** `axis=value` for every axis whose reading is not the default's, in axis order. */
  differences(): string[] {
    return ALL_AXES.filter((a) => this.picks.has(a.id) && this.picks.get(a.id) !== a.values[0]).map((a) => `${a.id}=${String(this.picks.get(a.id))}`);
  }

  /** One line for logs and reports: the name, and the readings that differ from the default. */
  describe(): string {
    const diff = this.differences();
    return diff.length === 0 ? this.name : `${this.name} (${diff.join(', ')})`;
  }
}

export const defaultVariant = new Variant('default');
export const altVariant = new Variant('alt', new Map(ALL_AXES.map((a) => [a.id, a.values[1]])));

export function randomVariant(seed: number): Variant {
  const next = seeded(seed);
  return new Variant(`random:${seed}`, new Map(ALL_AXES.map((a) => [a.id, a.values[Math.floor(next() * a.values.length)]!])));
}

function parseValue(a: Axis, text: string): AxisValue | undefined {
  return a.values.find((v) => String(v) === text);
}

export function variantNamed(name: string | undefined): Variant {
  const raw = (name ?? '').trim();
  if (raw === '' || raw === 'default') return defaultVariant;
  if (raw === 'alt') return altVariant;
  const random = /^random:(\d+)$/.exec(raw);
  if (random) return randomVariant(Number(random[1]));
  if (raw.includes('=')) {
    const picks = new Map<string, AxisValue>();
    for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [id, text = ''] = part.split('=');
      const a = ALL_AXES.find((x) => x.id === id);
      if (!a) throw new Error(`REFERENCE_VARIANT names the axis "${id}", which is no axis of reference/axes/all.ts.`);
      const value = parseValue(a, text);
      if (value === undefined) throw new Error(`REFERENCE_VARIANT sets ${id} to "${text}"; it must be one of ${a.values.join(', ')}.`);
      picks.set(a.id, value);
    }
    return new Variant(raw, picks);
  }
  throw new Error(`REFERENCE_VARIANT is "${raw}"; set it to default, alt, random:<seed> or axis=value,… (reference/axes/all.ts).`);
}
