import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SECRET_KEY } from '../contract/profile.js';
import { compareTwo, matrixHtml, matrixOf, type Run } from '../cli/compare.js';
import { EXIT, verdict } from '../cli/scorecard.js';
import { tarGz, untarGz } from '../cli/tar.js';
import { ConfigError } from '../run/config.js';
import { applyExpectations, assertKnownRules } from '../reporting/expectations.js';
import { SummarySchema, type ExpectationsFile, type RuleResult, type Summary } from '../contract/summary.js';
import { runCli, runNode, type CliResult } from './support/cli.js';

/**
 * Certification and upgrade gates: expectations, compare and the matrix, bundles,
 * shards and merge, `run --rule`, and the exit codes of docs/INTERPRETING.md. The CLI runs use
 * the token area only, to keep `npm test` short.
 */

const RULE = 'token.client-credentials.issues-token';
const FAULT = { REFERENCE_FAULTS: 'token.no-access-token', REFERENCE_FAULT_SCOPE: 'rule' };

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `sms-certify-${name}-`));

function expectationsFile(entries: ExpectationsFile['expectations']): string {
  const path = join(tmp('exp'), 'expectations.json');
  writeFileSync(path, JSON.stringify({ target: 'selftest', expectations: entries }));
  return path;
}

const known = { rule: RULE, outcome: 'fail' as const, reason: 'known defect SM-1, fixed in the next release', link: 'https://example.com/SM-1', expires: '2099-12-31' };

function fakeRule(id: string, outcome: RuleResult['outcome'], level: RuleResult['level'] = 'must'): RuleResult {
  return { id, interface: id.split('.')[0]!, section: '§4.1', level, outcome, title: `rule ${id}`, operation: 'POST /Token', file: 'specs/token/x.spec.ts', exchanges: 1, durationMs: 1, ...(outcome === 'pass' ? {} : { reason: `${id} ${outcome}` }) };
}

function fakeSummary(rules: RuleResult[], extra: Partial<Summary> = {}): Summary {
  const totals = { pass: 0, fail: 0, notApplicable: 0, broken: 0 };
  for (const r of rules) totals[r.outcome] += 1;
  return { suiteVersion: '0.1.0', target: { url: 'http://t', edition: 'securemail', release: '5.36' }, seed: 1, runId: 'abcd', totals, rules, suiteErrors: [], exchanges: 0, durationMs: 0, ...extra };
}

const fakeRun = (label: string, summary: Summary): Run => ({ label, path: `${label}/summary.json`, summary });

describe('exit codes and the verdict', () => {
  test('0 conforms, 1 does not conform, 4 no verdict (all broken or not applicable, or suite errors); not covered interfaces are listed', () => {
    const ok = verdict(fakeSummary([fakeRule('token.a.b', 'pass'), fakeRule('token.a.c', 'notApplicable')]));
    expect(ok).toMatchObject({ kind: 'CONFORMS', exitCode: EXIT.conforms });
    expect(ok.line).toMatch(/1 rule not applicable/);
    expect(ok.notCovered).toEqual(expect.arrayContaining(['admin', 'messaging-rest', 'provisioning']));
    expect(ok.notCovered).not.toContain('token');
    expect(verdict(fakeSummary([fakeRule('token.a.b', 'pass'), fakeRule('token.a.c', 'fail')])).exitCode).toBe(EXIT.doesNotConform);
    expect(verdict(fakeSummary([fakeRule('token.a.b', 'pass'), fakeRule('token.a.c', 'fail', 'should')])).exitCode).toBe(EXIT.conforms);
    expect(verdict(fakeSummary([fakeRule('token.a.b', 'broken'), fakeRule('token.a.c', 'notApplicable')])).exitCode).toBe(EXIT.noVerdict);
    expect(verdict(fakeSummary([fakeRule('token.a.b', 'pass')], { suiteErrors: ['x'] })).exitCode).toBe(EXIT.noVerdict);
    expect(verdict(fakeSummary([])).exitCode).toBe(EXIT.noVerdict);
    // an interface left out by --area is "not run", not "not covered"
    expect(verdict(fakeSummary([fakeRule('token.a.b', 'pass')], { areas: ['token'] })).notCovered).toEqual([]);
  });

  test('expected, stale, expired and unknown-rule expectations', () => {
    const file: ExpectationsFile = { expectations: [known] };
    const failing = fakeSummary([fakeRule(RULE, 'fail'), fakeRule('token.a.b', 'pass')]);
    failing.expectations = applyExpectations(failing, file, 'e.json', '2026-11-23');
    expect(failing.rules[0]!.expectation).toMatchObject({ status: 'expected', reason: known.reason });
    expect(verdict(failing)).toMatchObject({ kind: 'CONFORMS', exitCode: 0 });

    const fixed = fakeSummary([fakeRule(RULE, 'pass'), fakeRule('token.a.b', 'pass')]);
    fixed.expectations = applyExpectations(fixed, file, 'e.json', '2026-11-23');
    expect(verdict(fixed)).toMatchObject({ kind: 'DOES NOT CONFORM', exitCode: 1 });
    expect(verdict(fixed).badExpectations.join()).toMatch(/STALE/);

    const late = fakeSummary([fakeRule(RULE, 'fail'), fakeRule('token.a.b', 'pass')]);
    late.expectations = applyExpectations(late, file, 'e.json', '2100-01-01');
    expect(verdict(late)).toMatchObject({ kind: 'DOES NOT CONFORM', exitCode: 1 });
    expect(verdict(late).badExpectations.join()).toMatch(/EXPIRED/);

    expect(() => assertKnownRules({ expectations: [{ ...known, rule: 'token.no.such-rule' }] }, 'e.json', failing, ['token'])).toThrow(ConfigError);
  });
});

describe('compare and the matrix', () => {
  const before = fakeSummary([fakeRule('token.a.one', 'pass'), fakeRule('token.a.two', 'fail'), fakeRule('token.a.gone', 'pass'), { ...fakeRule('token.a.na', 'notApplicable'), reason: 'no account' }]);
  const after = fakeSummary([fakeRule('token.a.one', 'fail'), fakeRule('token.a.two', 'pass'), fakeRule('token.a.new', 'pass'), { ...fakeRule('token.a.na', 'notApplicable'), reason: 'no mfa account' }]);

  test('two runs: regressions, fixes, new, gone and changed not-applicable reasons', () => {
    const c = compareTwo(fakeRun('before', before), fakeRun('after', after));
    expect(c.regressions.map((x) => x.id)).toEqual(['token.a.one']);
    expect(c.fixes.map((x) => x.id)).toEqual(['token.a.two']);
    expect(c.newRules.map((x) => x.id)).toEqual(['token.a.new']);
    expect(c.goneRules.map((x) => x.id)).toEqual(['token.a.gone']);
    expect(c.notApplicableChanges.map((x) => x.note)).toEqual(['no account → no mfa account']);
  });

  test('three runs: a rule × run matrix in self-contained HTML', () => {
    const third = fakeSummary([fakeRule('token.a.one', 'pass'), fakeRule('token.a.two', 'broken')]);
    const html = matrixHtml(matrixOf([fakeRun('reference', before), fakeRun('vendor-a', after), fakeRun('vendor-b', third)]));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src="http/);
    const all = html.slice(html.indexOf('<table id="matrix">'));
    expect(html.indexOf('<table id="differs">')).toBeGreaterThan(0);
    const head = /<thead><tr>(.*?)<\/tr><\/thead>/s.exec(all)![1]!;
    expect([...head.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(['rule', 'section', 'level', 'reference', 'vendor-a', 'vendor-b']);
    const rows = [...all.matchAll(/<tr class="(differs|same)" data-rule="([^"]+)">(.*?)<\/tr>/g)];
    expect(rows.map((r) => r[2])).toEqual(['token.a.gone', 'token.a.na', 'token.a.new', 'token.a.one', 'token.a.two']);
    for (const r of rows) expect([...r[3]!.matchAll(/<td/g)]).toHaveLength(6);
    expect(rows.find((r) => r[2] === 'token.a.two')![1]).toBe('differs');
  });

  test('the CLI exits 1 naming a regressed rule, and 0 for identical runs', async () => {
    const dir = tmp('compare');
    writeFileSync(join(dir, 'before.json'), JSON.stringify(before));
    writeFileSync(join(dir, 'after.json'), JSON.stringify(after));
    const regressed = await runNode(['bin/secure-messaging-conformance.mjs', 'compare', join(dir, 'before.json'), join(dir, 'after.json'), '--out', join(dir, 'out')]);
    expect(regressed.code).toBe(1);
    expect(regressed.stdout).toMatch(/REGRESSION: 1 rule\(s\) regressed: token\.a\.one/);
    expect(readFileSync(join(dir, 'out', 'compare.md'), 'utf8')).toMatch(/## Regressions[\s\S]*`token\.a\.one`/);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'compare.json'), 'utf8')).regressions[0].id).toBe('token.a.one');
    const same = await runNode(['bin/secure-messaging-conformance.mjs', 'compare', join(dir, 'before.json'), join(dir, 'before.json'), '--out', join(dir, 'out2')]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/No regression\./);
  });
});

test('tar: what is written is read back byte for byte, long paths included', () => {
  const entries = [
    { path: 'a/b.txt', data: Buffer.from('hello') },
    { path: `${'d'.repeat(90)}/${'e'.repeat(60)}/f.json`, data: Buffer.alloc(1300, 7) },
  ];
  expect(untarGz(tarGz(entries))).toEqual(entries);
});

describe('runs through the CLI (token area)', { timeout: 300_000 }, () => {
  let expected: CliResult;
  let clean: CliResult;

  test('an expectation for a failing rule lets the run exit 0 and shows its reason everywhere', async () => {
    const path = expectationsFile([known]);
    expected = await runCli(['run', '--area', 'token', '--seed', '5', '--expectations', path], FAULT);
    expect(expected.code, expected.stdout + expected.stderr).toBe(EXIT.conforms);
    expect(expected.stdout).toMatch(/Expected failures[\s\S]*token\.client-credentials\.issues-token[\s\S]*known defect SM-1/);
    const rule = expected.summary().rules.find((r) => r.id === RULE)!;
    expect(rule).toMatchObject({ outcome: 'fail', expectation: { status: 'expected', reason: known.reason } });
    expect(expected.summary().verdict).toMatchObject({ kind: 'CONFORMS', exitCode: 0 });
    const junit = readFileSync(join(expected.reportsDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<skipped message="expected fail: known defect SM-1/);
    expect(junit.match(/<testcase /g)).toHaveLength(expected.summary().rules.length);
    const results = readdirSync(join(expected.reportsDir, 'allure-results')).filter((n) => n.endsWith('-result.json'));
    const allure = results.map((n) => JSON.parse(readFileSync(join(expected.reportsDir, 'allure-results', n), 'utf8')) as { description?: string; labels: Array<{ name: string; value: string }> });
    expect(allure.find((r) => r.labels.some((l) => l.value === RULE))!.description).toMatch(/Expectation:.*known defect SM-1/);
    const page = readFileSync(join(expected.reportsDir, 'allure-report', 'index.html'), 'utf8');
    expect(page).toMatch(/<h1>CONFORMS<\/h1>/);
    expect(page).toMatch(/<li><b>1<\/b> expected failure \(not counted\)<\/li>/);
    expect(page).toMatch(new RegExp(`<li><b>${expected.summary().rules.length}</b> rules</li>`));
  });

  test('the same expectation once the rule holds fails the run as stale', async () => {
    clean = await runCli(['run', '--area', 'token', '--seed', '5', '--expectations', expectationsFile([known])]);
    expect(clean.code).toBe(EXIT.doesNotConform);
    expect(clean.stdout).toMatch(/STALE expectation/);
    expect(clean.summary().rules.every((r) => r.outcome === 'pass')).toBe(true);
  });

  test('an expired expectation fails the run; one naming no rule is refused with exit 2 and one sentence', async () => {
    const out = tmp('expired');
    const expired = await runNode(['bin/secure-messaging-conformance.mjs', 'merge', expected.reportsDir, '--reports', out, '--expectations', expectationsFile([{ ...known, expires: '2026-01-01' }])]);
    expect(expired.code).toBe(EXIT.doesNotConform);
    expect(expired.stdout).toMatch(/EXPIRED expectation \(2026-01-01\)/);
    const unknown = await runNode(['bin/secure-messaging-conformance.mjs', 'merge', expected.reportsDir, '--reports', tmp('unknown'), '--expectations', expectationsFile([{ ...known, rule: 'token.no-such.rule' }])]);
    expect(unknown.code).toBe(EXIT.configurationRefused);
    const said = unknown.stderr.trim();
    expect(said.split('\n')).toHaveLength(1);
    expect(said).toMatch(/names token\.no-such\.rule, which is not a rule of this suite/);
  });

  test('bundle then verify passes; one changed byte in any file is named', async () => {
    const file = join(tmp('bundle'), 'run.tar.gz');
    const made = await runNode(['bin/secure-messaging-conformance.mjs', 'bundle', '--reports', expected.reportsDir, '--out', file]);
    expect(made.code, made.stdout + made.stderr).toBe(0);
    const ok = await runNode(['bin/secure-messaging-conformance.mjs', 'verify', file]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/VERIFIED/);
    const entries = untarGz(readFileSync(file));
    const paths = entries.map((e) => e.path.replace('conformance-bundle/', ''));
    for (const part of ['reports/summary.json', 'reports/junit.xml', 'reports/profile.json', 'reports/expectations.json', 'reports/run-info.json', 'reports/allure-report/index.html', 'reports/allure-report/allure.html', 'bundle-info.json', 'suite-files.sha256', 'MANIFEST.sha256']) {
      expect(paths).toContain(part);
    }
    expect(paths.some((p) => /^reports\/allure-results\/.+-result\.json$/.test(p))).toBe(true);
    expect(entries.find((e) => e.path.endsWith('suite-files.sha256'))!.data.toString()).toMatch(/ {2}specs\/token\/client-credentials\.spec\.ts\n/);
    expect(JSON.parse(entries.find((e) => e.path.endsWith('bundle-info.json'))!.data.toString())).toMatchObject({ seed: 5, node: process.version });
    // the profile in the bundle has every secret replaced
    const profile = entries.find((e) => e.path.endsWith('reports/profile.json'))!.data.toString();
    const secretValues = [...profile.matchAll(/"([^"]+)": "([^"]*)"/g)].filter((m) => SECRET_KEY.test(m[1]!)).map((m) => m[2]);
    expect(secretValues.length).toBeGreaterThan(5);
    expect(new Set(secretValues)).toEqual(new Set(['[redacted]']));
    for (const victim of ['reports/junit.xml', 'suite-files.sha256']) {
      const altered = entries.map((e) => {
        if (!e.path.endsWith(victim)) return e;
        const data = Buffer.from(e.data);
        const at = Math.floor(data.length / 2);
        data[at] = data[at]! ^ 1;
        return { ...e, data };
      });
      const bad = join(tmp('bad'), 'run.tar.gz');
      writeFileSync(bad, tarGz(altered));
      const checked = await runNode(['bin/secure-messaging-conformance.mjs', 'verify', bad]);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toMatch(new RegExp(`CHANGED: ${victim.replace(/\./g, '\\.')} `));
      expect(checked.stdout.match(/CHANGED:/g)).toHaveLength(1);
    }
  });

  test('run --shard 1/3, 2/3, 3/3 then merge gives the rule verdicts of one full run', async () => {
    const shards = await Promise.all([1, 2, 3].map((i) => runCli(['run', '--area', 'token', '--seed', '5', '--shard', `${i}/3`])));
    const parts = shards.map((s) => s.summary().rules.map((r) => r.id));
    for (const p of parts) expect(p.length).toBeGreaterThan(0);
    const out = tmp('merged');
    const merged = await runNode(['bin/secure-messaging-conformance.mjs', 'merge', ...shards.map((s) => s.reportsDir), '--reports', out]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(EXIT.conforms);
    const verdicts = (s: Summary) => s.rules.map((r) => `${r.id}=${r.outcome}`).sort();
    const mergedSummary = SummarySchema.parse(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')));
    expect(verdicts(mergedSummary)).toEqual(verdicts(clean.summary()));
    expect(mergedSummary.totals).toEqual(clean.summary().totals);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(clean.summary().rules.length);
    const results = readdirSync(join(out, 'allure-results')).filter((n) => n.endsWith('-result.json')).length;
    expect(results).toBe(readdirSync(join(clean.reportsDir, 'allure-results')).filter((n) => n.endsWith('-result.json')).length);
  });

  test('run --rule ID runs that rule alone and prints its exchanges, redacted', async () => {
    const one = await runCli(['run', '--rule', RULE], FAULT);
    expect(one.code).toBe(EXIT.doesNotConform);
    expect(one.summary().rules.map((r) => r.id)).toEqual([RULE]);
    expect(one.stdout).toMatch(/Exchanges of token\.client-credentials\.issues-token/);
    expect(one.stdout).toMatch(/POST \S+\/Token/);
    // the secret by a placeholder that names it, and the curl line by the shell variable to set
    expect(one.stdout).toMatch(/"client_secret":"\[redacted: password of primary\]"/);
    expect(one.stdout).toMatch(/"client_secret":"'"\$SMS_PRIMARY_PASSWORD"'"/);
    // the rules --rule left out are not listed as not applicable: one file line, its one rule
    expect(one.stdout).not.toMatch(/^ +○ /m);
    expect(one.stdout.match(/^\[\d+\] specs\//gm)).toHaveLength(1);
    // a rule that passed keeps its evidence in one attachment: the exchanges print all the same
    const passing = await runCli(['run', '--rule', RULE]);
    expect(passing.code).toBe(EXIT.conforms);
    expect(passing.stdout).toMatch(/Exchanges of token\.client-credentials\.issues-token \(\d+ evidence entries/);
    expect(passing.stdout).toMatch(/── POST \/Token → HTTP 200/);
    const none = await runCli(['run', '--rule', 'token.no-such.rule']);
    expect(none.code).toBe(EXIT.configurationRefused);
  });
});
