import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createClientAsync, type Client } from 'soap';
import { afterAll, describe, expect, test } from 'vitest';
import { SOAP_OPERATIONS } from '../contract/messaging-soap.js';
import { childNamed, descendantsNamed, parseXml, type XmlElement } from '../contract/wire/xml.js';
import { start, type RunningReference } from '../reference/server.js';
import { variantNamed } from '../reference/variant.js';
import { ROOT } from './support/cli.js';
import { sharedFile } from './support/shared.js';

/**
 * The reference driven by a real WSDL client from npm (`soap`, node-soap),
 * generated once from the vendor's cmv4.wsdl (read from ../shared at test time, never copied;
 * its address pointed at the reference) and once from the reference's own `?WSDL` (its
 * soap:address used as is). All 15 operations (spec §4.4 table + GetMailboxXML) are called
 * with a CRLF MIME, and each effect is read back through another operation.
 * node-soap writes CR and LF as `&#xD;` / `&#xA;` and reads responses with sax.
 */

const VENDOR_WSDL = sharedFile('spec/wire/cmv4.wsdl') ?? join(ROOT, '../shared/spec/wire/cmv4.wsdl');
const running: RunningReference[] = [];
afterAll(() => Promise.all(running.map((r) => r.close())));

type Args = Record<string, string | number | boolean>;
interface Answer {
  result?: string;
  fault?: string;
}

/** One call through the SOAP 1.1 port (CMv4Soap); a Fault is an answer, not an exception. */
function caller(client: Client) {
  const port = (client as unknown as Record<string, Record<string, Record<string, (a: Args, cb: (err: unknown, res: unknown) => void) => void>>>).CMv4!.CMv4Soap!;
  return (op: string, args: Args): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const method = port[op];
      if (!method) return reject(new Error(`the generated client has no ${op}`));
      method(args, (err, res) => {
        if (err) {
          const fault = (err as { root?: { Envelope?: { Body?: { Fault?: { faultstring?: string } } } } }).root?.Envelope?.Body?.Fault;
          return fault ? resolve({ fault: String(fault.faultstring ?? '') }) : reject(err as Error);
        }
        const value = (res as Record<string, unknown> | null)?.[`${op}Result`];
        resolve({ result: value === undefined || value === null ? undefined : String(value) });
      });
    });
}

const doc = (text: string | undefined): XmlElement => {
  const p = parseXml(text ?? '');
  if (!p.ok) throw new Error(`an inner XML document: ${p.reason}`);
  return p.root;
};
const field = (el: XmlElement, name: string) => descendantsNamed(el, name)[0]?.text.trim();
const ok = (a: Answer, op: string) => {
  expect(a.fault, `${op} answers a Fault: ${a.fault}`).toBeUndefined();
  return a.result;
};

const SOURCES = [
  { name: "the vendor's cmv4.wsdl (address pointed at the reference)", available: existsSync(VENDOR_WSDL), make: (endpoint: string) => createClientAsync(VENDOR_WSDL, { endpoint }) },
  { name: "the reference's own ?WSDL", available: true, make: (endpoint: string) => createClientAsync(`${endpoint}?WSDL`) },
];

/**
 * The reference's SOAP readings this client is run against: the default; every other SOAP axis
 * value at once; CDATA results. Not the pair CDATA + inner documents with an XML declaration
 * (`soap.inner-root-names=alternative`): node-soap 1.13 turns a CDATA section that holds
 * `<?xml ...?>` into an object (lib/wsdl oncdata), not the xs:string its WSDL declares, so it
 * cannot read that legal reading as a string (clarification X1).
 */
const VARIANTS = [
  'default',
  'soap.envelope-prefix=SOAP-ENV,soap.inner-root-names=alternative,soap.inner-date-format=display,soap.inner-booleans=pascal,soap.fault-code=server,soap.extra-elements=true,soap.void-response=result-text',
  'soap.envelope-prefix=default-namespace,soap.result-escaping=cdata,soap.inner-date-format=xsd-local,soap.fault-code=client',
];
const CASES = SOURCES.flatMap((s) => VARIANTS.map((variant) => ({ ...s, variant })));

describe.each(CASES)('a node-soap client generated from $name, reference variant $variant', ({ available, make, variant }) => {
  test.skipIf(!available)('calls all 15 operations with a CRLF MIME and reads each effect back', async () => {
    const ref = await start({ platform: { edition: 'securemail', release: '5.36' }, variant: variantNamed(variant) });
    running.push(ref);
    const call = caller(await make(`${ref.url}/cmv4/cmv4.asmx`));
    const called = new Set<string>();
    const soap = async (op: string, args: Args) => (called.add(op), call(op, args));
    const primary = ref.profile.accounts!.primary!;
    const peer = ref.profile.accounts!.peer!;

    // Logon, GetAccountDetails: the key works
    const key = ok(await soap('Logon', { UserIDorEmail: primary.username, Password: primary.password }), 'Logon')!.trim();
    const peerKey = ok(await soap('Logon', { UserIDorEmail: peer.username, Password: peer.password }), 'Logon')!.trim();
    expect(doc(ok(await soap('GetAccountDetails', { SessionKey: key }), 'GetAccountDetails')).local).toBe('AccountDetails');

    // CreateFolder, then GetFolderList shows it under its name
    const name = 'npm <client> & "co"';
    const fid = field(doc(ok(await soap('CreateFolder', { SessionKey: key, FolderType: 0, FolderName: name }), 'CreateFolder')), 'NewFID');
    const folders = async () => descendantsNamed(doc(ok(await soap('GetFolderList', { SessionKey: key }), 'GetFolderList')), 'FID').map((f) => f.text.trim());
    expect(await folders()).toContain(fid);
    expect(descendantsNamed(doc(ok(await soap('GetFolderList', { SessionKey: key }), 'GetFolderList')), 'Name').map((n) => n.text)).toContain(name);

    // SendMIMEMessage (peer → primary, CRLF): delivered to primary's Inbox, GetMIMEMessage gives back CRLF
    const mime = `From: ${peer.email}\r\nTo: ${primary.email}\r\nSubject: npm soap crlf\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nline one\r\nline two\r\n`;
    const mid = field(doc(ok(await soap('SendMIMEMessage', { SessionKey: peerKey, Message: mime }), 'SendMIMEMessage')), 'NewMID')!;
    const listing = async (k: string, mailboxType: number, folderId: string | number) =>
      descendantsNamed(
        doc(ok(await soap('GetMailboxXML', { SessionKey: k, MailboxType: mailboxType, PageNum: 1, OrderBy: 'DATE', FolderID: folderId, Filter: '', PageSize: 100, OrderDesc: true, GetRetractedMsgs: true, GetInboxUnReadOnly: false }), 'GetMailboxXML')),
        'MessageListItem',
      );
    const mids = async (k: string, type: number, folderId: string | number) => (await listing(k, type, folderId)).map((i) => field(i, 'MID'));
    expect(await mids(key, 0, 0), "the message is in primary's Inbox").toContain(mid);
    const got = ok(await soap('GetMIMEMessage', { SessionKey: key, MID: mid, WithCMHeaderXML: false, WithTrackingXML: false, WithSecurityEnvelope: false }), 'GetMIMEMessage')!;
    expect(got).toMatch(/^Subject: npm soap crlf\r$/m);
    expect(got).toContain('\r\n\r\n');
    expect(got.split('\r\n').join(''), 'every line of GetMIMEMessageResult ends with CRLF').not.toMatch(/[\r\n]/);

    // SetInTransit, then GetInTransit answers the value
    for (const value of [true, false]) {
      ok(await soap('SetInTransit', { SessionKey: key, FolderType: 0, MID: mid, InTransitValue: value }), 'SetInTransit');
      expect(field(doc(ok(await soap('GetInTransit', { SessionKey: key, FolderType: 0, MID: mid }), 'GetInTransit')), 'Value')?.toLowerCase()).toBe(String(value));
    }

    // MoveMessage into the new folder: that folder's listing has it, the Inbox's does not
    ok(await soap('MoveMessage', { SessionKey: key, MID: mid, DestFID: fid! }), 'MoveMessage');
    expect(await mids(key, 0, fid!)).toContain(mid);
    expect(await mids(key, 0, 0)).not.toContain(mid);

    // DeleteFolder: gone from the list, its message back in the parent Inbox (spec §3.2)
    ok(await soap('DeleteFolder', { SessionKey: key, FID: fid! }), 'DeleteFolder');
    expect(await folders()).not.toContain(fid);
    expect(await mids(key, 0, 0)).toContain(mid);

    // RetractMessage by the sender: the sender's copy is Retracted (-2), primary's copy stays (spec §3.1, §3.2)
    ok(await soap('RetractMessage', { SessionKey: peerKey, MID: mid }), 'RetractMessage');
    const sent = (await listing(peerKey, 1, 0)).find((i) => field(i, 'MID') === mid);
    expect(sent && field(sent, 'MsgStatus')).toBe('-2');
    expect(await mids(key, 0, 0)).toContain(mid);

    // DeleteMessage: no longer in primary's Inbox (moved toward Trash, spec §3.2)
    expect(doc(ok(await soap('DeleteMessage', { SessionKey: key, FolderType: 0, MID: mid, PermanentlyDelete: false }), 'DeleteMessage')).local).toBeTruthy();
    expect(await mids(key, 0, 0)).not.toContain(mid);

    // ChangePassword (EmailAddr, no key): the new password logs on, the old one no longer does; then put back
    const interim = `${primary.password}-npm1`;
    ok(await soap('ChangePassword', { EmailAddr: primary.email, NewPassword: interim, OldPassword: primary.password }), 'ChangePassword');
    expect((await soap('Logon', { UserIDorEmail: primary.username, Password: primary.password })).fault).toBeDefined();
    expect(ok(await soap('Logon', { UserIDorEmail: primary.username, Password: interim }), 'Logon')).toBeTruthy();
    ok(await soap('ChangePassword', { EmailAddr: primary.email, NewPassword: primary.password, OldPassword: interim }), 'ChangePassword');

    // Logout: the key no longer works
    ok(await soap('Logout', { SessionKey: key }), 'Logout');
    expect((await soap('GetAccountDetails', { SessionKey: key })).fault).toBeDefined();

    expect([...called].sort()).toEqual(SOAP_OPERATIONS.map((o) => o.name).sort());
  });
});
