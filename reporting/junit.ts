import { expectationSentence } from './expectations.js';
import { standingOf } from './standing.js';
import type { RuleResult, Summary } from '../contract/summary.js';

/**
 * junit.xml written from summary.json, so that a single run, a merge of shards and the scorecard
 * agree to the rule: one test case per rule; fail is <failure>, broken is <error>, not applicable
 * is <skipped> with its reason; an expected failure is <skipped> with the expectation's reason
 * (it does not count against the target, as in the exit code), a stale or expired expectation is
 * a <failure>. A should-level rule that failed or broke is a warning: not counted
 * in the verdict, so not a <failure> or <error> either, but a <system-out> and a "warning" property.
 * A testsuite "verdict" carries the verdict and the exit code as properties, so a CI that reads only
 * this file and one that reads only the exit code agree (and where the exit code is not 0 for a
 * reason no test case shows, such as no rule judged, that suite holds one failing test case).
 */
const xml = (s: string) =>
  s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const firstLine = (s = '') => s.split('\n')[0] ?? '';

function testcase(r: RuleResult): { xml: string; failure: boolean; error: boolean; skipped: boolean } {
  const name = `${r.section} ${r.title} [${r.id}]`;
  const props = [
    ['ruleId', r.id],
    ['level', r.level],
    ['section', r.section],
    ['interface', r.interface],
    ['outcome', r.outcome],
    ['standing', standingOf(r)],
    ...(r.sentence ? [['sentence', r.sentence]] : []),
    ...(r.expectation ? [['expectation', expectationSentence(r.expectation)]] : []),
  ]
    .map(([k, v]) => `          <property name="${k}" value="${xml(v!)}"/>`)
    .join('\n');
  const inner: string[] = [`        <properties>\n${props}\n        </properties>`];
  let failure = false;
  let error = false;
  let skipped = false;
  const standing = standingOf(r);
  if (standing === 'expected') {
    skipped = true;
    inner.push(`        <skipped message="${xml(`expected ${r.outcome}: ${r.expectation!.reason}`)}"/>`);
    inner.push(`        <system-out>${xml(r.reason ?? '')}</system-out>`);
  } else if (r.expectation?.status === 'stale' || r.expectation?.status === 'expired') {
    failure = true;
    inner.push(`        <failure message="${xml(expectationSentence(r.expectation!))}" type="Expectation">${xml(r.reason ?? '')}</failure>`);
  } else if (standing === 'warning') {
    inner[0] = inner[0]!.replace('        </properties>', `          <property name="warning" value="${xml(`should-level rule ${r.outcome === 'fail' ? 'failed' : 'broke'}, not counted in the verdict`)}"/>\n        </properties>`);
    inner.push(`        <system-out>${xml(`WARNING (should-level ${r.outcome}, not counted in the verdict): ${r.reason ?? ''}`)}</system-out>`);
  } else if (standing === 'fail') {
    failure = true;
    inner.push(`        <failure message="${xml(firstLine(r.reason))}" type="AssertionError">${xml(r.reason ?? '')}</failure>`);
  } else if (standing === 'broken') {
    error = true;
    inner.push(`        <error message="${xml(firstLine(r.reason))}" type="TargetBroken">${xml(r.reason ?? '')}</error>`);
  } else if (standing === 'notApplicable') {
    skipped = true;
    inner.push(`        <skipped message="${xml(`not applicable: ${firstLine(r.reason)}`)}"/>`);
  }
  const open = `      <testcase classname="${xml(r.file)}" name="${xml(name)}" time="${(r.durationMs / 1000).toFixed(3)}">`;
  return { xml: `${open}\n${inner.join('\n')}\n      </testcase>`, failure, error, skipped };
}

export function junitXml(summary: Summary): string {
  const files = [...new Set(summary.rules.map((r) => r.file))].sort();
  let all = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const suites = files.map((file) => {
    const cases = summary.rules.filter((r) => r.file === file).map(testcase);
    const n = {
      tests: cases.length,
      failures: cases.filter((c) => c.failure).length,
      errors: cases.filter((c) => c.error).length,
      skipped: cases.filter((c) => c.skipped).length,
    };
    all = { tests: all.tests + n.tests, failures: all.failures + n.failures, errors: all.errors + n.errors, skipped: all.skipped + n.skipped };
    const time = summary.rules.filter((r) => r.file === file).reduce((s, r) => s + r.durationMs, 0) / 1000;
    return `    <testsuite name="${xml(file)}" tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="${time.toFixed(3)}">\n${cases.map((c) => c.xml).join('\n')}\n    </testsuite>`;
  });
  const suiteError = summary.suiteErrors.length
    ? `\n    <testsuite name="suite errors" tests="${summary.suiteErrors.length}" failures="0" errors="${summary.suiteErrors.length}" skipped="0">\n${summary.suiteErrors.map((e, i) => `      <testcase classname="suite" name="suite error ${i + 1}"><error message="${xml(firstLine(e))}">${xml(e)}</error></testcase>`).join('\n')}\n    </testsuite>`
    : '';
  let verdictSuite = '';
  if (summary.verdict) {
    const v = summary.verdict;
    const unexplained = v.exitCode !== 0 && all.failures + all.errors + summary.suiteErrors.length === 0;
    const props = [
      ['verdict', v.kind],
      ['exitCode', String(v.exitCode)],
      ['verdictLine', v.line],
      ...(summary.startedAt ? [['startedAt', summary.startedAt]] : []),
      ['durationMs', String(summary.durationMs)],
      ...(summary.commit ? [['commit', summary.commit]] : []),
      ...Object.entries(summary.standings ?? {}).map(([k, n]) => [`standing.${k}`, String(n)]),
    ]
      .map(([k, val]) => `        <property name="${k}" value="${xml(val!)}"/>`)
      .join('\n');
    const testcase = unexplained ? `\n      <testcase classname="verdict" name="verdict"><failure message="${xml(v.line)}" type="Verdict">${xml(v.line)}</failure></testcase>` : '';
    if (unexplained) all = { ...all, tests: all.tests + 1, failures: all.failures + 1 };
    verdictSuite = `\n    <testsuite name="verdict" tests="${unexplained ? 1 : 0}" failures="${unexplained ? 1 : 0}" errors="0" skipped="0">\n      <properties>\n${props}\n      </properties>${testcase}\n    </testsuite>`;
  }
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="secure-messaging-conformance"${summary.startedAt ? ` timestamp="${xml(summary.startedAt)}"` : ''} tests="${all.tests}" failures="${all.failures}" errors="${all.errors}" skipped="${all.skipped}" time="${(summary.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}${suiteError}${verdictSuite}\n</testsuites>\n`;
}
