import { SILENCES } from '../../contract/silences/index.js';
import type { AxisValue } from '../../reference/variant.js';
import { firstDivergence, sameUpTo, type Divergence } from './compare.js';
import { drive, execute } from './execute.js';
import type { Op } from './steps/index.js';
import type { Observation } from './session.js';
import { startReference, type DiffSide } from './targets.js';

/**
 * Is a divergence a catalogued silence read two ways? The shrunk sequence is replayed on fresh
 * embedded references, each with one axis (reference/axes/) set to one of its readings. When
 * one reading answers as the target does and another as the other target does, up to the step
 * where they part, the difference is that silence, and the two readings are theirs. This needs
 * nothing of either target but its answers, so it holds for any server, not only the
 * reference's variants. Readings are tried from the default binding's outwards, and the axes
 * whose profile key the two profiles set differently first.
 */
export interface Reading {
  axis: string;
  silence: string;
  profileKey?: string;
  target: string;
  against: string;
  /** the spec's sentence the silence stands on */
  sentence: string;
  section: string;
  /** other axes whose readings answer alike on this sequence: the sequence cannot tell them apart */
  alsoExplainedBy?: string[];
  /**
   * the silence has a profile key and both profiles declare the same value for it: one side
   * answers as a reading its profile does not declare, which the rules reading that key judge
   * (the engine runs them before calling it a silence)
   */
  undeclared?: true;
}

const at = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((x, k) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined), o);

async function replay(variant: string, ops: readonly Op[]): Promise<Observation[]> {
  const side = await startReference({ variant, faults: [] }, `reference:${variant}`);
  const d = drive(side);
  try {
    return await execute(d, ops);
  } finally {
    await d.agent.close();
    await side.close();
  }
}

/**
 * The reading of the platform axis both targets declare (B8 edition and release), on which the
 * readings are replayed: some readings read only on one edition (spec §9: what the direct edition
 * lacks, reference/admin/readings.ts `lackedOperations`). 'default' where the two declare
 * different platforms (the platform is then itself the difference) or the default one.
 */
async function platformBase(sides: [DiffSide, DiffSide]): Promise<string> {
  const { PLATFORM } = await import('../../reference/axes/platform.js');
  const [a, b] = sides.map((s) => `${s.profile.edition}-${s.profile.release}`);
  return a === b && a !== PLATFORM.values[0] && (PLATFORM.values as readonly string[]).includes(a!) ? `${PLATFORM.id}=${a}` : 'default';
}

export async function explainByAxes(ops: readonly Op[], div: Divergence, a: Observation[], b: Observation[], known: ReadonlySet<string>, sides: [DiffSide, DiffSide]): Promise<Reading | undefined> {
  const { ALL_AXES } = await import('../../reference/axes/all.js');
  const keyOf = (silence: string) => SILENCES.find((s) => s.id === silence)?.profileKey;
  const declaredApart = (silence: string) => {
    const key = keyOf(silence);
    return key !== undefined && JSON.stringify(at(sides[0].profile, key)) !== JSON.stringify(at(sides[1].profile, key));
  };
  const axes = [...ALL_AXES].sort((x, y) => Number(declaredApart(y.silence)) - Number(declaredApart(x.silence)));
  const platform = await platformBase(sides);
  const on = (reading: string) => (platform === 'default' ? reading : `${platform},${reading}`);
  const base = await replay(platform, ops);
  const matchA = sameUpTo(base, a, div.index, known);
  const matchB = sameUpTo(base, b, div.index, known);
  const found: Reading[] = [];
  for (const axis of axes) {
    let va: AxisValue | undefined = matchA ? axis.values[0] : undefined;
    let vb: AxisValue | undefined = matchB ? axis.values[0] : undefined;
    for (const v of axis.values.slice(1)) {
      if (va !== undefined && vb !== undefined) break;
      const r = await replay(on(`${axis.id}=${String(v)}`), ops);
      // a reading that changes nothing up to the divergence cannot explain it
      if (sameUpTo(r, base, div.index, known)) continue;
      if (va === undefined && sameUpTo(r, a, div.index, known)) va = v;
      if (vb === undefined && sameUpTo(r, b, div.index, known)) vb = v;
    }
    if (va !== undefined && vb !== undefined && va !== vb) {
      const s = SILENCES.find((x) => x.id === axis.silence);
      const undeclared = s?.profileKey !== undefined && !declaredApart(axis.silence);
      found.push({ axis: axis.id, silence: axis.silence, profileKey: s?.profileKey, target: String(va), against: String(vb), sentence: s?.sentence ?? '', section: s?.section ?? '', ...(undeclared ? { undeclared } : {}) });
    }
  }
  // every axis is tried, so a sequence that cannot tell two silences apart says so
  const [first, ...rest] = found;
  return first && (rest.length > 0 ? { ...first, alsoExplainedBy: rest.map((r) => `${r.axis} (${r.target} / ${r.against})`) } : first);
}

/** The step a divergence shows at, re-found after a replay (for messages). */
export const divergenceOf = (a: Observation[], b: Observation[], known: ReadonlySet<string>) => firstDivergence(a, b, known);
