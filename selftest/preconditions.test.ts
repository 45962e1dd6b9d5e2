import { expect, test } from 'vitest';
import { coverageLines, refusalRound } from './support/refusal-rounds.js';

/**
 * Preconditions are preconditions (issue 15, Build 3; Must show 2): a target that refuses an
 * operation a rule needs but does not judge (RuleMeta.operation) gives that rule *broken* or
 * *not applicable*, never *fail*, and no rule anywhere fails. `npm test` runs round 0 (each
 * rule's first precondition operation, the log-ons and session keys most rules start with) in
 * one whole-suite run; `npm run refusals` runs every round until no rule has a k-th
 * precondition left, and writes reports/refusals.md.
 */
test('a target that refuses each rule’s first precondition operation makes no rule fail', { timeout: 600_000 }, async () => {
  const result = await refusalRound(0);
  expect(result.error).toBeUndefined();
  console.log(`precondition refusals, round 0 (${(result.ms / 1000).toFixed(0)} s): ${result.refused.length} rules refused a precondition\n${coverageLines(result).join('\n')}`);
  // most rules start with a precondition (a log-on, a session key): a round that refused little did not test
  expect(result.refused.length).toBeGreaterThan(100);
  expect(result.failed, 'rules that failed although only a precondition was refused').toEqual([]);
  expect(result.refused.filter((r) => r.outcome === 'fail')).toEqual([]);
});
