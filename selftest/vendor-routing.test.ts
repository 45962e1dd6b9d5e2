import { describe, expect, test } from 'vitest';
import { variantNamed } from '../reference/variant.js';
import { inProcessReference } from './support/reference.js';

/**
 * Routes and JSON names as ASP.NET (the vendor's server) reads them, in one place
 * (reference/http.ts caselessRouting, reference/json.ts); the strict readings are axes
 * (docs/clarifications.md V1).
 */
describe('vendor routing and JSON names (default variant)', () => {
  const { app, profile } = inProcessReference();
  const primary = profile.accounts!.primary!;
  const send = async (base: string, { path, body }: { path: string; body: string }) => {
    const res = await app.request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, text: await res.text() };
  };
  const ok = (r: { status: number; text: string }, what: string) => expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(200);

  test('routes and JSON names match without regard to case; a trailing slash is ignored', async () => {
    for (const base of ['/securemessagingapi', '/SECUREMESSAGINGAPI', '/SecureMessagingApi/']) {
      const path = base.endsWith('/') ? 'Account/Logon/' : '/account/logon';
      const r = await send(base, { path, body: JSON.stringify({ userIdOrEmail: primary.email, PASSWORD: primary.password }) });
      ok(r, `${base}${path}`);
    }
    for (const path of ['/token', '/TOKEN', '/Token/', '/token/Challenge']) {
      expect((await app.request(path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status, path).toBe(400);
    }
    for (const path of ['/provisioning', '/provisioning/', '/PROVISIONING/Company/getEncryptionKey']) {
      const r = await app.request(path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(r.status, path).toBe(200);
      expect(await r.json(), path).toHaveProperty('Errors');
    }
    expect((await app.request('/SecureMessagingApi/Account/NoSuchOperation', { method: 'POST' })).status).toBe(404);
  });

});

describe('the strict readings (axes common.path-case and common.json-name-case = exact)', () => {
  test('B1 paths and vendor-wire names work; other casings do not', async () => {
    const { app, profile } = inProcessReference(undefined, variantNamed('common.path-case=exact,common.json-name-case=exact'));
    const account = profile.accounts!.primary!;
    const logon = (path: string, body: object) => app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await logon('/SecureMessagingAPI/Account/Logon', { UserIdOrEmail: account.username, Password: account.password })).status).toBe(200);
    expect((await logon('/SecureMessagingApi/Account/Logon', { UserIdOrEmail: account.username, Password: account.password })).status).toBe(404);
    expect((await logon('/SecureMessagingAPI/Account/Logon', { userIdOrEmail: account.username, password: account.password })).status).toBe(400);
  });
});
