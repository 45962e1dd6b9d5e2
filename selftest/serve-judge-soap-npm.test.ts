import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClientAsync, type Client } from 'soap';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SOAP_OPERATIONS } from '../contract/messaging-soap.js';
import { SummarySchema } from '../contract/summary.js';
import { descendantsNamed, parseXml } from '../contract/wire/xml.js';
import { FINISH_PATH, judgeTraffic } from '../judge/serve-judge.js';
import { start, type RunningReference } from '../reference/server.js';
import { SOAP_ASPECTS, soapRuleId } from '../specs/messaging-soap/client.rules.js';
import { ROOT } from './support/cli.js';
import { sharedFile } from './support/shared.js';

/**
 * The vendor's own kind of client judged: node-soap (`soap` from npm) generated from the vendor's
 * cmv4.wsdl (read from ../shared, its address pointed at the judge's recording front), driven
 * through a realistic session (log on, the account, folders, send, list, move, log out), judged
 * by `serve --judge` in-process. Every SOAP client rule it exercises passes; the rules and the
 * SOAP operations it did not exercise are listed as not exercised in the report.
 */

const VENDOR_WSDL = sharedFile('spec/wire/cmv4.wsdl') ?? join(ROOT, '../shared/spec/wire/cmv4.wsdl');
type Args = Record<string, string | number | boolean>;

/** One call through the SOAP 1.1 port; a Fault is an answer (`fault`), not an exception. */
function caller(client: Client) {
  const port = (client as unknown as Record<string, Record<string, Record<string, (a: Args, cb: (err: unknown, res: unknown) => void) => void>>>).CMv4!.CMv4Soap!;
  return (op: string, args: Args): Promise<{ result?: string; fault?: string }> =>
    new Promise((resolve, reject) => {
      port[op]!(args, (err, res) => {
        if (err) {
          const fault = (err as { root?: { Envelope?: { Body?: { Fault?: { faultstring?: string } } } } }).root?.Envelope?.Body?.Fault;
          return fault ? resolve({ fault: String(fault.faultstring ?? '') }) : reject(err as Error);
        }
        const value = (res as Record<string, unknown> | null)?.[`${op}Result`];
        resolve({ result: value === undefined || value === null ? undefined : String(value) });
      });
    });
}

const field = (xml: string | undefined, name: string) => {
  const p = parseXml(xml ?? '');
  return p.ok ? descendantsNamed(p.root, name)[0]?.text.trim() : undefined;
};

/** The session a mail client of the vendor's makes; these are the operations it calls. */
const SESSION_OPS = ['Logon', 'GetAccountDetails', 'GetFolderList', 'CreateFolder', 'SendMIMEMessage', 'GetMailboxXML', 'MoveMessage', 'GetMIMEMessage', 'DeleteFolder', 'Logout'];

/** The vendor's WSDL (its address pointed at the front), or the reference's own ?WSDL fetched through the front (its address names the front: no override). */
const SOURCES = [
  { name: "the vendor's cmv4.wsdl", available: existsSync(VENDOR_WSDL), make: (front: string) => createClientAsync(VENDOR_WSDL, { endpoint: `${front}/cmv4/cmv4.asmx` }), fetched: [] as string[] },
  { name: "the reference's own ?WSDL, fetched through the judge", available: true, make: (front: string) => createClientAsync(`${front}/cmv4/cmv4.asmx?WSDL`), fetched: ['GetWsdl'] },
];

describe.each(SOURCES)('node-soap from $name, judged by serve --judge', ({ available, make, fetched }) => {
  let ref: RunningReference;
  beforeAll(async () => {
    ref = await start({ platform: { edition: 'securemail', release: '5.36' } });
  });
  afterAll(async () => {
    await ref?.close();
  });

  test.skipIf(!available)('every SOAP client rule it exercises passes; the SOAP operations it did not call are listed as not exercised', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'judge-soap-npm-'));
    const lines: string[] = [];
    const front = await judgeTraffic({ upstream: ref.url, profile: ref.profile, reportsDir: reports, log: (l) => lines.push(l) });
    const call = caller(await make(front.url));
    const ok = async (op: string, args: Args) => {
      const a = await call(op, args);
      expect(a.fault, `${op} answers a Fault: ${a.fault}`).toBeUndefined();
      return a.result;
    };
    const primary = ref.profile.accounts!.primary!;
    const peer = ref.profile.accounts!.peer!;

    const key = (await ok('Logon', { UserIDorEmail: primary.username, Password: primary.password }))!.trim();
    await ok('GetAccountDetails', { SessionKey: key });
    await ok('GetFolderList', { SessionKey: key });
    const fid = field(await ok('CreateFolder', { SessionKey: key, FolderType: 0, FolderName: 'Judged & filed' }), 'NewFID')!;
    const mime = `From: ${primary.email}\r\nTo: ${peer.email}, ${primary.email}\r\nSubject: judged\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhello\r\n`;
    const mid = field(await ok('SendMIMEMessage', { SessionKey: key, Message: mime }), 'NewMID')!;
    await ok('GetMailboxXML', { SessionKey: key, MailboxType: 0, PageNum: 1, OrderBy: 'DATE', FolderID: 0, Filter: '', PageSize: 50, OrderDesc: true, GetRetractedMsgs: false, GetInboxUnReadOnly: false });
    await ok('MoveMessage', { SessionKey: key, MID: mid, DestFID: fid });
    await ok('GetMIMEMessage', { SessionKey: key, MID: mid, WithCMHeaderXML: false, WithTrackingXML: false, WithSecurityEnvelope: false });
    await ok('DeleteFolder', { SessionKey: key, FID: fid });
    await ok('Logout', { SessionKey: key });

    await fetch(`${front.url}${FINISH_PATH}`, { method: 'POST' });
    const code = await front.done;
    const summary = SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')));
    const judgement = JSON.parse(readFileSync(join(reports, 'client-judgement.json'), 'utf8')) as { operations: { exercised: string[]; notExercised: string[] } };
    const verdictText = readFileSync(join(reports, 'client-verdict.txt'), 'utf8');

    const soapRules = summary.rules.filter((r) => r.interface === 'messaging-soap');
    expect(soapRules.filter((r) => r.outcome === 'fail').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    expect(summary.rules.filter((r) => r.outcome === 'fail')).toEqual([]);
    // each operation's four request-form rules, the key order, the folder limits: judged and passed
    for (const op of SESSION_OPS) expect(SOAP_ASPECTS.map((a) => soapRules.find((r) => r.id === soapRuleId(op, a))?.outcome), op).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(soapRules.find((r) => r.id === 'messaging-soap.client.key-issued-first')?.outcome).toBe('pass');
    expect(soapRules.find((r) => r.id === 'messaging-soap.client.no-key-after-logout')?.outcome).toBe('pass');
    expect(code).toBe(0);
    expect(summary.verdict?.kind).toBe('CONFORMS');

    // the SOAP operations it did not call: listed, in the judgement and the verdict text
    const notCalled = SOAP_OPERATIONS.map((o) => o.name).filter((n) => !SESSION_OPS.includes(n));
    expect(notCalled.length).toBeGreaterThan(0);
    const soapExercised = judgement.operations.exercised.filter((id) => id.startsWith('messaging-soap.'));
    expect(soapExercised.sort()).toEqual([...SESSION_OPS, ...fetched].map((n) => `messaging-soap.${n}`).sort());
    for (const n of notCalled) {
      expect(judgement.operations.notExercised).toContain(`messaging-soap.${n}`);
      expect(verdictText).toContain(`messaging-soap.${n}`);
      expect(soapRules.find((r) => r.id.endsWith('-soap-action') && r.judges?.includes(`messaging-soap.${n}`))?.reason).toMatch(/not exercised/);
    }
    expect(lines.join('\n')).toMatch(/^CONFORMS/m);
  }, 60_000);
});
