import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_AXES } from '../reference/axes/all.js';
import { checkAxis } from '../tools/diff/axis-check.js';
import { drive, execute } from '../tools/diff/execute.js';
import { PROVISIONING } from '../tools/diff/steps/provisioning.js';
import { formOf } from '../tools/diff/steps/provisioning-observe.js';
import { startReference, type DiffSide } from '../tools/diff/targets.js';

/**
 * The provisioning steps of `diff` (tools/diff/steps/provisioning.ts):
 * they run on the reference without a step failing, keep every secret out of what they observe,
 * and name a provisioning axis read the other way. Every provisioning axis is checked by
 * `npm run diff-axes -- --only provisioning.…` (slower).
 */


describe('the provisioning family on the reference', () => {
  let side: DiffSide;
  beforeAll(async () => {
    side = await startReference({ variant: 'default', faults: [] }, 'reference');
  });
  afterAll(async () => side?.close());

  test('its canonical part runs, every step answered, no secret observed', async () => {
    const d = drive(side);
    try {
      const seen = await execute(d, PROVISIONING.canonical);
      expect(seen).toHaveLength(PROVISIONING.canonical.length);
      for (const o of seen) {
        expect(o.error, o.step).toBeUndefined();
        expect(o.skipped, o.step).toBeUndefined();
      }
      const text = JSON.stringify(seen);
      for (const secret of side.secrets.filter((x) => x.length >= 6)) expect(text).not.toContain(secret);
      const key = seen.find((o) => o.step.startsWith('provKeyGet'))!.body as { Data: { ApiEncryptionKey: string; AutomationId: string } };
      expect(key.Data).toMatchObject({ ApiEncryptionKey: '<secret>', AutomationId: '<guid>' });
      // the default reading (B5): the request's IV echoed, the Hash an HMAC of the plaintext
      expect(seen[0]!.body).toMatchObject({ TransactionId: '<guid>', Errors: [], IV: '<the request IV>', Hash: '<HMAC-SHA512 of the plaintext>' });
    } finally {
      await d.agent.close();
    }
  }, 60_000);
});

test('a server-chosen value is compared by its form only', () => {
  expect(formOf('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('<guid>');
  expect(formOf('173243112345600042')).toBe('<digits>');
  expect(formOf('9F86D081884C7D659A2FEAA0')).toBe('<hex 24>');
  expect(formOf(null)).toBeNull();
});

describe('diff names a provisioning axis read the other way', () => {
  const axis = (id: string) => ALL_AXES.find((a) => a.id === id)!;
  // a Cancel's effect, seen only by the request after it (P17): the longest provisioning shrink but one
  for (const [id, value] of [['provisioning.cancel-effect', 'deleted']] as const) {
    test(`${id}=${value}`, async () => {
      const r = await checkAxis(axis(id), value, { seed: 20261124, runs: 5 });
      expect(r.named, r.said).toBe(true);
      expect(r.length).toBeLessThanOrEqual(4);
    }, 120_000);
  }
});
