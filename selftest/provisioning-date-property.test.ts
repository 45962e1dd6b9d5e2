import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Summary } from '../contract/summary.js';
import { isLeapYear } from '../generators/expiration-date.js';
import { Faults } from '../reference/faults.js';
import { start, type RunningReference } from '../reference/server.js';
import { readSummary, runNode } from './support/cli.js';

/**
 * The date property, run against a reference whose calendar check forgets
 * leap years, fails and reports a shrunk counterexample 02/29/<non-leap year>. The spec runs in
 * its own vitest process, exactly as a conformance run would run it.
 */
const RULE = 'provisioning.create.impossible-calendar-date';

async function runSpec(reference: RunningReference, reportsDir: string): Promise<Summary> {
  // a bare vitest run, as an implementer would start one: global setup resolves the profile file
  const profilePath = join(reportsDir, 'profile.input.json');
  writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
  const env = { SMS_PROFILE: profilePath, SMS_REPORTS_DIR: reportsDir, SMS_SEED: '20261122', SMS_PROPERTY_RUNS: '20' };
  const run = await runNode(['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.config.ts', 'specs/provisioning/create-dates.spec.ts', '-t', RULE], env);
  try {
    return readSummary(reportsDir);
  } catch {
    throw new Error(`the spec run wrote no summary.json:\n${(run.stdout + run.stderr).slice(-2000)}`);
  }
}

describe('the ExpirationDate property has teeth', () => {
  let reference: RunningReference;
  const reportsDir = mkdtempSync(join(tmpdir(), 'sms-provisioning-'));
  beforeAll(async () => {
    reference = await start({ faults: new Faults(['provisioning.date-feb29-every-year']) });
  });
  afterAll(async () => {
    await reference?.close();
    rmSync(reportsDir, { recursive: true, force: true });
  });

  test('under a calendar check that accepts 02/29 of every year, the rule fails with a shrunk 02/29/<non-leap year>', async () => {
    const summary = await runSpec(reference, reportsDir);
    const result = summary.rules.find((r) => r.id === RULE);
    expect(result?.outcome).toBe('fail');
    const match = /Counterexample "02\/29\/(\d{4})" \(seed 20261122; replay with --seed 20261122\)/.exec(result?.reason ?? '');
    expect(match, result?.reason).not.toBeNull();
    expect(isLeapYear(Number(match![1]))).toBe(false);
    // shrunk: the smallest non-leap year the generator can give, the first after this one
    const next = new Date().getUTCFullYear() + 1;
    expect(Number(match![1])).toBe(isLeapYear(next) ? next + 1 : next);
  });

  test('re-running with the reported seed reproduces the same counterexample, and the report carries it', async () => {
    const again = mkdtempSync(join(tmpdir(), 'sms-provisioning-again-'));
    try {
      const first = (await runSpec(reference, reportsDir)).rules.find((r) => r.id === RULE);
      const second = (await runSpec(reference, again)).rules.find((r) => r.id === RULE);
      expect(second?.reason).toBe(first?.reason);
      const attachments = readdirSync(join(again, 'allure-results')).filter((f) => f.endsWith('.txt'));
      const counterexample = attachments.map((f) => readFileSync(join(again, 'allure-results', f), 'utf8')).find((t) => t.startsWith('Shrunk counterexample'));
      expect(counterexample).toMatch(/Replay: --seed 20261122/);
      expect(counterexample).toMatch(/Shrunk counterexample: "02\/29\/\d{4}"/);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});
