import { describe, expect, test } from 'vitest';
import { decisiveOf, readTags, type Note } from '../harness/evidence-marks.js';
import type { Exchange } from '../harness/http.js';
import { ConformanceAssertionError, TargetBroken } from '../harness/outcomes.js';
import { scrubTrace } from '../reporting/allure-annotate.js';
import { junitXml } from '../reporting/junit.js';
import type { RuleResult, Summary } from '../contract/summary.js';
import { pairDecrypted } from '../reporting/verdict-evidence.js';
import { findings } from '../reporting/verdict-findings.js';
import { verdictPage } from '../reporting/verdict-page.js';
import { contrast, PAIRS } from '../reporting/verdict-style.js';
import { verdict } from '../cli/scorecard.js';

/** The verdict page, JUnit and evidence marking on made-up runs: no target needed. */

const x = (method: string, path: string, status: number, body = ''): Exchange => ({
  method,
  url: `http://127.0.0.1:1${path}`,
  requestHeaders: {},
  status,
  responseBody: body,
  ms: 1,
});

const rule = (id: string, over: Partial<RuleResult> = {}): RuleResult => ({
  id,
  interface: id.split('.')[0] as string,
  section: '§7.1',
  level: 'must',
  outcome: 'pass',
  title: `title of ${id}`,
  operation: 'POST /Token',
  file: 'specs/x.spec.ts',
  exchanges: 1,
  durationMs: 5,
  ...over,
});

function summaryOf(rules: RuleResult[]): Summary {
  const totals = { pass: 0, fail: 0, notApplicable: 0, broken: 0 };
  for (const r of rules) totals[r.outcome] += 1;
  const summary: Summary = {
    suiteVersion: '0.1.0',
    target: { url: 'http://127.0.0.1:1', edition: 'e', release: '1', description: 'a made-up target' },
    seed: 7,
    runId: 'abc',
    totals,
    rules,
    suiteErrors: [],
    exchanges: rules.length,
    durationMs: 1234,
  };
  const v = verdict(summary);
  summary.verdict = { kind: v.kind, exitCode: v.exitCode, line: v.line };
  return summary;
}

describe('the exchange that decided the verdict', () => {
  const log = [x('POST', '/Token', 200), x('POST', '/api/Folder', 200, 'a'), x('POST', '/api/Folder', 400, 'b'), x('DELETE', '/api/Folder', 200)];

  test('is the answer the failing assertion judged, not the last exchange (cleanup)', () => {
    const e = new ConformanceAssertionError('POST /api/Folder: expected HTTP 200; got HTTP 400', { label: 'POST /api/Folder', status: 400, text: 'b' });
    expect(decisiveOf(e, log, 3, [])).toEqual({ kind: 'exchange', index: 2 });
  });

  test('is read from a message that names the request and status when the error carries no answer', () => {
    expect(decisiveOf(new Error('POST /api/Folder: moving failed: HTTP 200 {}'), log, 3, [])).toEqual({ kind: 'exchange', index: 1 });
    const broken = new TargetBroken('Precondition "log on" failed, so the rule could not be checked: POST /Token: log on failed with HTTP 200.');
    expect(decisiveOf(broken, log, 3, [])).toEqual({ kind: 'exchange', index: 0 });
  });

  test('is an SMTP dialogue when it came after the last exchange, and never cleanup', () => {
    const notes: Note[] = [{ title: 'SMTP', text: '', phase: 'body', after: 3, kind: 'dialogue' }];
    expect(decisiveOf(new ConformanceAssertionError('the mail was not refused'), log, 3, notes)).toEqual({ kind: 'note', index: 0 });
    expect(decisiveOf(undefined, log, 3, notes)).toBeUndefined();
  });

  test('tags read back off attachment titles', () => {
    expect(readTags('[decisive] [precondition] POST /Token → HTTP 200')).toEqual({ phase: 'given', decisive: true, title: 'POST /Token → HTTP 200' });
    expect(readTags('[cleanup] DELETE /x → HTTP 200')).toEqual({ phase: 'cleanup', decisive: false, title: 'DELETE /x → HTTP 200' });
  });

  test("a decrypted view sits with its raw exchange, in order", () => {
    const entries = pairDecrypted([
      { title: 'Provision Create (decrypted) → HTTP 200', text: 'Provision Create: POST http://h/Provisioning/\nfirst' },
      { title: 'Provision Cancel (decrypted) → HTTP 200', text: 'Provision Cancel: POST http://h/Provisioning/\nsecond' },
      { title: '[decisive] POST /Provisioning/ → HTTP 200', text: 'POST http://h/Provisioning/\n...' },
      { title: '[cleanup] POST /Provisioning/ → HTTP 200', text: 'POST http://h/Provisioning/\n...' },
    ]);
    expect(entries.map((e) => [e.phase, e.decisive, e.decrypted?.text.split('\n')[1]])).toEqual([
      ['body', true, 'first'],
      ['cleanup', false, 'second'],
    ]);
  });
});

describe('findings', () => {
  const rules = [
    rule('token.a', { level: 'should', outcome: 'fail', reason: 'POST /Token: expected 400' }),
    rule('token.b', { outcome: 'broken', reason: 'Precondition "log on as cfabc123456" failed, so the rule could not be checked: POST /Token: HTTP 500' }),
    rule('token.c', { outcome: 'broken', reason: 'Precondition "log on" failed, so the rule could not be checked: POST /Token: HTTP 500' }),
    rule('token.d', { outcome: 'fail', reason: 'POST /Token: expected 401' }),
    rule('token.e'),
  ];

  test('come must fail, must broken, warnings, and rules broken on one answer form one finding', () => {
    const found = findings(rules);
    expect(found.map((f) => [f.bucket, f.rules.map((r) => r.id), f.ties])).toEqual([
      ['must-fail', ['token.d'], []],
      ['must-broken', ['token.b', 'token.c'], ['precondition']],
      ['warning', ['token.a'], []],
    ]);
  });

  test('the page opens on the verdict and the run, and lists the warning apart from what decides', () => {
    const html = verdictPage({
      summary: summaryOf(rules),
      verdict: { kind: 'DOES NOT CONFORM', line: 'DOES NOT CONFORM: 3 must-level rules failed or broke', notCovered: [] },
      evidence: new Map(),
      run: { gitCommit: '0123456789abcdef', finishedAt: '2026-11-24T01:00:00.000Z', profileDigest: 'feedface', files: { 'summary.json': '../summary.json', 'junit.xml': '../junit.xml' } },
    });
    for (const fact of ['2026-11-24 01:00:00 UTC', '1.2 s', '0123456789ab', 'a made-up target', 'feedface', 'href="../summary.json"', 'href="../junit.xml"', 'href="allure.html"']) {
      expect(html).toContain(fact);
    }
    const order = ['id="must-fail"', 'id="must-broken"', 'id="warning"', 'id="expected"'].map((a) => html.indexOf(a));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('2 rules, one cause');
    expect(html).toContain('the same failed precondition');
    expect(html).toMatch(/<li><b>1<\/b> warning \(should-level, not counted\)<\/li>/);
  });
});

describe('JUnit agrees with the exit code', () => {
  const ciByJunit = (xml: string) => /<testsuites [^>]*failures="0" errors="0"/.test(xml);

  test.each([
    ['a should-level failure only', [rule('token.a', { level: 'should', outcome: 'fail', reason: 'x' }), rule('token.b')]],
    ['a must-level failure', [rule('token.a', { outcome: 'fail', reason: 'x' }), rule('token.b')]],
    ['nothing judged', [rule('token.a', { outcome: 'notApplicable', reason: 'x' })]],
  ])('%s', (_, rules) => {
    const summary = summaryOf(rules);
    const xml = junitXml(summary);
    expect(ciByJunit(xml), xml).toBe(summary.verdict!.exitCode === 0);
    expect(xml).toContain(`<property name="exitCode" value="${summary.verdict!.exitCode}"/>`);
  });
});

describe('readable everywhere', () => {
  test.each(PAIRS.map(([fg, bg, where]) => [where, fg, bg]))('%s is at WCAG AA contrast (4.5:1)', (_, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  test('the stack-trace scrub removes machine paths and keeps words', () => {
    const trace = [
      'AssertionError: POST /Provisioning/Cancel: expected HTTP 200',
      '    at fail (/home/someone/suite/harness/expect.ts:14:9)',
      '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at file:///home/someone/suite/specs/x.spec.ts:3:1',
    ].join('\n');
    const scrubbed = scrubTrace(trace);
    expect(scrubbed).toContain('POST /Provisioning/Cancel: expected');
    expect(scrubbed).toContain('node:internal/process/task_queues:95:5');
    expect(scrubbed).not.toMatch(/\/home\/someone/);
    expect(scrubbed).toContain('at fail (expect.ts:14:9)');
  });
});
