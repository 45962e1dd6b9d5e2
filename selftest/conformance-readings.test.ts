import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, runCli, type CliResult } from './support/cli.js';
import { judgeReadingRuns, readingRuns } from './support/declared-readings.js';
import { section9Problems } from './support/section9.js';
import { declaredReading, failing } from './support/verdicts.js';
import { variantNamed } from '../reference/variant.js';

/**
 * A direct 6.2 server that declares the SMTP settings methods unavailable (and refuses them with
 * 400, as the vendor's do) is judged by its declaration: the administration and SMTP rules that
 * need one of them are not applicable, saying so with the profile key (the twelve false
 * verdicts of Found 1 among them). Checked on the declared-reading run that takes that reading.
 */
const SMTP_SETTINGS_LACKING = 'admin.edition-lacks=smtp-settings';
const smtpSettingsProblems = (rules: ReadonlyArray<{ id: string; interface: string; outcome: string; reason?: string }>): string[] => {
  const na = rules.filter((r) => r.outcome === 'notApplicable' && r.reason?.includes('(admin.unavailableOperations)'));
  return ['admin.smtp.credentials', 'smtp.auth.plain', 'smtp.delivery.content', 'smtp.whitelist.removed', 'smtp.reset.new-password'].filter((id) => !na.some((r) => r.id === id)).map((id) => `${id} is not reported not applicable for admin.unavailableOperations`);
};

/**
 * Other conforming servers, through the CLI: the reference under other legal readings of the
 * spec's silences (variants, every declared reading, the direct edition) passes; a rule is not
 * applicable only for a reading its profile declares. Each run only reads verdicts, so Allure's
 * view is not rendered (--no-allure).
 */
describe('a conformance run against the embedded reference server under other readings', () => {
  /**
   * Other conforming servers: `alt` takes the second reading of every silence, and two
   * seeded random combinations mix readings. The seeds are fixed so a failure replays; the
   * before-stop check and `REFERENCE_VARIANT=random:<n> npm run conformance` try fresh ones.
   * They draw the platforms the last two declared-reading runs would (securemail 5.4, direct
   * 6.3), so the declared-readings check below judges these instead of running those.
   */
  const RANDOM = { 'random:20261125': 'securemail 5.4', 'random:20261126': 'direct 6.3' } as const;
  const judged = new Map<string, CliResult>();
  test.each(['alt', ...Object.keys(RANDOM)])('REFERENCE_VARIANT=%s (other legal readings where the spec is silent) passes too', async (variant) => {
    // every run here is also judged by the declared-readings check below (seed 15, as there)
    const run = await runCli(['run', '--no-allure', '--seed', '15'], { REFERENCE_VARIANT: variant });
    judged.set(variant, run);
    expect(failing(run).filter((line) => !declaredReading(line)), `under REFERENCE_VARIANT=${variant}`).toEqual([]);
    expect(run.code).toBe(0);
    // spec §9 and the edition gate are exercised on the platform each seed draws
    const { edition, release } = run.summary().target;
    if (variant in RANDOM) expect(`${edition} ${release}`, `the platform ${variant} draws`).toBe(RANDOM[variant as keyof typeof RANDOM]);
    expect(section9Problems(run.summary())).toEqual([]);
  });

  /**
   * Every declared reading keeps the teeth: under each non-default reading of
   * every axis whose silence has a profile key, only the rules whose check the reading makes
   * impossible may be not applicable (selftest/support/declared-readings.ts). Judged over the
   * runs above (read again, not repeated) and one whole run per reading index whose readings
   * they did not all take (run 2: each axis's third reading, ...); property tests of the further
   * runs run 5 times (not applicable is decided first).
   */
  test('declared readings: only rules whose check a reading makes impossible are not applicable under it', { timeout: 900_000 }, async () => {
    const runs = [];
    const taken = new Set<string>();
    for (const variant of ['alt', ...Object.keys(RANDOM)]) {
      const run = judged.get(variant) ?? (await runCli(['run', '--no-allure', '--seed', '15'], { REFERENCE_VARIANT: variant }));
      const picks = variantNamed(variant).differences();
      for (const p of picks) taken.add(p);
      runs.push({ picks, rules: run.summary().rules });
    }
    for (const { picks, variant } of readingRuns().filter(({ picks }) => picks.some((p) => !taken.has(p)))) {
      const run = await runCli(['run', '--no-allure', '--seed', '15'], { REFERENCE_VARIANT: variant, SMS_PROPERTY_RUNS: '5' }, 600_000);
      const rules = run.summary().rules;
      expect(rules.length, `the run under ${variant} wrote no rules: ${run.stderr.slice(-2000)}`).toBeGreaterThan(0);
      expect(failing(run).filter((line) => !declaredReading(line)), `under REFERENCE_VARIANT=${variant}`).toEqual([]);
      expect(section9Problems(run.summary()), `spec §9 under ${variant}`).toEqual([]);
      if (picks.includes(SMTP_SETTINGS_LACKING)) expect(smtpSettingsProblems(rules), `under ${variant}`).toEqual([]);
      runs.push({ picks, rules });
    }
    expect(runs.some((r) => r.picks.includes(SMTP_SETTINGS_LACKING)), `a run takes ${SMTP_SETTINGS_LACKING}`).toBe(true);
    const { problems, table } = judgeReadingRuns(runs);
    console.log(table);
    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    writeFileSync(join(ROOT, 'reports', 'not-applicable-by-reading.md'), table);
    expect(problems).toEqual([]);
  });
});
