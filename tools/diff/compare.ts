import type { Observation } from './session.js';

/** Where two targets' answers to the same sequence first part (after normalisation). */
export interface Divergence {
  /** the step's position in the sequence */
  index: number;
  step: string;
  /** the parts that differ: `status`, `type`, `body`, `body.Folders[].FolderName`, … */
  paths: string[];
  /** what each target answered at that step */
  target: Observation;
  against: Observation;
}

/** The kind of a difference, so one already reported is not found again: the step kind and the parts. */
export const signatures = (d: Pick<Divergence, 'step' | 'paths'>): string[] => d.paths.map((p) => `${d.step.replace(/\(.*$/, '')}:${p}`);

function differences(a: unknown, b: unknown, path: string, out: string[]): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => differences(x, b[i], `${path}[]`, out));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, out);
    return;
  }
  if (!out.includes(path)) out.push(path);
}

/** The parts of two observations of one step that differ. */
export function stepDifferences(a: Observation, b: Observation): string[] {
  const out: string[] = [];
  if (Boolean(a.skipped) !== Boolean(b.skipped)) return ['skipped'];
  if ((a.error ?? '') !== (b.error ?? '')) out.push('error');
  if (a.status !== b.status) out.push('status');
  if (a.type !== b.type) out.push('type');
  differences(a.body, b.body, 'body', out);
  return out;
}

/**
 * The first step where the answers differ in a way not yet reported (`known`: signatures of
 * differences already found). Steps up to `upTo` only, when given.
 */
export function firstDivergence(a: Observation[], b: Observation[], known: ReadonlySet<string> = new Set(), upTo = Infinity): Divergence | undefined {
  const n = Math.min(a.length, b.length, upTo + 1);
  for (let i = 0; i < n; i++) {
    const paths = stepDifferences(a[i]!, b[i]!);
    if (paths.length === 0) continue;
    const fresh = paths.filter((p) => !known.has(signatures({ step: a[i]!.step, paths: [p] })[0]!));
    if (fresh.length === 0) continue;
    return { index: i, step: a[i]!.step, paths: fresh, target: a[i]!, against: b[i]! };
  }
  if (a.length !== b.length && n === Math.min(a.length, b.length) && n <= upTo) {
    return { index: n, step: (a[n] ?? b[n])!.step, paths: ['length'], target: a[n] ?? { step: 'end' }, against: b[n] ?? { step: 'end' } };
  }
  return undefined;
}

/** Whether `r` answers like `s` on every step up to `upTo` (the differences `known` aside). */
export const sameUpTo = (r: Observation[], s: Observation[], upTo: number, known: ReadonlySet<string>) => firstDivergence(r, s, known, upTo) === undefined;
