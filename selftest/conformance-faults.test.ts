import { describe, expect, test } from 'vitest';
import { faultRound, faultRounds } from '../reference/faults.js';
import { runCli } from './support/cli.js';

/**
 * The suite's teeth, through the CLI: under each round of reference faults (reference/faults.ts
 * faultRound), every rule with a fault in the round fails, and nothing else does. Each run only
 * reads verdicts, so Allure's view is not rendered (--no-allure).
 */
describe('a conformance run against the embedded reference server under faults', () => {
  // a whole run under faults (round 0 holds a fault of every rule: about 55 s on a quiet 2-core machine, over four minutes on a loaded one)
  test.each(Array.from({ length: faultRounds() }, (_, k) => k))('fault round %i: every rule fails under its own fault', { timeout: 480_000 }, async (round) => {
    // only the rules with a fault in this round run (a matrix rule has a fault per cell, so later rounds hold few rules)
    const rules = [...new Set(faultRound(round).map((f) => f.rule))];
    const run = await runCli(['run', '--no-allure', '--seed', '7', ...(round === 0 ? [] : ['--rule', rules.join(',')])], {
      REFERENCE_FAULTS: 'all',
      REFERENCE_FAULT_SCOPE: 'rule',
      REFERENCE_FAULT_ROUND: String(round),
      // the reference delivers at once; faults that withhold a message need not wait 15 s to fail
      SMS_EVENTUALLY_TIMEOUT_MS: '2000',
      // the verdicts are judged, not the counterexamples: a model rule's shrinking alone cost 18,000 exchanges
      SMS_SHRINK: 'off',
    }, 450_000);
    const outcomes = new Map(run.summary().rules.map((r) => [r.id, r.outcome]));
    const escaped = faultRound(round).filter((f) => outcomes.get(f.rule) !== 'fail').map((f) => `${f.id} → ${f.rule}: ${outcomes.get(f.rule)}`);
    expect(escaped, 'faults whose rule did not fail').toEqual([]);
    expect(run.code).toBe(1);
  });
});
