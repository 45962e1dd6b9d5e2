import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { absence, OPERATIONS, type OfferDeclaration } from '../contract/operations.js';
import { HttpClient, type Exchange } from '../harness/http.js';
import { composeTransport } from '../harness/transport/compose.js';
import { WorkerTransport } from '../harness/transport/worker.js';
import { NotApplicable, OperationAbsent, TargetBroken } from '../harness/outcomes.js';
import { honest } from '../harness/evidence-marks.js';
import { eachOffered } from '../harness/offered.js';
import { Redactor } from '../harness/redact.js';
import { ROOT } from './support/cli.js';
import { sharedFile } from './support/shared.js';
import { lackedOperations, SMTP_SETTINGS } from '../reference/admin/readings.js';
import { variantNamed } from '../reference/variant.js';
import { platformFromEnv } from '../reference/config.js';

/** Operations as data, gated in one place by the profile. */

const ALL = ['token', 'admin', 'messaging-rest', 'messaging-soap', 'provisioning', 'directory', 'smtp'] as const;
const declared = (over: Partial<OfferDeclaration> = {}): OfferDeclaration => ({ interfaces: [...ALL], edition: 'securemail', release: '5.36', ...over });

describe('absence(): the one answer to "does the profile say the target offers this operation?"', () => {
  test('the default profile offers every operation of the catalogue', () => {
    expect(OPERATIONS.filter((o) => absence(declared(), o.id) !== undefined).map((o) => o.id)).toEqual([]);
  });

  test('an interface the profile leaves out takes all its operations, naming `interfaces`', () => {
    const reason = absence(declared({ interfaces: ['token', 'admin'] }), 'messaging-rest.GetMessage');
    expect(reason).toMatch(/does not offer the messaging-rest interface \(interfaces\)/);
    expect(absence(declared({ interfaces: ['token', 'admin'] }), 'admin.ListAccounts')).toBeUndefined();
  });

  test.each([
    ['securemail', '5.36', undefined, undefined],
    ['securemail', '5.37', /\(edition, release\); spec §9: "The SOAP messaging calls/, /\(edition, release\); spec §9: "The SOAP messaging calls/],
    ['securemail', '5.4', undefined, undefined],
    ['direct', '6.1', undefined, undefined],
    ['direct', '6.2', undefined, /\(edition, release\); spec §9: "The mailbox XML listing is removed/],
    ['direct', '6.3', /spec §9: "The SOAP messaging calls/, /spec §9: "The SOAP messaging calls/],
  ] as const)('spec §9 on %s %s: SOAP Logon %s, GetMailboxXML %s', (edition, release, soap, mailbox) => {
    const profile = declared({ edition, release });
    const check = (reason: string | undefined, want: RegExp | undefined) => (want ? expect(reason).toMatch(want) : expect(reason).toBeUndefined());
    check(absence(profile, 'messaging-soap.Logon'), soap);
    check(absence(profile, 'messaging-soap.GetMailboxXML'), mailbox);
    // §9 removes nothing from REST
    expect(absence(profile, 'messaging-rest.GetMessage')).toBeUndefined();
  });

  test('admin.unavailableOperations takes exactly the operations it lists, naming the key and quoting §9', () => {
    const profile = declared({ edition: 'direct', release: '6.2', admin: { unavailableOperations: [...SMTP_SETTINGS] } });
    const absent = OPERATIONS.filter((o) => absence(profile, o.id) !== undefined).map((o) => o.id);
    expect(absent).toEqual(['admin.GetSmtpCredentials', 'admin.ResetSmtpPassword', 'admin.UpdateIpWhitelist', 'messaging-soap.GetMailboxXML']);
    expect(absence(profile, 'admin.GetSmtpCredentials')).toBe(
      'admin Get company SMTP credentials (§4.2) is not offered: the profile lists GetSmtpCredentials as unavailable on its direct edition (admin.unavailableOperations); spec §9: "Some administration methods cannot be used on the direct-messaging edition."',
    );
  });

  test('every quoted §9 sentence is the spec’s own', () => {
    const spec = readFileSync(sharedFile('spec/interface-spec.md') ?? join(ROOT, '../shared/spec/interface-spec.md'), 'utf8');
    const profile = declared({ edition: 'direct', release: '6.3', admin: { unavailableOperations: ['ListAccounts'] } });
    for (const reason of [absence(profile, 'messaging-soap.Logon'), absence(declared({ edition: 'direct', release: '6.2' }), 'messaging-soap.GetMailboxXML'), absence(profile, 'admin.ListAccounts')]) {
      const quoted = /"([^"]+)"/.exec(reason ?? '')?.[1];
      expect(quoted && spec.includes(quoted), reason).toBe(true);
    }
  });
});

describe('the gate in the HTTP client', () => {
  const closers: Array<() => void> = [];
  afterAll(() => closers.forEach((c) => c()));

  async function client(offers: OfferDeclaration | undefined) {
    let hits = 0;
    const server = createServer((req, res) => {
      hits += 1;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
    const exchanges: Exchange[] = [];
    const http = new HttpClient(composeTransport(new WorkerTransport(), { timeoutMs: 5_000, record: (x) => exchanges.push(x) }), { timeoutMs: 5_000, redact: new Redactor(), offers });
    return { http, exchanges, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
  }

  test('an absent operation ends as OperationAbsent before anything is sent; an offered one is sent and recorded with its operation', async () => {
    const c = await client(declared({ edition: 'direct', release: '6.2', admin: { unavailableOperations: ['GetSmtpCredentials'] } }));
    await expect(c.http.send('GET', `${c.url}/Remote/Smtp/GetCredentials`, { operation: 'admin.GetSmtpCredentials' })).rejects.toBeInstanceOf(OperationAbsent);
    await expect(c.http.send('GET', `${c.url}/?WSDL`, { service: 'messaging-soap' })).resolves.toMatchObject({ status: 200 });
    expect(c.hits()).toBe(1);
    await c.http.send('GET', `${c.url}/Remote/Account/GetUserTypes`, { operation: 'admin.GetUserTypes' });
    expect(c.exchanges.map((x) => x.operation)).toEqual([undefined, 'admin.GetUserTypes']);
    // the visible opt-out, for the rule that checks the declaration itself
    await c.http.ungated().send('GET', `${c.url}/Remote/Smtp/GetCredentials`, { operation: 'admin.GetSmtpCredentials' });
    expect(c.hits()).toBe(3);
    expect(c.exchanges.at(-1)?.operation).toBe('admin.GetSmtpCredentials');
  });

  test('a service past spec §9 is gated too (SOAP ?WSDL on direct 6.3)', async () => {
    const c = await client(declared({ edition: 'direct', release: '6.3' }));
    await expect(c.http.send('GET', `${c.url}/?WSDL`, { service: 'messaging-soap' })).rejects.toThrow(/spec §9: "The SOAP messaging calls/);
    expect(c.hits()).toBe(0);
  });

  test('eachOffered() leaves out absent operations and is not applicable only when none is offered', async () => {
    const c = await client(declared({ admin: { unavailableOperations: ['GetSmtpCredentials'] } }));
    const call = (op: 'admin.GetSmtpCredentials' | 'admin.GetUserTypes') => () => c.http.send('GET', `${c.url}/x`, { operation: op });
    const done = await eachOffered([
      ['smtp', call('admin.GetSmtpCredentials')],
      ['types', call('admin.GetUserTypes')],
    ]);
    expect(done.map(([name]) => name)).toEqual(['types']);
    await expect(eachOffered([['smtp', call('admin.GetSmtpCredentials')]])).rejects.toBeInstanceOf(OperationAbsent);
  });
});

describe('honest outcomes keep the gate’s verdict', () => {
  test('after a 5xx (a SOAP Fault is HTTP 500), a profile-declared absence stays not applicable; any other not applicable turns broken', () => {
    const fault: Exchange = { method: 'POST', url: 'http://127.0.0.1:1/cmv4/cmv4.asmx', requestHeaders: {}, status: 500, ms: 1 };
    expect(honest(new OperationAbsent('admin.GetSmtpCredentials', 'declared absent (admin.unavailableOperations)'), [fault])).toBeInstanceOf(OperationAbsent);
    expect(honest(new NotApplicable('the pool had no account'), [fault])).toBeInstanceOf(TargetBroken);
  });
});

describe('the reference’s edition axis', () => {
  test('only the direct edition lacks operations; smtp-settings lacks the three SMTP settings methods; random replays from the seed', () => {
    expect(lackedOperations(variantNamed('admin.edition-lacks=smtp-settings'), 'securemail')).toEqual([]);
    expect(lackedOperations(variantNamed('admin.edition-lacks=smtp-settings'), 'direct')).toEqual(['GetSmtpCredentials', 'ResetSmtpPassword', 'UpdateIpWhitelist']);
    const drawn = lackedOperations(variantNamed('random:20261123'), 'direct');
    expect(drawn).toEqual(lackedOperations(variantNamed('random:20261123'), 'direct'));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn).not.toContain('GetSessionKey');
  });

  test('the platform comes from REFERENCE_EDITION / REFERENCE_RELEASE, else the variant; alt keeps SOAP (direct 6.1)', () => {
    expect(platformFromEnv({}, variantNamed('alt'))).toEqual({ edition: 'direct', release: '6.1' });
    expect(platformFromEnv({}, variantNamed('default'))).toEqual({ edition: 'securemail', release: '5.36' });
    expect(platformFromEnv({ REFERENCE_EDITION: 'direct' }, variantNamed('alt'))).toEqual({ edition: 'direct', release: '6.2' });
    const alt = platformFromEnv({}, variantNamed('alt'));
    expect(absence(declared(alt), 'messaging-soap.GetMailboxXML')).toBeUndefined();
  });
});
