import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { finish } from '../cli/finish.js';
import { scrubSecrets, secretMatcher } from '../cli/scrub.js';
import type { Summary } from '../contract/summary.js';
import { readAllureData } from '../reporting/allure-light.js';

/**
 * The last line of defence for "secrets never appear in reports" (cli/scrub.ts): one combined
 * matcher, every form of a secret, and a sweep that runs before Allure embeds the results, so a
 * secret cannot hide in allure.html's base64 at an offset no later sweep could see.
 */
const SECRET = 'Tr0ub4dor&3+horse/staple';
const OTHER = 'correct-horse-battery';

describe('the secret matcher', () => {
  const matcher = secretMatcher([SECRET, OTHER, 'abc'])!;

  test('replaces the value as is, URL-encoded, JSON-escaped and base64-encoded', () => {
    for (const form of [SECRET, encodeURIComponent(SECRET), JSON.stringify(SECRET).slice(1, -1), Buffer.from(SECRET).toString('base64')]) {
      const { text, hits } = matcher.redact(`before ${form} after`);
      expect(text, form).toBe('before [redacted] after');
      expect(hits).toBe(1);
    }
  });

  test('replaces a value that contains another one whole, and counts every hit', () => {
    const longer = secretMatcher(['horse-battery', OTHER])!;
    expect(longer.redact(`${OTHER} and horse-battery`)).toEqual({ text: '[redacted] and [redacted]', hits: 2 });
  });

  test('leaves values under 4 characters alone (too common to sweep) and text without a secret untouched', () => {
    expect(matcher.redact('abc abcd').hits).toBe(0);
    expect(secretMatcher(['abc'])).toBeUndefined();
  });
});

describe('the sweep of a reports directory', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('rewrites only the files that held a secret and hands back what it read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sweep-selftest-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'clean.txt'), 'nothing here');
    writeFileSync(join(dir, 'nested', 'leak.txt'), `token=${encodeURIComponent(SECRET)}`);
    const swept = scrubSecrets(dir, [SECRET]);
    expect(swept).toMatchObject({ files: 1, hits: 1 });
    expect(readFileSync(join(dir, 'nested', 'leak.txt'), 'utf8')).toBe('token=[redacted]');
    expect(swept.contents.get(join(dir, 'nested', 'leak.txt'))?.toString()).toBe('token=[redacted]');
    expect(swept.contents.get(join(dir, 'clean.txt'))?.toString()).toBe('nothing here');
  });

  test('a secret that reached an Allure attachment reaches neither the results nor the Allure report, in any encoding', { timeout: 60_000 }, async () => {
    const reportsDir = mkdtempSync(join(tmpdir(), 'sweep-finish-selftest-'));
    dirs.push(reportsDir);
    const results = join(reportsDir, 'allure-results');
    mkdirSync(results);
    const source = `${randomUUID()}-attachment.txt`;
    writeFileSync(join(results, source), `POST /Token\n\npassword=${SECRET}`);
    const uuid = randomUUID();
    writeFileSync(
      join(results, `${uuid}-result.json`),
      JSON.stringify({
        uuid,
        name: 'a rule',
        fullName: 'selftest#a rule',
        status: 'passed',
        stage: 'finished',
        start: 1,
        stop: 2,
        steps: [],
        attachments: [{ name: 'POST /Token → HTTP 200', source, type: 'text/plain' }],
        parameters: [],
        labels: [{ name: 'ruleId', value: 'token.selftest.sweep' }],
      }),
    );
    const summary: Summary = {
      suiteVersion: '0.1.0',
      target: { url: 'http://127.0.0.1:9', edition: 'selftest', release: '1' },
      seed: 1,
      runId: 'sweep-selftest',
      totals: { pass: 1, fail: 0, notApplicable: 0, broken: 0 },
      rules: [{ id: 'token.selftest.sweep', interface: 'token', section: '§2.1', level: 'must', outcome: 'pass', title: 'a rule', operation: 'Token', file: 'specs/token/x.spec.ts', exchanges: 1, durationMs: 1 }],
      suiteErrors: [],
      exchanges: 1,
      durationMs: 2,
    };
    const lines: string[] = [];
    await finish({ reportsDir, summary, secrets: [SECRET], log: (line) => lines.push(line) });
    expect(lines.join('\n')).toMatch(/1 secret value\(s\) reached 1 report file\(s\)/);
    const html = readFileSync(join(reportsDir, 'allure-report', 'allure.html'), 'utf8');
    // Allure's data files (beside allure.html) are base64-encoded: decode them all and look there too
    const embedded = [...(await readAllureData(join(reportsDir, 'allure-report'))).values()];
    expect(embedded.some((text) => text.includes('password=[redacted]')), 'the attachment is in the Allure report, redacted').toBe(true);
    for (const text of [html, ...embedded, ...readdirSync(results).map((f) => readFileSync(join(results, f), 'utf8'))]) expect(text).not.toContain(SECRET);
  });
});
