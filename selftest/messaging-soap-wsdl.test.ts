import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SOAP11_ENV, SOAP_OPERATIONS } from '../contract/messaging-soap.js';
import { childNamed, parseXml } from '../contract/wire/xml.js';
import { readWsdl, type Wsdl, type WsdlOperation } from '../harness/wsdl.js';
import { createApp } from '../reference/app.js';
import { ManualClock } from '../reference/core/clock.js';
import { seed } from '../reference/seed.js';
import { createState, type Platform } from '../reference/state.js';
import { defaultVariant } from '../reference/variant.js';
import { ROOT } from './support/cli.js';
import { sharedFile } from './support/shared.js';

/**
 * A WSDL-driven client, as zeep, .NET or Axis would generate one: a generic reader over the
 * reference's own `?WSDL` builds every offered operation's envelope from the description alone
 * (element names, order, types, SOAPAction) and calls it. Where ../shared is present, the
 * reference's WSDL is compared with the vendor's (spec/wire/cmv4.wsdl) operation by operation.
 */

const VENDOR_WSDL = sharedFile('spec/wire/cmv4.wsdl') ?? join(ROOT, '../shared/spec/wire/cmv4.wsdl');
/** Operations of the vendor's WSDL that the spec does not name (wire/README.md). */
const VENDOR_ONLY = ['DeleteInboxMessage', 'GetInboxMIDs', 'GetInboxMIMEMessage', 'GetInboxMIMEMessageEncoded', 'SendMIMEMessageEncoded'];

function reference(platform?: Platform) {
  const state = createState({ clock: new ManualClock(new Date('2026-11-22T12:00:00Z')), variant: defaultVariant, identityProvider: { resourceType: 'OpenIdConnect', jwtSecret: 'selftest-secret' }, platform });
  const app = createApp(state);
  return { app, profile: seed(state, 'http://reference.test') };
}

async function wsdlOf(app: ReturnType<typeof reference>['app']): Promise<Wsdl> {
  const res = await app.request('/cmv4/cmv4.asmx?WSDL');
  expect(res.status).toBe(200);
  return readWsdl(await res.text());
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A client generated from the description: values by element name where known, by type otherwise. */
async function invoke(app: ReturnType<typeof reference>['app'], wsdl: Wsdl, op: WsdlOperation, values: Record<string, string>) {
  const children = op.input.map((p) => `<${p.name}>${escape(values[p.name] ?? (p.type === 'int' ? '0' : p.type === 'boolean' ? 'false' : ''))}</${p.name}>`).join('');
  const body = `<e:Envelope xmlns:e="${SOAP11_ENV}"><e:Body><${op.name} xmlns="${wsdl.targetNamespace}">${children}</${op.name}></e:Body></e:Envelope>`;
  const res = await app.request(new URL(wsdl.address!).pathname, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${op.soapAction}"` }, body });
  const parsed = parseXml(await res.text());
  if (!parsed.ok) throw new Error(`${op.name}: ${parsed.reason}`);
  const first = childNamed(parsed.root, 'Body', SOAP11_ENV)?.children[0];
  return { status: res.status, element: first?.local, ns: first?.ns, result: first && op.result ? childNamed(first, op.result.name)?.text : undefined };
}

describe("a client generated from the reference's ?WSDL", () => {
  test('calls every offered operation; each answers <Op>Response as the WSDL describes it', async () => {
    const { app, profile } = reference();
    const wsdl = await wsdlOf(app);
    expect(wsdl.operations.map((o) => o.name).sort()).toEqual(SOAP_OPERATIONS.map((o) => o.name).sort());
    const primary = profile.accounts!.primary!;
    const peer = profile.accounts!.peer!;
    const byName = new Map(wsdl.operations.map((o) => [o.name, o]));
    const values: Record<string, string> = { UserIDorEmail: primary.username, Password: primary.password };
    const logon = await invoke(app, wsdl, byName.get('Logon')!, values);
    values.SessionKey = logon.result!;
    Object.assign(values, {
      FolderName: 'wsdl-driven',
      Message: `From: ${primary.email}\r\nTo: ${peer.email}\r\nSubject: wsdl-driven\r\n\r\nbody\r\n`,
      PageNum: '1',
      PageSize: '10',
      OrderBy: 'DATE',
      FolderID: '0',
      DestFID: '1',
      EmailAddr: primary.email,
      OldPassword: primary.password,
      NewPassword: primary.password,
      InTransitValue: 'true',
    });
    // a message in primary's Inbox, sent by peer through the same generated client
    const peerKey = (await invoke(app, wsdl, byName.get('Logon')!, { UserIDorEmail: peer.username, Password: peer.password })).result!;
    const sent = await invoke(app, wsdl, byName.get('SendMIMEMessage')!, { SessionKey: peerKey, Message: `From: ${peer.email}\r\nTo: ${primary.email}\r\nSubject: wsdl-driven in\r\n\r\nbody\r\n` });
    values.MID = /<NewMID>(\d+)</.exec(sent.result ?? '')?.[1] ?? '';
    expect(values.MID, 'SendMIMEMessage answers a NewMID').not.toBe('');
    // Logout last, ChangePassword (same password: refused) before it; the rest in WSDL order
    const order = [...wsdl.operations.filter((o) => !['Logon', 'Logout', 'ChangePassword'].includes(o.name)), byName.get('ChangePassword')!, byName.get('Logout')!];
    const outcomes: Record<string, string> = {};
    for (const op of order) {
      const answer = await invoke(app, wsdl, op, values);
      expect(answer.element, `${op.name} answers a SOAP Body`).toBeDefined();
      if (answer.element === 'Fault') outcomes[op.name] = 'fault';
      else {
        expect(answer, op.name).toMatchObject({ status: 200, element: op.responseElement, ns: wsdl.targetNamespace });
        if (op.result) expect(answer.result, `${op.name} carries ${op.result.name}`).toBeTypeOf('string');
        outcomes[op.name] = 'ok';
        if (op.name === 'CreateFolder') values.FID = /<NewFID>(\d+)</.exec(answer.result!)![1]!;
      }
    }
    // with these values every operation but the refused password change and the retraction of a
    // message primary did not send succeeds
    expect(Object.entries(outcomes).filter(([, o]) => o === 'fault').map(([n]) => n).sort()).toEqual(['ChangePassword', 'RetractMessage']);
  });

  test('under direct 6.2 the WSDL no longer offers GetMailboxXML (spec §9), and a call to it is a Fault', async () => {
    const { app } = reference({ edition: 'direct', release: '6.2' });
    const wsdl = await wsdlOf(app);
    expect(wsdl.operations.map((o) => o.name)).not.toContain('GetMailboxXML');
    expect(wsdl.operations).toHaveLength(SOAP_OPERATIONS.length - 1);
    const res = await app.request('/cmv4/cmv4.asmx', {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${wsdl.targetNamespace}/GetMailboxXML"` },
      body: `<s:Envelope xmlns:s="${SOAP11_ENV}"><s:Body><GetMailboxXML xmlns="${wsdl.targetNamespace}"/></s:Body></s:Envelope>`,
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/Fault/);
  });

  test('under securemail 5.37 the endpoint is gone (spec §9)', async () => {
    const { app } = reference({ edition: 'securemail', release: '5.37' });
    expect((await app.request('/cmv4/cmv4.asmx?WSDL')).status).toBe(404);
  });

  test.skipIf(!existsSync(VENDOR_WSDL))("matches the vendor's cmv4.wsdl operation by operation (names, SOAPAction, request children and types, result)", async () => {
    const ours = await wsdlOf(reference().app);
    const vendor = readWsdl(readFileSync(VENDOR_WSDL, 'utf8'));
    expect(ours.targetNamespace).toBe(vendor.targetNamespace);
    const theirs = new Map(vendor.operations.map((o) => [o.name, o]));
    for (const op of ours.operations) {
      const v = theirs.get(op.name);
      expect(v, `${op.name} is in the vendor's WSDL`).toBeDefined();
      expect({ action: op.soapAction, input: op.input, result: op.result?.name }, op.name).toEqual({ action: v!.soapAction, input: v!.input, result: v!.result?.name });
    }
    expect(vendor.operations.map((o) => o.name).filter((n) => !ours.operations.some((o) => o.name === n)).sort()).toEqual(VENDOR_ONLY);
  });
});
