import { randomBytes } from 'node:crypto';
import { Agent } from 'undici';
import { describeOp, doStep, type Op } from './steps/index.js';
import { DiffSession, type Observation, type StartState } from './session.js';
import type { DiffSide } from './targets.js';

/** A target being driven: its side and one connection pool for every sequence. */
export interface Driven {
  side: DiffSide;
  agent: Agent;
}

export const drive = (side: DiffSide): Driven => ({ side, agent: new Agent({ connections: 4 }) });

/**
 * Runs one sequence on one target and returns every step's answer. The sequence starts from two
 * fresh sessions and removes what it made when it ends; a step the target could not do is an
 * answer too (its error), and the sequence goes on.
 */
export async function execute(d: Driven, ops: readonly Op[], tag = `df${randomBytes(4).toString('hex')}`): Promise<Observation[]> {
  return (await run(d, ops, tag, false)).observations;
}

/** A sequence run for a report: every step's observation carries its exchanges, and the run what the target held before its first step. */
export async function witnessed(d: Driven, ops: readonly Op[], tag = `df${randomBytes(4).toString('hex')}`): Promise<{ observations: Observation[]; start?: StartState }> {
  return run(d, ops, tag, true);
}

async function run(d: Driven, ops: readonly Op[], tag: string, witnessing: boolean): Promise<{ observations: Observation[]; start?: StartState }> {
  const s = new DiffSession(d.side, d.agent, tag, witnessing);
  const out: Observation[] = [];
  try {
    await s.open();
  } catch (e) {
    return { observations: [s.withEvidence({ step: 'log on (primary and peer)', error: s.redact.text(String((e as Error).message)) })] };
  }
  try {
    for (const op of ops) {
      try {
        out.push(s.withEvidence(await doStep(s, op)));
      } catch (e) {
        out.push(s.withEvidence({ step: describeOp(op), error: s.norm.text(s.redact.text((e as Error).message)).slice(0, 300) }));
      }
    }
  } finally {
    await s.close().catch(() => undefined);
  }
  return { observations: out, start: s.start };
}
