import { describe, expect, test } from 'vitest';
import { LISTING_RULES } from '../contract/listing-matrix.js';
import { STATES, type ListingState } from '../contract/listing-states.js';
import { CELL_FAULTS, faultRound, faultRounds } from '../reference/faults.js';
import { runCli } from './support/cli.js';

/**
 * The suite's teeth, through the CLI: under each round of reference faults (reference/faults.ts
 * faultRound), every rule with a fault in the round fails; under the listings matrix's cell faults,
 * all on at once, every listing rule fails naming each of its faulted cells. Each run only reads
 * verdicts, so Allure's view is not rendered (--no-allure).
 */
const ENV = {
  REFERENCE_FAULT_SCOPE: 'rule',
  // the reference delivers at once; faults that withhold a message need not wait 15 s to fail
  SMS_EVENTUALLY_TIMEOUT_MS: '2000',
  // the verdicts are judged, not the counterexamples: a model rule's shrinking alone cost 18,000 exchanges
  SMS_SHRINK: 'off',
};

/** The words a listing rule's failure names a cell by (harness/fixtures/listing-judge.ts): `<state's words> (message N) is missing|listed`. */
const cellOf = (faultId: string): string => {
  const rule = LISTING_RULES.find((r) => Object.values(r.faults).includes(faultId))!;
  const state = (Object.keys(rule.faults) as ListingState[]).find((s) => rule.faults[s] === faultId)!;
  return STATES[state].words;
};

describe('a conformance run against the embedded reference server under faults', () => {
  // a whole run under faults (round 0 holds a fault of every rule: about 55 s on a quiet 2-core machine, over four minutes on a loaded one)
  test.each(Array.from({ length: faultRounds() }, (_, k) => k))('fault round %i: every rule fails under its own fault', { timeout: 480_000 }, async (round) => {
    // only the rules with a fault in this round run (round 0: a fault of every rule but the listings matrix's, a whole run)
    const rules = [...new Set(faultRound(round).map((f) => f.rule))];
    const run = await runCli(['run', '--no-allure', '--seed', '7', ...(round === 0 ? [] : ['--rule', rules.join(',')])], { ...ENV, REFERENCE_FAULTS: 'all', REFERENCE_FAULT_ROUND: String(round) }, 450_000);
    const outcomes = new Map(run.summary().rules.map((r) => [r.id, r.outcome]));
    const escaped = faultRound(round).filter((f) => outcomes.get(f.rule) !== 'fail').map((f) => `${f.id} → ${f.rule}: ${outcomes.get(f.rule)}`);
    expect(escaped, 'faults whose rule did not fail').toEqual([]);
    expect(run.code).toBe(1);
  });

  test('the listings matrix: with every cell fault on, each listing rule fails naming each of its faulted cells', { timeout: 480_000 }, async () => {
    const rules = [...new Set(CELL_FAULTS.map((f) => f.rule))];
    const run = await runCli(['run', '--no-allure', '--seed', '7', '--rule', rules.join(',')], { ...ENV, REFERENCE_FAULTS: 'cells' }, 450_000);
    const byId = new Map(run.summary().rules.map((r) => [r.id, r]));
    const named = (reason: string, words: string) => reason.includes(`: ${words} (message `) || reason.includes(`; ${words} (message `);
    const escaped = CELL_FAULTS.filter((f) => byId.get(f.rule)?.outcome !== 'fail' || !named(byId.get(f.rule)?.reason ?? '', cellOf(f.id))).map((f) => `${f.id} → ${f.rule}: ${byId.get(f.rule)?.outcome} without "${cellOf(f.id)}"`);
    expect(escaped, 'cell faults their rule did not name').toEqual([]);
    expect(run.code).toBe(1);
  });
});
