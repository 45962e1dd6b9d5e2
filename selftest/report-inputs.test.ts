import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { secretMatcher } from '../cli/scrub.js';
import { profileSecrets } from '../contract/profile.js';
import { Faults } from '../reference/faults.js';
import { start } from '../reference/server.js';
import { runCli, type CliResult, filesUnder } from './support/cli.js';

/**
 * Every input that decides a verdict is shown, on a real run of the CLI
 * under two reference faults: a wrong client_secret answered 400 (the decisive request carries
 * the made-up wrong value) and an account that never locks (the wrong value is sent before the
 * decisive request). Every view (summary.json, the verdict page, JUnit, the Allure results and
 * allure.html) shows the decisive wrong value in clear, marked deliberate, each exchange names
 * its actor, and no secret of the profile or of the run (every token and session key the
 * reference handed out) appears anywhere, in any form the sweep knows (base64 included).
 */

const INVALID = 'token.credentials.invalid';
const LOCKOUT = 'token.account.lockout';
const FAULTS = 'token.bad-secret-400,token.never-locks';
const WRONG = /# client_secret: "(wrong-[0-9a-f]{8})" \(deliberately wrong\)/;

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('a failing run shows the input each rule tested, and no secret', () => {
  let run: CliResult;
  const secrets: string[] = [];
  const issued: string[] = [];

  beforeAll(async () => {
    const reference = await start({ faults: Faults.fromEnv({ REFERENCE_FAULTS: FAULTS, REFERENCE_FAULT_SCOPE: 'rule' }) });
    // every credential the reference hands out during the run: the run's secrets
    const shapes = reference.state.domain.readings.credentialShapes as unknown as Record<string, () => string>;
    for (const [name, make] of Object.entries(shapes)) {
      shapes[name] = () => {
        const value = make();
        issued.push(value);
        return value;
      };
    }
    const profilePath = join(tmpdir(), `sms-inputs-profile-${process.pid}.json`);
    writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
    secrets.push(...profileSecrets(reference.profile));
    try {
      run = await runCli(['run', '--profile', profilePath, '--rule', `${INVALID},${LOCKOUT}`, '--seed', '25'], {}, 200_000);
    } finally {
      await reference.close();
      rmSync(profilePath, { force: true });
    }
  }, 220_000);

  afterAll(() => {
    if (run) rmSync(run.reportsDir, { recursive: true, force: true });
  });

  test('both rules fail under their faults', () => {
    const outcomes = Object.fromEntries(run.summary().rules.map((r) => [r.id, r.outcome]));
    expect(outcomes, run.stdout + run.stderr).toEqual({ [INVALID]: 'fail', [LOCKOUT]: 'fail' });
  });

  test('summary.json, JUnit, the verdict page and the Allure results show the decisive wrong client_secret in clear, marked deliberate', () => {
    const reason = run.summary().rules.find((r) => r.id === INVALID)?.reason ?? '';
    const wrong = /client_secret: "(wrong-[0-9a-f]{8})" \(deliberately wrong\)/.exec(reason)?.[1];
    expect(wrong, reason).toBeDefined();
    expect(reason).toMatch(/The decisive request, POST \/Token as primary, sent client_secret: "wrong-/);
    const marked = `client_secret: "${wrong}" (deliberately wrong)`;
    expect(unescape(readFileSync(join(run.reportsDir, 'junit.xml'), 'utf8'))).toContain(marked);
    // the verdict page: the card opens on the decisive exchange, which names its actor and marks the value
    const page = unescape(readFileSync(join(run.reportsDir, 'allure-report', 'index.html'), 'utf8'));
    const card = new RegExp(`id="rule-${INVALID.replace(/\./g, '\\.')}">([\\s\\S]*?)</article>`).exec(page)?.[1] ?? '';
    const decisive = /<section class="decisive"[^>]*>([\s\S]*?)<\/section>/.exec(card)?.[1] ?? '';
    expect(decisive).toContain(`# ${marked}`);
    expect(decisive).toContain('# actor: primary');
    expect(decisive).toMatch(new RegExp(`--data-raw '[^']*"client_secret":"${wrong}"`));
    // the card's replay hint reruns this rule alone, not the whole suite
    expect(card).toContain(`<code>npx secure-messaging-conformance run --rule ${INVALID} --seed 25</code>`);
    const results = join(run.reportsDir, 'allure-results');
    expect(readdirSync(results).some((f) => readFileSync(join(results, f), 'utf8').includes(`# ${marked}`))).toBe(true);
  });

  test('the lockout rule shows the wrong secret it sent before the decisive request, as the locked account, and the right one as a named placeholder', () => {
    const page = unescape(readFileSync(join(run.reportsDir, 'allure-report', 'index.html'), 'utf8'));
    const card = new RegExp(`id="rule-${LOCKOUT.replace(/\./g, '\\.')}">([\\s\\S]*?)</article>`).exec(page)?.[1] ?? '';
    expect(card).toMatch(WRONG);
    expect(card).toContain('# actor: lockable[0]');
    // the right secret: a placeholder naming it, and a shell variable in the curl line
    expect(card).toContain('[redacted: password of lockable[0]]');
    expect(card).toContain(`"'"$SMS_LOCKABLE_0_PASSWORD"'"`);
    expect(card).toMatch(/SMS_LOCKABLE_0_PASSWORD: the password of lockable\[0\] \(profile accounts\.lockable\[0\]\.password\)/);
  });

  test('no secret of the profile or of the run appears in any report file, in any form (allure.html decoded too)', () => {
    expect(secrets.length).toBeGreaterThan(10);
    expect(issued.length, 'the run was handed tokens or session keys').toBeGreaterThan(0);
    const matcher = secretMatcher([...secrets, ...issued])!;
    const leaks: string[] = [];
    for (const file of filesUnder(run.reportsDir)) {
      const text = readFileSync(file, 'utf8');
      const embedded = file.endsWith('allure.html') ? [...text.matchAll(/d\("([^"]+)","([^"]*)"\)/g)].map(([, , b64]) => Buffer.from(b64 ?? '', 'base64').toString('utf8')) : [];
      for (const t of [text, ...embedded]) if (matcher.redact(t).hits > 0) leaks.push(file);
    }
    expect(leaks).toEqual([]);
    // and none reached the last-line sweep: evidence is redacted where it is recorded
    expect(run.stdout).not.toMatch(/secret value\(s\) reached/);
  });
});
