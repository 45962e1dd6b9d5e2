import type { Axis } from '../../reference/variant.js';
import { diffTargets, type DiffResult } from './engine.js';
import { STEP_OPERATIONS } from './steps/index.js';
import { startReference } from './targets.js';

/**
 * `diff` of the reference default against the reference under one changed axis:
 * does it name that axis, and in how many steps? Used by the self-test (a few axes)
 * and `npm run diff-axes` (every axis).
 */
export interface AxisCheck {
  axis: string;
  value: string;
  /** the axis is the (or one of the) catalogued reading(s) named for the first difference */
  named: boolean;
  /** what the diff said instead, or why nothing showed */
  said: string;
  /** length of the shrunk sequence of the difference that names it */
  length?: number;
  ms: number;
}

/**
 * Axes no sequence of `diff` can show, and why: what the spec leaves to the server is taken out
 * of every answer before comparing (tools/diff/normalise.ts), and some interfaces or answers
 * no step of tools/diff/steps/ reaches.
 */
export const NOT_SHOWN: Record<string, string> = {
  'common.ids': 'normalised away: ids are the server’s (spec §2), compared by what they name',
  'common.session-key-format': 'normalised away: session keys are secrets, never compared or shown',
  'common.token-format': 'normalised away: tokens are secrets, never compared or shown',
  'mail.system-folder-ids': 'normalised away: whether system folders keep fixed ids or get ids like any folder, an id is the server’s (spec §2); system folders are compared by name (DF1), and no answer shows the id scheme otherwise',
  'mail.custom-folder-ids': 'normalised away: whether custom folder ids are numbered for the platform or per user, an id is the server’s (spec §2, DF1); no step sends one user’s folder id as another’s',
};

/**
 * Axes the sequences run under but do not reach: why no answer of theirs changes (measured by
 * `npm run diff-axes`; each is a step the vocabulary of tools/diff/steps/ lacks, on purpose or
 * not yet).
 */
export const NOT_REACHED: Record<string, string> = {
  'token.locking-attempt-error': 'no step locks an account out: the attempt that reaches the lockout threshold costs the account for the rest of the run (and discovery); the wrong-OTP step does not count towards it',
  'mail.session-lifetime': 'a sequence is shorter than any session lifetime',
  'common.shown-text': 'no step sends text with a combining sequence, so what a read shows in NFC is what was sent (clarification F2)',
  'platform.edition-release':
    'its second reading, direct 6.1, offers every operation the default securemail 5.36 does while admin.edition-lacks reads none (spec §9: SOAP up to 6.2, the mailbox XML listing until 6.2), so no answer changes; what the direct edition lacks shows under admin.edition-lacks (AXIS_CONTEXT)',
};

/**
 * Axes that read only where another axis takes a given reading: both references of the check
 * start with that reading, so the one axis is still all that differs between them.
 */
export const AXIS_CONTEXT: Record<string, string> = {
  // spec §9 'Some administration methods cannot be used on the direct-messaging edition': only the direct edition lacks any (reference/admin/readings.ts)
  'admin.edition-lacks': 'platform.edition-release=direct-6.1',
};

/** The interface an axis reads, by its id's prefix (common and platform axes read every interface). */
const AXIS_AREA: Record<string, string | undefined> = { mail: 'messaging-rest', soap: 'messaging-soap', token: 'token', admin: 'admin', provisioning: 'provisioning', smtp: 'smtp', directory: 'directory' };

/** Why an axis that did not show could not, where that is known without running it. */
export function notShownReason(axis: Axis): string | undefined {
  if (NOT_SHOWN[axis.id]) return NOT_SHOWN[axis.id];
  const area = AXIS_AREA[axis.id.split('.')[0]!];
  if (area && !Object.values(STEP_OPERATIONS).some((ops) => ops[0]!.startsWith(`${area}.`))) return `no step of the diff sequences uses the ${area} interface this axis reads (tools/diff/steps/)`;
  return undefined;
}

export async function checkAxis(axis: Axis, value: string, o: { seed: number; runs: number; maxSteps?: number }): Promise<AxisCheck> {
  const started = Date.now();
  const context = AXIS_CONTEXT[axis.id];
  const base = context ?? 'default';
  const changed = context ? `${context},${axis.id}=${value}` : `${axis.id}=${value}`;
  const sides = [await startReference({ variant: base, faults: [] }, `reference:${base}`), await startReference({ variant: changed, faults: [] }, `reference:${changed}`)] as const;
  let result: DiffResult;
  try {
    result = await diffTargets([sides[0], sides[1]], { seed: o.seed, runs: o.runs, maxSteps: o.maxSteps ?? 16, maxFindings: 1, rules: false, timeLimitMs: 90_000, log: () => {} });
  } finally {
    await Promise.all(sides.map((s) => s.close()));
  }
  const f = result.findings[0];
  const ms = Date.now() - started;
  const why = notShownReason(axis) ?? NOT_REACHED[axis.id];
  if (!f) return { axis: axis.id, value, named: false, said: `no difference in ${o.runs} sequences${why ? `: ${why}` : ''}`, ms };
  const names = f.reading ? [f.reading.axis, ...(f.reading.alsoExplainedBy ?? []).map((x) => x.split(' ')[0]!)] : [];
  const named = names.includes(axis.id);
  return { axis: axis.id, value, named, said: f.reading ? `named ${names.join(', ')}` : `${f.kind}: ${f.divergence.step} (${f.divergence.paths.join(', ')})`, length: f.sequence.length, ms };
}
