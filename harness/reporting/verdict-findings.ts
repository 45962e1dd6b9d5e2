import { isExpected } from './expectations.js';
import type { RuleResult } from '../../contract/summary.js';

/**
 * The rules that did not hold, as findings ordered by what they mean (issue 17, item 2):
 * must-level failures, then must-level broken (both decide the verdict, cli/scorecard.ts), then
 * should-level ones as warnings (listed, never counted in the verdict), then expected failures.
 * Rules of one group that broke on the same precondition answer, or failed with the same reason,
 * form one finding that lists them.
 */

export type Bucket = 'must-fail' | 'must-broken' | 'warning' | 'expected';

export interface Finding {
  bucket: Bucket;
  /** the reason the rules share (their first line, with the names a run generates left out) */
  reason: string;
  rules: RuleResult[];
}

export const BUCKETS: ReadonlyArray<{ bucket: Bucket; heading: string; note: string }> = [
  { bucket: 'must-fail', heading: 'Must-level rules that failed', note: 'The target answered against the spec. Each one alone makes the run DOES NOT CONFORM.' },
  {
    bucket: 'must-broken',
    heading: 'Must-level rules that broke',
    note: 'The rule could not be evaluated: a precondition failed or the target did not answer. Each one alone makes the run DOES NOT CONFORM.',
  },
  { bucket: 'warning', heading: 'Warnings: should-level rules that did not hold', note: 'Standards the spec relies on, not its own words: listed, never counted in the verdict.' },
  { bucket: 'expected', heading: 'Expected failures', note: 'Named in the expectations file, with a reason and an expiry date: not counted in the verdict.' },
];

export function bucketOf(r: RuleResult): Bucket | undefined {
  if (isExpected(r)) return 'expected';
  if (r.outcome !== 'fail' && r.outcome !== 'broken') return undefined;
  if (r.level === 'should') return 'warning';
  return r.outcome === 'fail' ? 'must-fail' : 'must-broken';
}

/**
 * The cause a reason names, for grouping: a precondition's answer without which precondition
 * it was, and without names and numbers one test generated (cf… prefixes, ids, timings).
 */
export function causeOf(reason: string | undefined): string {
  const first = (reason ?? '').split('\n', 1)[0] ?? '';
  return first
    .replace(/^Precondition "[^"]*" failed, so the rule could not be checked: /, '')
    .replace(/\bcf[0-9a-z]{6,}\b/gi, '…')
    .replace(/\b\d{4,}\b/g, '#')
    .replace(/\(\d+ ms\)/g, '');
}

/** A broken rule's precondition answer: 'SOAP Logon: expected X; got Y' is 'SOAP Logon: got Y', whatever each rule expected of it. */
export const answerOf = (cause: string) => cause.replace(/^(.*?): expected .*?; (got .*)$/, '$1: $2');

export function findings(rules: readonly RuleResult[]): Finding[] {
  const out: Finding[] = [];
  for (const { bucket } of BUCKETS) {
    const inBucket = rules.filter((r) => bucketOf(r) === bucket);
    const byCause = new Map<string, RuleResult[]>();
    for (const r of inBucket) {
      const key = `${r.outcome} ${r.outcome === 'broken' ? answerOf(causeOf(r.reason)) : causeOf(r.reason)}`;
      byCause.set(key, [...(byCause.get(key) ?? []), r]);
    }
    // the largest cause first: one precondition that broke twelve rules outweighs one rule
    const groups = [...byCause.values()].sort((a, b) => b.length - a.length || a[0]!.id.localeCompare(b[0]!.id));
    for (const group of groups) out.push({ bucket, reason: causeOf(group[0]!.reason), rules: group });
  }
  return out;
}
