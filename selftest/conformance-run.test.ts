import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { profileSecrets } from '../contract/profile.js';
import { FAULTS, RUN_FAULTS, type FaultDef } from '../reference/faults.js';
import type { ProfileInput } from '../contract/profile.js';
import { judgeAnswers } from '../judge/observe/server-checks.js';
import { start, type RunningReference } from '../reference/server.js';
import { runCli, type CliResult, filesUnder } from './support/cli.js';
import { section9Problems } from './support/section9.js';
import { failing } from './support/verdicts.js';

/**
 * The README's promises, proven end to end through the CLI, as a vendor would run it. The
 * suite's teeth (conformance-faults.test.ts) and other conforming servers
 * (conformance-readings.test.ts) are files of their own, so vitest runs the three side by side.
 */


/**
 * What the rules leave on a served reference, pass or fail (fail: messaging-rest-cleanup.test.ts):
 * the mail store as seeded, the accounts of companies not cancelled as seeded (companies that
 * provisioning rules cancel keep their users), the company's SMTP whitelist as it was.
 */
const census = (reference: RunningReference) => {
  const { state, profile } = reference;
  return {
    mail: state.mailbox.store.census(),
    accounts: [...state.domain.users.values()].filter((u) => state.companies.provisioned(u.companyId)?.status !== 2).map((u) => u.email).sort(),
    whitelist: state.smtp.credentials(profile.companies!.primary!).endpoints,
  };
};

/** A run's reports hold no profile secret, no SMTP password the run had issued (in clear or as AUTH sends it), and AUTH lines only redacted. */
function secretProblems(reference: RunningReference, run: CliResult): string[] {
  const issued = [...reference.state.smtp.issuedPasswords(reference.profile.companies!.primary!)];
  const secrets = [...profileSecrets(reference.profile), ...issued, ...issued.map((p) => Buffer.from(p).toString('base64'))];
  const files = filesUnder(run.reportsDir);
  const texts = files.map((file) => [file, readFileSync(file, 'utf8')] as const);
  const auth = texts.filter(([f, t]) => f.endsWith('.txt') && t.includes('C: AUTH '));
  return [
    ...(secrets.length > 10 ? [] : ['too few secrets to look for']),
    ...texts.flatMap(([file, text]) => (secrets.some((s) => text.includes(s)) ? [`${file} holds a secret`] : [])),
    ...(/secret value\(s\) reached/.test(run.stdout) ? ['the run said secrets reached its reports'] : []),
    ...(auth.length > 0 ? [] : ['no SMTP dialogue with AUTH']),
    ...auth.flatMap(([file, text]) => (/C: AUTH (PLAIN|LOGIN)( \[redacted\])?\n/.test(text) ? [] : [`${file}: an AUTH line not redacted`])),
  ];
}

/**
 * The whole suite, as a vendor runs it against a served reference through a profile file, twice
 * in a row: every rule passes, the four report artefacts are written, nothing is left on the
 * server, and no secret reaches the reports. (The embedded reference, no target given, is what
 * every other suite run of the self-tests uses.)
 */
describe('a conformance run against a served reference, through a profile file', () => {
  let clean: CliResult;
  let reference: RunningReference;
  let profilePath: string;
  let seeded: ReturnType<typeof census>;
  beforeAll(async () => {
    reference = await start();
    profilePath = join(tmpdir(), `sms-profile-${process.pid}.json`);
    writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
    seeded = census(reference);
  });
  afterAll(() => reference?.close());

  test('passes every rule, exits 0, writes the four report artefacts, leaves the server as seeded and no secret in reports/', async () => {
    clean = await runCli(['run', '--seed', '20261122', '--profile', profilePath]);
    expect(failing(clean)).toEqual([]);
    expect(clean.code).toBe(0);
    for (const artefact of ['allure-results', 'allure-report/index.html', 'allure-report/allure.html', 'junit.xml', 'summary.json', 'profile.json', 'run-info.json']) {
      expect(existsSync(join(clean.reportsDir, artefact)), artefact).toBe(true);
    }
    const summary = clean.summary();
    expect(summary).toMatchObject({ seed: 20261122, target: { edition: 'securemail', release: '5.36' } });
    expect(summary.totals.pass).toBe(summary.rules.length);
    // spec §9 on securemail 5.36: the SOAP calls and GetMailboxXML offered (other platforms: conformance-readings.test.ts)
    expect(section9Problems(summary)).toEqual([]);
    expect(clean.stdout).toMatch(/CONFORMS/);
    expect(census(reference), 'what the run left on the server').toEqual(seeded);
    expect(secretProblems(reference, clean)).toEqual([]);
  });

  // on a loaded machine (2 cores, several suites) a whole run can take a minute or two
  test('passes again against the same server, leaving it as seeded and no secret in reports/', { timeout: 300_000 }, async () => {
    // about a served reference's data and the reports' secrets, not the properties' depth: five runs each
    const again = await runCli(['run', '--profile', profilePath], { SMS_PROPERTY_RUNS: '5' });
    expect(failing(again)).toEqual([]);
    expect(again.code).toBe(0);
    expect(census(reference), 'what the second run left on the server').toEqual(seeded);
    expect(secretProblems(reference, again)).toEqual([]);
  });

  test('rule ids are unique, stable-shaped and start with their interface', () => {
    const rules = clean.summary().rules;
    const ids = rules.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'duplicate rule ids').toEqual([]);
    expect(rules.filter((r) => !r.id.startsWith(`${r.interface}.`) || !/^[a-z-]+(\.[a-z0-9-]+)+$/.test(r.id)).map((r) => r.id)).toEqual([]);
    expect(rules.filter((r) => !/^§\d+(\.\d+)*$/.test(r.section)).map((r) => `${r.id}: ${r.section}`), 'sections must look like §4.1').toEqual([]);
  });

  test('every rule has at least one reference fault, and every fault names a rule that exists', () => {
    const ruleIds = new Set(clean.summary().rules.map((r) => r.id));
    const faulted = new Set(RUN_FAULTS.map((f) => f.rule));
    expect([...ruleIds].filter((id) => !faulted.has(id)), 'rules without a fault').toEqual([]);
    expect(RUN_FAULTS.filter((f) => !ruleIds.has(f.rule)).map((f) => f.id), 'faults of unknown rules').toEqual([]);
    // the rules observe alone judges (judge/observe/server-checks.ts) have theirs too
    const traffic = judgeAnswers([], { baseUrl: 'http://127.0.0.1' } as ProfileInput).map((j) => j.result.id).filter((id) => !ruleIds.has(id));
    const observed = FAULTS.filter((f: FaultDef) => f.observed);
    expect(traffic.filter((id) => !observed.some((f) => f.rule === id)), 'traffic rules without a fault').toEqual([]);
    expect(observed.filter((f) => !traffic.includes(f.rule)).map((f) => f.id), 'observed faults of no traffic rule').toEqual([]);
  });

});

describe('honest outcomes', () => {
  test('a target that answers 500 to everything gets broken or failed rules, never not applicable, and a non-zero exit', async () => {
    const server = createServer((_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const reference = await start();
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // every account and fixture the reference would offer, so nothing is not applicable for want of a profile value
      const profile = { ...reference.profile, baseUrl: url, urls: {} };
      const profilePath = join(await import('node:os').then((os) => os.tmpdir()), `sms-500-profile-${process.pid}.json`);
      writeFileSync(profilePath, JSON.stringify(profile), { mode: 0o600 });
      // every HTTP interface (the SMTP gateway is not HTTP: its profile block still names the live one)
      const areas = 'token,admin,messaging-rest,messaging-soap,provisioning,directory';
      const run = await runCli(['run', '--profile', profilePath, '--seed', '3', '--area', areas], { SMS_EVENTUALLY_TIMEOUT_MS: '500', SMS_PROPERTY_RUNS: '5' });
      const rules = run.summary().rules;
      expect(rules.filter((r) => r.outcome === 'notApplicable').map((r) => `${r.id}: ${r.reason}`), 'rules not applicable against a 500 target').toEqual([]);
      expect(rules.filter((r) => r.outcome === 'pass').map((r) => r.id), 'rules that passed against a 500 target').toEqual([]);
      expect([1, 4]).toContain(run.code);
    } finally {
      await reference.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
