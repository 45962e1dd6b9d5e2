import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
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


describe('a conformance run against the embedded reference server', () => {
  let clean: CliResult;

  test('passes every rule, exits 0 and writes the four report artefacts', async () => {
    clean = await runCli(['run', '--seed', '20261122']);
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

describe('a run against a served reference, through a profile file', () => {
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

  // two whole runs: on a loaded machine (2 cores, several suites) each can take a minute
  test('passes twice in a row, leaves the server as seeded, and no profile secret, SMTP password or AUTH line appears anywhere under reports/', { timeout: 300_000 }, async () => {
    const reference = await start();
    try {
      const profilePath = join(await import('node:os').then((os) => os.tmpdir()), `sms-profile-${process.pid}.json`);
      writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
      const seeded = census(reference);
      const companyId = reference.profile.companies!.primary!;
      for (const pass of [1, 2]) {
        // about a served reference's data and the reports' secrets, not the properties' depth: five runs each
        const run = await runCli(['run', '--profile', profilePath], { SMS_PROPERTY_RUNS: '5' });
        expect(failing(run), `run ${pass}`).toEqual([]);
        expect(run.code, `run ${pass}`).toBe(0);
        expect(census(reference), `what run ${pass} left on the server`).toEqual(seeded);
        // the profile's secrets, and the SMTP passwords the run had issued (in clear and as AUTH sends them)
        const issued = [...reference.state.smtp.issuedPasswords(companyId)];
        const secrets = [...profileSecrets(reference.profile), ...issued, ...issued.map((p) => Buffer.from(p).toString('base64'))];
        expect(secrets.length).toBeGreaterThan(10);
        const files = filesUnder(run.reportsDir);
        const leaks = files.flatMap((file) => {
          const text = readFileSync(file, 'utf8');
          return secrets.filter((s) => text.includes(s)).map(() => file);
        });
        expect(leaks, 'report files containing a secret').toEqual([]);
        expect(run.stdout).not.toMatch(/secret value\(s\) reached/);
        const auth = files.filter((f) => f.endsWith('.txt')).map((f) => readFileSync(f, 'utf8')).filter((t) => t.includes('C: AUTH '));
        expect(auth.length, 'SMTP dialogues with AUTH').toBeGreaterThan(0);
        for (const d of auth) expect(d).toMatch(/C: AUTH (PLAIN|LOGIN)( \[redacted\])?\n/);
      }
    } finally {
      await reference.close();
    }
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
