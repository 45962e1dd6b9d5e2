import { describe, expect, test } from 'vitest';
import { formatTimeStamp, sealLogin } from '../contract/wire/admin-login.js';
import { variantNamed } from '../reference/variant.js';
import { fuzzBody, Prng, weirdValue } from './support/fuzz.js';
import { inProcessReference } from './support/reference.js';

/**
 * The reference's administration interface as the vendor's clients call it (vendor-wire §3,
 * §3.1), and malformed bodies sent WITH an administrator's key (the route fuzz self-test only
 * reaches the key check): never a 5xx.
 */
const ROUTES: Array<[string, string]> = [
  ['GET', '/Remote/Account/GetUserTypes'],
  ['POST', '/Remote/Account/List'],
  ['POST', '/Remote/Account/Create'],
  ['POST', '/Remote/Account/Read'],
  ['POST', '/Remote/Account/Update'],
  ['POST', '/Remote/Account/Delete'],
  ['POST', '/Remote/Account/GetEncryptionKey'],
  ['GET', '/Remote/Smtp/GetCredentials'],
  ['PUT', '/Remote/Smtp/PutSmtpEndpoints'],
];

function reference(variant = 'default') {
  const ref = inProcessReference(undefined, variantNamed(variant));
  const admin = ref.profile.admin!;
  const login = (identity: Record<string, string>, format: 'iso' | 'us' = admin.timeStampFormat ?? 'iso', bare = false) => {
    const sealed = sealLogin(admin.automationId, admin.encryptionKey, identity, formatTimeStamp(ref.clock.now(), format));
    return ref.app.request('/Remote/Account/GetSessionKey', { method: 'POST', headers: sealed.headers, body: bare ? sealed.envelope.data : sealed.body });
  };
  return { ...ref, admin, login };
}

describe('reference administration interface', () => {
  test('Get a session key as CS-ADMIN (ISO, quoted body) and DMWEB-JAVA (US time stamp) and DMWEB-CS 3.5 (bare base64) send it', async () => {
    const { admin, login } = reference();
    for (const res of [await login({ Email: admin.email }), await login({ Email: admin.email }, 'us'), await login({ Email: admin.email }, 'iso', true)]) {
      expect(res.status).toBe(200);
      expect(typeof (await res.json())).toBe('string');
    }
  });

  test('the SMTP routes answer CS-ADMIN casing, and an empty-string body removes the whitelist', async () => {
    const { app, admin, login } = reference();
    const key = (await (await login({ Email: admin.email })).json()) as string;
    const headers = { 'x-session-key': key, 'content-type': 'application/json' };
    expect((await app.request('/Remote/SMTP/GetCredentials', { headers })).status).toBe(200);
    const set = await app.request('/Remote/Smtp/PutSmtpEndpoints', { method: 'PUT', headers, body: JSON.stringify([{ IpAddress: '127.0.0.2', Subnet: '', Domain: '', Incoming: true, Outgoing: true, Port: 25 }, null]) });
    expect(((await set.json()) as { Endpoints: unknown[] }).Endpoints).toHaveLength(1);
    const removed = await app.request('/Remote/Smtp/PutSmtpEndpoints', { method: 'PUT', headers, body: '""' });
    expect(((await removed.json()) as { Endpoints: unknown[] }).Endpoints).toEqual([]);
  });

  test.each(['default', 'alt'])('%s variant: malformed bodies with an administrator key get no 5xx', { timeout: 60_000 }, async (variant) => {
    const { app, admin, login } = reference(variant);
    const key = (await (await login({ Email: admin.email })).text()).replace(/^"|"$/g, '').replace(/^\{"SessionKey":"|"\}$/g, '');
    const r = new Prng(20261123);
    const known = { Email: admin.email, UserId: 'administrator', CompanyId: 1001, UserTypeId: 1, IpAddress: '127.0.0.1' };
    const failures: string[] = [];
    for (let i = 0; i < 1500; i += 1) {
      const [method, path] = r.pick(ROUTES);
      const body = r.chance(0.2) ? JSON.stringify([weirdValue(r), known]) : fuzzBody(r, known);
      const res = await app.request(path, { method, headers: { 'x-session-key': key, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : body });
      if (res.status >= 500) failures.push(`${method} ${path} ${body?.slice(0, 200)} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
