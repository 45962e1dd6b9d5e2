import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inProcessReference } from './support/reference.js';

/** The reference answers malformed token requests with the documented 400, never a 5xx or a crash. */
describe('reference token endpoint robustness', () => {
  const { app, profile } = inProcessReference();
  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => app.request('/Token', { method: 'POST', body, headers });

  test.each([
    ['truncated JSON', '{"grant_type":'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"client_credentials"'],
    ['null', 'null'],
    ['an empty body', ''],
    ['a number where a string belongs', '{"grant_type":"client_credentials","client_id":1,"client_secret":"x"}'],
    ['a string company id', '{"grant_type":"authorization_code","code":"x","resource_type":"OpenIdConnect","company_id":"7"}'],
  ])('%s → 400 InvalidRequest', async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'InvalidRequest' });
  });

  test('an oversized body → 400 InvalidRequest', async () => {
    const res = await post(JSON.stringify({ grant_type: 'client_credentials', client_id: 'x'.repeat(300_000), client_secret: 'y' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'InvalidRequest' });
  });

  test('a form-encoded body → 400 InvalidRequest (spec §4.1: failures are 400 or 401)', async () => {
    const res = await post('grant_type=client_credentials', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(400);
  });

  test('any JSON value of any shape gets a 400 or 401 with an error property, never a 5xx', async () => {
    const fieldValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
    const body = fc.record(
      {
        grant_type: fc.oneof(fc.constantFrom('client_credentials', 'refresh_token', 'authorization_code', 'mfa_otp'), fieldValue),
        client_id: fc.oneof(fc.constant(profile.accounts!.primary!.username), fieldValue),
        client_secret: fieldValue,
        refresh_token: fieldValue,
        code: fieldValue,
        resource_type: fieldValue,
        company_id: fieldValue,
        mfa_method: fieldValue,
        mfa_token: fieldValue,
        user_token: fieldValue,
        otp: fieldValue,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body.map((b) => JSON.stringify(b)), fc.string()), async (text) => {
        const res = await post(text);
        expect([400, 401]).toContain(res.status);
        expect(typeof ((await res.json()) as { error?: unknown }).error).toBe('string');
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });
});
