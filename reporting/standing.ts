import { isExpected } from './expectations.js';
import type { Outcome, RuleResult, Standing, Summary, Totals } from '../contract/summary.js';

/**
 * How a rule stands in the verdict, the one classification every view states (summary.json
 * `standings`, junit.xml, Allure, the verdict page): a must-level rule that failed or broke counts
 * against the target; a should-level one is a warning, listed and never counted (cli/scorecard.ts
 * computes the exit code the same way); a rule an expectation accounts for is an expected failure;
 * a stale or expired expectation fails the run, so its rule stands as failed whatever its level.
 */
export function standingOf(r: RuleResult): Standing {
  if (isExpected(r)) return 'expected';
  if (r.expectation?.status === 'stale' || r.expectation?.status === 'expired') return 'fail';
  if (r.outcome === 'fail' || r.outcome === 'broken') return r.level === 'should' ? 'warning' : r.outcome;
  return r.outcome;
}

export const STANDINGS: readonly Standing[] = ['fail', 'broken', 'warning', 'expected', 'notApplicable', 'pass'];

/** What each standing is called in every view. */
export const STANDING_WORDS: Record<Standing, string> = {
  fail: 'failed',
  broken: 'broken',
  warning: 'warning (should-level, not counted in the verdict)',
  expected: 'expected failure (not counted in the verdict)',
  notApplicable: 'not applicable',
  pass: 'pass',
};

const zero = (): Totals => ({ pass: 0, fail: 0, notApplicable: 0, broken: 0 });

export function totalsOf(rules: readonly RuleResult[]): Totals {
  const t = zero();
  for (const r of rules) t[r.outcome as Outcome] += 1;
  return t;
}

/**
 * Every count summary.json carries, from its rules: `totals` (raw outcomes, as ever),
 * `totalsByLevel` (the same split by must/should) and `standings` (what the verdict counts:
 * `fail` + `broken` are exactly the must-level rules that decide the exit code).
 */
export function tally(summary: Summary): void {
  summary.totals = totalsOf(summary.rules);
  summary.totalsByLevel = { must: totalsOf(summary.rules.filter((r) => r.level === 'must')), should: totalsOf(summary.rules.filter((r) => r.level === 'should')) };
  const standings = Object.fromEntries(STANDINGS.map((s) => [s, 0])) as Record<Standing, number>;
  for (const r of summary.rules) standings[standingOf(r)] += 1;
  summary.standings = standings;
}
