import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Faults } from '../reference/faults.js';
import { start, type RunningReference } from '../reference/server.js';
import { runCli } from './support/cli.js';

/**
 * The administration rules (and the token rule that auto-provisions a user)
 * delete every account they create, so a served reference holds the same accounts after two
 * runs in a row as before them (companies that provisioning rules cancel keep their users).
 */
async function run(reference: RunningReference) {
  const profilePath = join(tmpdir(), `sms-admin-profile-${process.pid}-${Date.now()}.json`);
  writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
  // judged by the server's census and the verdicts only: no Allure view
  return runCli(['run', '--no-allure', '--profile', profilePath, '--area', 'admin,token']);
}

/** Users of companies that are not cancelled (spec §3.3 status 2), by e-mail. */
const census = (reference: RunningReference) =>
  [...reference.state.domain.users.values()].filter((u) => reference.state.companies.provisioned(u.companyId)?.status !== 2).map((u) => u.email).sort();

describe('administration runs against a served reference', () => {
  test('pass twice in a row and leave no account behind', async () => {
    const reference = await start({ faults: Faults.none() });
    try {
      const seeded = census(reference);
      for (const pass of [1, 2]) {
        const result = await run(reference);
        const failing = result.summary().rules.filter((r) => r.outcome !== 'pass').map((r) => `${r.id}: ${r.outcome} ${r.reason ?? ''}`);
        expect(failing, `run ${pass}`).toEqual([]);
        expect(result.summary().rules.filter((r) => r.interface === 'admin').length).toBeGreaterThan(20);
        expect(census(reference), `accounts left after run ${pass}`).toEqual(seeded);
      }
    } finally {
      await reference.close();
    }
  }, 400_000);
});
