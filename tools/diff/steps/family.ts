import type fc from 'fast-check';
import type { OperationId } from '../../../contract/operations.js';
import type { DiffSession, Observation } from '../session.js';

/**
 * One family of `diff` steps: the operations of one interface (or one part of
 * it) that `diff` drives both targets with. A family says which spec operations each of its step
 * kinds performs (the rules judging them are the ones run when a side breaks one), how random
 * sequences draw its steps (weights), the steps it adds to the canonical sequence tried first,
 * and how a step is done on one target. The families are listed once, in ./index.ts.
 */
export interface StepFamily<O extends { kind: string }> {
  /** the spec operations (contract/operations.ts) each step kind performs */
  readonly operations: { readonly [K in O['kind']]: readonly OperationId[] };
  /** random steps with their weights (repetition); the mailbox moves dominate, as in the model run */
  readonly steps: ReadonlyArray<readonly [number, fc.Arbitrary<O>]>;
  /** the family's part of the canonical sequence, tried before the random ones */
  readonly canonical: readonly O[];
  /** does the step on one target; `step` is its printed form */
  run(s: DiffSession, op: O, step: string): Promise<Observation>;
}

/** A step that could not act: nothing made yet for it to act on, or the target lacks its interface. */
export const skipped = (step: string): Observation => ({ step, skipped: true });
