import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { errorNameForCode, specErrorName } from '../contract/provisioning.js';
import { decrypt, encrypt } from '../contract/wire/envelope-crypto.js';
import { createApp } from '../reference/app.js';
import { ManualClock } from '../reference/core/clock.js';
import { seed } from '../reference/seed.js';
import { createState } from '../reference/state.js';
import { altVariant } from '../reference/variant.js';
import { buildCobrand, buildCompany, buildSecureContact } from '../generators/company.js';
import { inProcessReference } from './support/reference.js';

/** The reference provisioning interface in-process (B5): routes, state, robustness, the alt variant. */

type Reference = ReturnType<typeof inProcessReference>;

function client({ app, profile }: Pick<Reference, 'app' | 'profile'>, names = false) {
  const account = profile.provisioning!;
  return async (path: string, model: unknown, envelope: { Command?: unknown; raw?: string } = {}) => {
    const sealed = encrypt(account.key, JSON.stringify(model));
    const body = envelope.raw ?? JSON.stringify({ UserName: account.userName, PlatformCode: account.platformCode, Command: envelope.Command, IV: sealed.iv, Data: sealed.data, Hash: sealed.hash });
    const res = await app.request(`/Provisioning${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const json = (await res.json()) as { Errors: Array<number | string>; IV: string | null; Data: string | null; TransactionId: string };
    const data = json.Data ? (JSON.parse(decrypt(account.key, json.IV ?? sealed.iv, json.Data)) as Record<string, unknown>) : undefined;
    const errors = json.Errors.map((e) => (names ? specErrorName(String(e)) : errorNameForCode(Number(e))));
    return { status: res.status, errors, data, json, requestIv: sealed.iv };
  };
}

const TODAY = new Date('2026-11-22T12:00:00Z');
const plan = (n: number) => ({ prefix: 'cfself', n, seed: 7, today: TODAY, userTypes: [{ UserTypeCode: 'STANDARD', LicenseQuantity: 3 }] });

describe('reference provisioning interface', () => {
  const reference = inProcessReference();
  const call = client(reference);

  test('serves Provision at the base with and without the trailing slash (B5)', async () => {
    for (const path of ['', '/']) expect((await call(path, {}, { Command: 9 })).errors).toEqual(['UnknownCommand']);
  });

  test('Create stores the company, its admin and a default key the administration interface can look up', async () => {
    const model = buildCompany(plan(0));
    const created = await call('/', model, { Command: 1 });
    expect(created).toMatchObject({ status: 200, errors: [], data: { CompanyName: model.CompanyName, Status: 0 } });
    // default: the request IV echoed, which both DMWEB-CS and DMWEB-JAVA decrypt with (clarifications V2)
    expect(created.json.IV).toBe(created.requestIv);
    const company = reference.state.companies.byName(model.CompanyName)!;
    expect(reference.state.domain.findUserByEmail(model.Admin.Email)?.companyId).toBe(company.id);

    const first = await call('/company/GetEncryptionKey', { ReferenceId: model.ReferenceId });
    const { AutomationId, ApiEncryptionKey } = first.data as { AutomationId: string; ApiEncryptionKey: string };
    expect(reference.state.companies.byAutomationId(AutomationId)).toEqual({ company, key: { automationId: AutomationId, apiEncryptionKey: ApiEncryptionKey } });

    const renewed = await call('/company/NewEncryptionKey', { ReferenceId: model.ReferenceId, AutomationId });
    expect(renewed.data?.ApiEncryptionKey).not.toBe(ApiEncryptionKey);
    expect(reference.state.companies.byAutomationId(AutomationId)?.key.apiEncryptionKey).toBe(renewed.data?.ApiEncryptionKey);
  });

  test("today's date is not in the past; yesterday is (the server's UTC date, spec §7.3 PastExpirationDate)", async () => {
    expect((await call('/', buildCompany(plan(1), { ExpirationDate: '11/22/2026' }), { Command: 1 })).errors).toEqual([]);
    expect((await call('/', buildCompany(plan(2), { ExpirationDate: '11/21/2026' }), { Command: 1 })).errors).toEqual(['PastExpirationDate']);
  });

  test('a Create with several problems names each of them and stores nothing', async () => {
    const model = buildCompany(plan(3), { Status: 5, BillingInterval: { Monthly: true, Years: 2 }, ExpirationDate: '02/30/2030' });
    const reply = await call('/', model, { Command: 1 });
    expect(reply.errors).toEqual(expect.arrayContaining(['UnknownCompanyStatus', 'BillingPeriodInvalid', 'InvalidDate']));
    expect(reference.state.companies.byName(model.CompanyName)).toBeUndefined();
  });

  test('an Update whose Cobrand leaves out SecureContacts keeps the contacts (spec §2.4: SecureContacts is optional)', async () => {
    const p = { ...plan(4), userTypes: [{ UserTypeCode: 'SECURECONTACT', LicenseQuantity: 2 }] };
    const model = buildCompany(p, { Cobrand: buildCobrand(p, buildSecureContact(p, 'SECURECONTACT')) });
    expect((await call('/', model, { Command: 1 })).errors).toEqual([]);
    const update = { ...model, UserTypes: [{ UserTypeCode: 'SECURECONTACT', LicenseQuantity: 0 }], Cobrand: { Color: model.Cobrand!.Color, Url: model.Cobrand!.Url } };
    expect((await call('/', update, { Command: 2 })).errors).toEqual(['LicenseQuantityLessThanNumberOfUsers']);
  });

  test('Command may also be the vendor enum name (DMWEB-JAVA sends names)', async () => {
    expect((await call('/', { CompanyName: 'cfself no such company' }, { Command: 'Update' })).errors).toEqual(['CompanyNotFound']);
  });

  test('no body, envelope or data string of any shape gets a server failure: always HTTP 200 and a ResponseModel with Errors', async () => {
    const { userName, platformCode } = reference.profile.provisioning!;
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.object({ maxDepth: 1 }));
    const envelope = fc.record(
      { UserName: fc.oneof(fc.constant(userName), value), PlatformCode: fc.oneof(fc.constant(platformCode), value), Command: value, IV: value, Data: value, Hash: value },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(envelope.map((e) => JSON.stringify(e)), fc.string(), fc.json()), fc.constantFrom('/', '/company/GetEncryptionKey', '/company/NewEncryptionKey'), async (raw, path) => {
        const reply = await call(path, {}, { raw });
        expect(reply.status).toBe(200);
        expect(reply.errors.length).toBeGreaterThan(0);
        expect(reply.errors.every((e) => e !== undefined)).toBe(true);
      }),
      { seed: 20261122, numRuns: 300 },
    );
    for (const plaintext of ['[1,2]', '"text"', 'null', '{"CompanyName":']) {
      const account = reference.profile.provisioning!;
      const sealed = encrypt(account.key, plaintext);
      const raw = JSON.stringify({ UserName: userName, PlatformCode: platformCode, Command: 1, IV: sealed.iv, Data: sealed.data, Hash: sealed.hash });
      expect((await call('/', {}, { raw })).errors, plaintext).toEqual(['MalformedJsonString']);
    }
  });
});

describe('reference provisioning interface, alt variant', () => {
  const clock = new ManualClock(TODAY);
  const state = createState({ clock, variant: altVariant, identityProvider: { resourceType: 'OpenIdConnect', jwtSecret: 'selftest-secret' } });
  const app = createApp(state);
  const profile = seed(state, 'http://reference.test');
  const call = client({ app, profile: profile as Reference['profile'] }, true);

  test('reports vendor error names, answers with a fresh IV, and the profile says so', async () => {
    expect(profile.provisioning?.reportsErrorNames).toBe(true);
    const unknown = await call('/', {}, { Command: 7 });
    expect(unknown.json.Errors).toEqual(['UnknownCommand']);
    const model = buildCompany(plan(0));
    const created = await call('/', model, { Command: 1 });
    expect(created.errors).toEqual([]);
    // the alt variant's Provision Data is empty (axis provisioning.company-in-response); a key answer carries Data
    const key = await call('/company/GetEncryptionKey', { ReferenceId: model.ReferenceId });
    // alt answers with a fresh IV (axis provisioning.response-iv: the request's IV is the default)
    expect(typeof key.json.IV).toBe('string');
    expect(key.json.IV).not.toBe(key.requestIv);
    const notFound = await call('/company/GetEncryptionKey', { ReferenceId: 'cfself-nothing' });
    expect(notFound.json.Errors).toEqual(['CompanyNotFound']);
  });
});
