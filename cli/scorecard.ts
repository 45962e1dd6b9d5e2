import { INTERFACES } from '../contract/profile.js';
import { expectationSentence, isExpected } from '../reporting/expectations.js';
import type { Outcome, RuleResult, Summary } from '../contract/summary.js';

/** The exit codes of `run` (and `merge`), documented in README and docs/INTERPRETING.md. */
export const EXIT = {
  conforms: 0,
  doesNotConform: 1,
  configurationRefused: 2,
  unreachable: 3,
  noVerdict: 4,
} as const;

export type VerdictKind = 'CONFORMS' | 'DOES NOT CONFORM' | 'NO VERDICT';

export interface Verdict {
  kind: VerdictKind;
  exitCode: number;
  line: string;
  /** must-level rules that failed or broke and no expectation accounts for */
  blocking: RuleResult[];
  /** rules whose failure an expectation accounts for */
  expected: RuleResult[];
  /** stale or expired expectations (each fails the run) */
  badExpectations: string[];
  /** interfaces of the suite with no rule in this summary */
  notCovered: string[];
}

/** The interfaces of contract/profile.ts with no rule in the summary, split by whether the run asked for them. */
export function coverage(summary: Summary): { notCovered: string[]; notRun: string[] } {
  const present = new Set(summary.rules.map((r) => r.interface));
  const missing = INTERFACES.filter((i) => !present.has(i));
  const asked = summary.areas;
  return {
    notCovered: missing.filter((i) => !asked || asked.includes(i)),
    notRun: missing.filter((i) => asked && !asked.includes(i)),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * 0 only when no must-level rule failed or broke (expected failures aside), no expectation is
 * stale or expired, and at least one rule was judged; 4 when nothing could be judged.
 */
export function verdict(summary: Summary): Verdict {
  const expected = summary.rules.filter(isExpected);
  const blocking = summary.rules.filter((r) => r.level === 'must' && (r.outcome === 'fail' || r.outcome === 'broken') && !isExpected(r));
  const badExpectations = (summary.expectations?.applied ?? [])
    .filter((e) => e.status === 'stale' || e.status === 'expired')
    .map((e) => `${e.rule}: ${expectationSentence(e)}`);
  const { notCovered } = coverage(summary);
  const t = summary.totals;
  const judged = t.pass + t.fail;
  const base = { blocking, expected, badExpectations, notCovered };
  if (summary.suiteErrors.length > 0) {
    return { ...base, kind: 'NO VERDICT', exitCode: EXIT.noVerdict, line: `NO VERDICT: the suite itself failed to run ${plural(summary.suiteErrors.length, 'part')} (see above).` };
  }
  if (summary.rules.length === 0) return { ...base, kind: 'NO VERDICT', exitCode: EXIT.noVerdict, line: 'NO VERDICT: no rule was run (check --area and --rule).' };
  if (judged === 0) {
    return { ...base, kind: 'NO VERDICT', exitCode: EXIT.noVerdict, line: `NO VERDICT: every rule was broken (${t.broken}) or not applicable (${t.notApplicable}); nothing could be judged.` };
  }
  const extras = [
    `${t.pass} pass`,
    `${plural(t.notApplicable, 'rule')} not applicable`,
    ...(t.broken > 0 ? [`${t.broken} broken`] : []),
    ...(expected.length > 0 ? [plural(expected.length, 'expected failure')] : []),
    ...(notCovered.length > 0 ? [`not covered: ${notCovered.join(', ')}`] : []),
  ].join('; ');
  if (blocking.length > 0 || badExpectations.length > 0) {
    const why = [
      ...(blocking.length > 0 ? [`${plural(blocking.length, 'must-level rule')} failed or broke`] : []),
      ...(badExpectations.length > 0 ? [`${plural(badExpectations.length, 'expectation')} stale or expired`] : []),
    ].join(', ');
    return { ...base, kind: 'DOES NOT CONFORM', exitCode: EXIT.doesNotConform, line: `DOES NOT CONFORM: ${why} (${extras}).` };
  }
  return { ...base, kind: 'CONFORMS', exitCode: EXIT.conforms, line: `CONFORMS: no must-level rule failed or broke (${extras}).` };
}

const COLUMNS: Outcome[] = ['pass', 'fail', 'notApplicable', 'broken'];

export function scorecard(summary: Summary, reportsDir: string): string {
  const { notCovered, notRun } = coverage(summary);
  const rows = INTERFACES.filter((name) => summary.rules.some((r) => r.interface === name)).map((name) => {
    const counts = Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Record<Outcome, number>;
    for (const r of summary.rules) if (r.interface === name) counts[r.outcome] += 1;
    return { name, counts };
  });
  const line = (name: string, c: Record<Outcome, number>) =>
    `  ${name.padEnd(16)}${String(c.pass).padStart(6)}${String(c.fail).padStart(6)}${String(c.notApplicable).padStart(6)}${String(c.broken).padStart(8)}`;
  const out = [
    '',
    `Secure Messaging conformance ${summary.suiteVersion} — target ${summary.target.url} (${summary.target.edition} ${summary.target.release}), seed ${summary.seed}${summary.shard ? `, shard ${summary.shard}` : ''}`,
    `  ${'interface'.padEnd(16)}${'pass'.padStart(6)}${'fail'.padStart(6)}${'n/a'.padStart(6)}${'broken'.padStart(8)}`,
    ...rows.map((r) => line(r.name, r.counts)),
    ...notCovered.map((name) => `  ${name.padEnd(16)}  not covered: the suite has no rules for this interface yet`),
    ...(notRun.length > 0 ? [`  not run (not in --area): ${notRun.join(', ')}`] : []),
    line('total', summary.totals),
  ];
  const v = verdict(summary);
  const unexpected = summary.rules.filter((r) => (r.outcome === 'fail' || r.outcome === 'broken') && !isExpected(r));
  if (unexpected.length > 0) {
    out.push('', 'Rules that did not hold:');
    for (const r of unexpected) out.push(`  ${r.outcome === 'fail' ? '✗' : '!'} [${r.level}] ${r.id} (${r.section}): ${(r.reason ?? '').split('\n')[0]?.slice(0, 200)}`);
  }
  if (v.expected.length > 0) {
    out.push('', `Expected failures (${summary.expectations?.file ?? 'expectations'}), not counted in the verdict:`);
    for (const r of v.expected) out.push(`  ~ [${r.level}] ${r.id} (${r.section}) ${r.outcome}: ${expectationSentence(r.expectation!)}`);
  }
  if (v.badExpectations.length > 0) {
    out.push('', 'Expectations that fail the run:');
    for (const e of v.badExpectations) out.push(`  ✗ ${e}`);
  }
  const na = summary.rules.filter((r) => r.outcome === 'notApplicable');
  if (na.length > 0) out.push('', `${plural(na.length, 'rule')} not applicable (the profile lacks what they need); the reasons are in the report.`);
  out.push('', v.line, `Reports: ${reportsDir}/allure-report/index.html, ${reportsDir}/summary.json, ${reportsDir}/junit.xml`);
  return out.join('\n');
}
