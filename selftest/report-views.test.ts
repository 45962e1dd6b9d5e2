import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, type CliResult } from './support/cli.js';
import { verdictBasis } from '../cli/finish.js';
import { verdict } from '../cli/scorecard.js';
import { ASSETS, readAllureData, readRunSummary } from '../reporting/allure-light.js';
import { runDuration, runStart } from '../reporting/run-meta.js';
import { standingOf, tally } from '../reporting/standing.js';
import type { Standing, Summary } from '../contract/summary.js';

/**
 * One verdict, every view: summary.json, junit.xml, Allure and the verdict page state the same
 * standing for every rule, and the same start, duration and commit, on ONE run (the embedded
 * reference as direct 6.2 without the SMTP settings methods) that has
 * - a warning: a should-level rule failing under its reference fault;
 * - a broken: a must-level rule whose precondition (log on) the target refuses;
 * - a not applicable: an operation the direct edition lacks (admin.unavailableOperations);
 * - an expected failure: a must-level rule failing under its fault, named in an expectations file.
 */
const WANT: Record<string, Standing> = {
  'messaging-soap.fault.wrong-namespace': 'warning',
  'messaging-rest.summaries.folder': 'broken',
  'admin.smtp.credentials': 'notApplicable',
  'provisioning.create.company-name-exists': 'expected',
};

/** junit.xml: a test case's standing, read from its elements alone. */
function junitStanding(xml: string, id: string): Standing {
  const body = new RegExp(`<testcase [^>]*name="[^"]*\\[${id.replace(/\./g, '\\.')}\\]"[^>]*>([\\s\\S]*?)</testcase>`).exec(xml)?.[1] ?? '';
  if (body.includes('<failure ')) return 'fail';
  if (body.includes('<error ')) return 'broken';
  if (/<skipped message="expected /.test(body)) return 'expected';
  if (/<skipped message="not applicable: /.test(body)) return 'notApplicable';
  if (body.includes('<property name="warning"')) return 'warning';
  return 'pass';
}

/** Allure: a result's standing, read from its status and its "standing" label (allure-annotate.ts). */
function allureStanding(result: { status: string; labels: Array<{ name: string; value: string }> }): Standing {
  const label = result.labels.find((l) => l.name === 'standing')?.value;
  const byStatus: Record<string, Standing | undefined> = { passed: 'pass', failed: 'fail', broken: 'broken', unknown: 'warning' };
  if (result.status === 'skipped') return label === 'expected' ? 'expected' : 'notApplicable';
  return byStatus[result.status] ?? 'pass';
}

const PAGE_BADGE: Record<string, Standing> = { fail: 'fail', broken: 'broken', warning: 'warning', expected: 'expected', na: 'notApplicable', pass: 'pass' };

describe('one run with a warning, a broken, a not applicable and an expected failure: every view agrees', () => {
  let run: CliResult;
  let summary: Summary;
  let junit: string;
  let page: string;
  let allure: Map<string, string>;
  const reportDir = () => join(run.reportsDir, 'allure-report');

  beforeAll(async () => {
    const expectations = join(tmpdir(), `sms-views-expectations-${process.pid}.json`);
    writeFileSync(expectations, JSON.stringify({ target: 'selftest', expectations: [{ rule: 'provisioning.create.company-name-exists', outcome: 'fail', reason: 'a known deviation, accepted for this self-test', expires: '2099-12-31' }] }));
    run = await runCli(['run', '--seed', '5', '--rule', Object.keys(WANT).join(','), '--expectations', expectations], {
      REFERENCE_EDITION: 'direct',
      REFERENCE_RELEASE: '6.2',
      REFERENCE_VARIANT: 'admin.edition-lacks=smtp-settings',
      REFERENCE_FAULTS: 'messaging-soap.wrong-namespace-accepted,provisioning.duplicate-name-accepted',
      REFERENCE_FAULT_SCOPE: 'rule',
      REFERENCE_REFUSE: 'messaging-rest.LogOn',
    }, 300_000);
    rmSync(expectations, { force: true });
    summary = run.summary();
    junit = readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8');
    page = readFileSync(join(reportDir(), 'index.html'), 'utf8');
    allure = await readAllureData(reportDir());
  }, 320_000);

  afterAll(() => {
    if (run) rmSync(run.reportsDir, { recursive: true, force: true });
  });

  test('summary.json, junit.xml, Allure and the verdict page state the same standing for every rule', () => {
    expect(run.code, run.stdout).toBe(1);
    const results = [...allure].filter(([name]) => name.startsWith('data/test-results/')).map(([, text]) => JSON.parse(text) as { name: string; status: string; labels: Array<{ name: string; value: string }> });
    for (const [id, want] of Object.entries(WANT)) {
      const rule = summary.rules.find((r) => r.id === id)!;
      const inAllure = results.find((r) => r.name.endsWith(`[${id}]`))!;
      const badge = new RegExp(`<li><span class="badge ([a-z]+)">[^<]*</span> <a href="#rule-${id.replace(/\./g, '\\.')}">`).exec(page)?.[1] ?? '';
      expect({ id, summary: standingOf(rule), junit: junitStanding(junit, id), allure: allureStanding(inAllure), page: PAGE_BADGE[badge] }).toEqual({ id, summary: want, junit: want, allure: want, page: want });
    }
  });

  test('their counts agree: summary standings, junit totals, Allure statistics and categories, the verdict page', () => {
    expect(summary.standings).toEqual({ fail: 0, broken: 1, warning: 1, expected: 1, notApplicable: 1, pass: 0 });
    expect(summary.totalsByLevel).toEqual({ must: { pass: 0, fail: 1, notApplicable: 1, broken: 1 }, should: { pass: 0, fail: 1, notApplicable: 0, broken: 0 } });
    expect(summary.verdict?.basis).toMatchObject({ counted: 1, warnings: 1, expected: 1 });
    expect(/<testsuites [^>]*failures="(\d+)" errors="(\d+)" skipped="(\d+)"/.exec(junit)?.slice(1)).toEqual(['0', '1', '2']);
    const statistic = JSON.parse(allure.get('widgets/statistic.json')!) as Record<string, number>;
    expect(statistic.failed ?? 0).toBe(0);
    expect(statistic.broken ?? 0).toBe(1);
    const categories = allure.get('widgets/categories.json')!;
    for (const name of ['Broken (must-level rule could not be evaluated)', 'Warnings (should-level rule did not hold; not counted in the verdict)', 'Expected failures (expectations file; not counted in the verdict)', 'Not applicable (the profile lacks what the rule needs)']) {
      expect(categories).toContain(`"name":"${name}"`);
    }
    expect(categories).not.toContain('Non-conformance');
    for (const fact of ['<b>0</b> must-level failed', '<b>1</b> must-level broken', '<b>1</b> warning (should-level', '<b>1</b> expected failure (not counted)', '<b>1</b> not applicable']) expect(page).toContain(fact);
  });

  test('every view states the same start, duration and commit', async () => {
    const { startedAt, durationMs, commit } = summary;
    expect(startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(junit).toContain(`timestamp="${startedAt}"`);
    for (const [k, v] of [['startedAt', startedAt], ['durationMs', String(durationMs)], ['commit', commit]]) expect(junit).toContain(`<property name="${k}" value="${v}"/>`);
    expect(await readRunSummary(reportDir())).toEqual({ start: Date.parse(startedAt!), stop: Date.parse(startedAt!) + durationMs, duration: durationMs });
    const environment = allure.get('widgets/allure_environment.json')!;
    for (const [k, v] of [['started', runStart(startedAt!)], ['duration', runDuration(durationMs)], ['commit', commit!]]) expect(environment).toContain(`{"name":"${k}","values":["${v}"]}`);
    expect(page).toContain(`<dt>Started</dt><dd>${runStart(startedAt!)}</dd>`);
    expect(page).toContain(`<dt>Duration</dt><dd>${runDuration(durationMs)}</dd>`);
    expect(page).toContain(`commit <code>${commit!.slice(0, 12)}</code>`);
  });

  test('Allure is light: its page holds no data, and every "in Allure" link of the verdict page opens a result it has', () => {
    const html = readFileSync(join(reportDir(), 'allure.html'), 'utf8');
    expect(html.length).toBeLessThan(200_000);
    expect(existsSync(join(reportDir(), ASSETS, 'app.js'))).toBe(true);
    const links = [...page.matchAll(/<a href="allure\.html#\/([0-9a-f]+)">in Allure<\/a>/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const id of links) expect(allure.has(`data/test-results/${id}.json`), `allure.html#/${id}`).toBe(true);
  });

  test('not applicable is shown as what it is: no error box, no severity, its reason first', () => {
    const na = [...allure].filter(([name]) => name.startsWith('data/test-results/')).map(([, text]) => JSON.parse(text) as { name: string; error?: { message?: string }; labels: Array<{ name: string }>; descriptionHtml?: string }).find((r) => r.name.endsWith('[admin.smtp.credentials]'))!;
    expect(na.error?.message).toBeUndefined();
    expect(na.labels.map((l) => l.name)).not.toContain('severity');
    expect(na.descriptionHtml ?? '').toMatch(/^<p><strong>Not applicable:<\/strong> admin Get company SMTP credentials/);
  });

  test('a gate reading summary.json agrees with the exit code on a run with only warnings', () => {
    const onlyWarning: Summary = { ...summary, rules: summary.rules.filter((r) => WANT[r.id] === 'warning' || WANT[r.id] === 'notApplicable'), expectations: undefined };
    tally(onlyWarning);
    const v = verdict(onlyWarning);
    expect(onlyWarning.totals.fail).toBe(1); // the raw outcome: the should-level rule did fail
    expect(verdictBasis(onlyWarning)!.counted).toBe(0); // what the exit code counts
    expect(v.exitCode).toBe(0);
  });
});
