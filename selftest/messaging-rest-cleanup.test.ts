import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Faults } from '../reference/faults.js';
import { start, type RunningReference } from '../reference/server.js';
import { runCli } from './support/cli.js';

/**
 * The messaging REST specs remove everything they make when they fail, too, so a served
 * reference holds no run's folders or messages afterwards.
 */
async function messagingRun(reference: RunningReference) {
  const profilePath = join(tmpdir(), `sms-messaging-profile-${process.pid}-${Date.now()}.json`);
  writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });
  // judged by the server's census and the verdicts only: no Allure view; the model rules' sequences
  // clean up the same way at any count, so five runs of each property suffice here
  return runCli(['run', '--no-allure', '--profile', profilePath, '--area', 'messaging-rest'], { SMS_PROPERTY_RUNS: '5' });
}

describe('a messaging REST run against a served reference', () => {
  // a passing run leaves the server as seeded: conformance-run.test.ts (the whole suite, twice);
  // this checks the same when rules fail midway
  test('clean up after themselves when rules fail', async () => {
    // faults that fail rules midway without touching the deletes cleanup relies on
    const reference = await start({ faults: new Faults(['messaging-rest.move-noop', 'messaging-rest.search-filter-ignored', 'messaging-rest.mime-no-separator']) });
    try {
      const seeded = reference.state.mailbox.store.census();
      const run = await messagingRun(reference);
      expect(run.summary().rules.filter((r) => r.outcome === 'fail' || r.outcome === 'broken').length).toBeGreaterThan(3);
      expect(reference.state.mailbox.store.census()).toEqual(seeded);
    } finally {
      await reference.close();
    }
  }, 240_000);
});
