import PostalMime from 'postal-mime';
import { describe, expect, test } from 'vitest';
import { SOAP11_ENV } from '../contract/messaging-soap.js';
import { childNamed, descendantsNamed, parseXml } from '../contract/wire/xml.js';
import { MAIL_TEXTS } from '../reference/core/mail/errors.js';
import { variantNamed } from '../reference/variant.js';
import { inProcessReference } from './support/reference.js';

/**
 * A WSDL-generated client (zeep over lxml) escapes CR as `&#13;`. A CRLF MIME
 * it sends through SendMIMEMessage must be delivered to the recipient, and GetMIMEMessage must
 * give it back with CRLF (the reference writes CR as `&#13;`, XML 1.0 §2.11). Found 6:
 * retracting one's own draft succeeds (X2), or where refused, never answers "Only the sender can retract a message.".
 */

const NS = 'https://ssl.certifiedmail.com/CMv4';

/** The request as zeep writes it: soap-env and ns0 prefixes, elements qualified, text escaped by lxml. */
function zeepEnvelope(op: string, parts: Array<[string, string | number | boolean]>, lineEnds: (s: string) => string): string {
  const esc = (v: string | number | boolean) => lineEnds(String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
  const children = parts.map(([k, v]) => `<ns0:${k}>${esc(v)}</ns0:${k}>`).join('');
  return `<?xml version='1.0' encoding='utf-8'?>\n<soap-env:Envelope xmlns:soap-env="${SOAP11_ENV}"><soap-env:Body><ns0:${op} xmlns:ns0="${NS}">${children}</ns0:${op}></soap-env:Body></soap-env:Envelope>`;
}

/** lxml: CR as a character reference, LF raw; the "Must show" form: both as references. */
const LINE_ENDS = [
  { form: '&#13;&#10; (both escaped)', write: (s: string) => s.replace(/\r/g, '&#13;').replace(/\n/g, '&#10;') },
  { form: '&#13; then a raw LF (lxml)', write: (s: string) => s.replace(/\r/g, '&#13;') },
  { form: '&#xD;&#xA; (hex)', write: (s: string) => s.replace(/\r/g, '&#xD;').replace(/\n/g, '&#xA;') },
];

function zeepClient(lineEnds: (s: string) => string = LINE_ENDS[1]!.write, variant = 'default') {
  const ref = inProcessReference(undefined, variantNamed(variant));
  /** the response as it came over the wire */
  const raw = (op: string, parts: Array<[string, string | number | boolean]>) =>
    ref.app.request('/cmv4/cmv4.asmx', { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/${op}"` }, body: zeepEnvelope(op, parts, lineEnds) });
  const call = async (op: string, parts: Array<[string, string | number | boolean]>) => {
    const res = await raw(op, parts);
    const parsed = parseXml(await res.text());
    if (!parsed.ok) throw new Error(`${op}: ${parsed.reason}`);
    const first = childNamed(parsed.root, 'Body', SOAP11_ENV)!.children[0]!;
    return { status: res.status, first, result: childNamed(first, `${op}Result`)?.text, faultstring: childNamed(first, 'faultstring')?.text };
  };
  const logon = async (who: 'primary' | 'peer') => {
    const a = ref.profile.accounts![who]!;
    const { result } = await call('Logon', [['UserIDorEmail', a.username], ['Password', a.password]]);
    return { key: result!, email: a.email };
  };
  const inner = (text: string | undefined) => {
    const p = parseXml(text ?? '');
    if (!p.ok) throw new Error(p.reason);
    return p.root;
  };
  return { ref, raw, call, logon, inner };
}

describe('Found 5: a CRLF MIME from a zeep-style client', () => {
  test.each(LINE_ENDS)('sent with $form, it is delivered to the recipient and GetMIMEMessage returns it with CRLF', async ({ write }) => {
    const { call, logon, inner } = zeepClient(write);
    const [sender, recipient] = [await logon('primary'), await logon('peer')];
    const mime = `From: ${sender.email}\r\nTo: ${recipient.email}\r\nSubject: zeep crlf\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nfirst line\r\nsecond line\r\n`;
    const sent = await call('SendMIMEMessage', [['SessionKey', sender.key], ['Message', mime]]);
    const mid = Number(descendantsNamed(inner(sent.result), 'NewMID')[0]?.text);
    expect(mid).toBeGreaterThan(0);
    // delivered: the recipient's Inbox lists it (not the sender's Drafts)
    const listing = await call('GetMailboxXML', [['SessionKey', recipient.key], ['MailboxType', 0], ['PageNum', 1], ['OrderBy', 'DATE'], ['FolderID', 0], ['Filter', ''], ['PageSize', 50], ['OrderDesc', true], ['GetRetractedMsgs', true], ['GetInboxUnReadOnly', false]]);
    const items = descendantsNamed(inner(listing.result), 'MessageListItem');
    const item = items.find((i) => childNamed(i, 'MID')?.text === String(mid));
    expect(item, `MID ${mid} in the recipient's Inbox`).toBeDefined();
    expect(childNamed(item!, 'Subject')?.text).toBe('zeep crlf');
    // read back with CRLF: every line end of the result is CRLF
    const got = await call('GetMIMEMessage', [['SessionKey', recipient.key], ['MID', mid], ['WithCMHeaderXML', false], ['WithTrackingXML', false], ['WithSecurityEnvelope', false]]);
    expect(got.status).toBe(200);
    const text = got.result!;
    expect(text).toContain('\r\n\r\n');
    expect(text.split('\r\n').join('')).not.toMatch(/[\r\n]/);
    expect(text).toMatch(/^Subject: zeep crlf\r$/m);
    // the body arrived intact (RFC 5322 text, read by postal-mime)
    expect((await PostalMime.parse(text)).text?.replace(/\r\n/g, '\n')).toBe('first line\nsecond line\n');
  });

  test.each(['default', 'alt'])('the reference writes each CR of GetMIMEMessageResult as &#13; (variant %s: escaped text or CDATA)', async (variant) => {
    const { raw, call, logon, inner } = zeepClient(LINE_ENDS[0]!.write, variant);
    const [sender, recipient] = [await logon('primary'), await logon('peer')];
    const sent = await call('SendMIMEMessage', [['SessionKey', sender.key], ['Message', `From: ${sender.email}\r\nTo: ${recipient.email}\r\nSubject: raw\r\n\r\nbody\r\n`]]);
    const mid = Number(descendantsNamed(inner(sent.result), 'NewMID')[0]?.text);
    const wire = await (await raw('GetMIMEMessage', [['SessionKey', recipient.key], ['MID', mid], ['WithCMHeaderXML', false], ['WithTrackingXML', false], ['WithSecurityEnvelope', false]])).text();
    expect(wire).toContain('&#13;');
    expect(wire).not.toContain('\r');
  });
});

describe("Found 6: retracting one's own draft (X2)", () => {
  const retractDraft = async (variant: string) => {
    const { call, logon, inner } = zeepClient(LINE_ENDS[1]!.write, variant);
    const sender = await logon('primary');
    // spec §3.2: improperly formatted MIME is saved in the Drafts folder and its MID returned
    const draft = await call('SendMIMEMessage', [['SessionKey', sender.key], ['Message', 'not a MIME message at all']]);
    const mid = Number(descendantsNamed(inner(draft.result), 'NewMID')[0]?.text);
    return call('RetractMessage', [['SessionKey', sender.key], ['MID', mid]]);
  };

  test("succeeds by default, as the vendor's own Java test suite expects", async () => {
    const retract = await retractDraft('default');
    expect(retract.status).toBe(200);
    expect(retract.first.local).toBe('RetractMessageResponse');
  });

  test('under the other reading (mail.retract-draft=refused), is refused with a text about the draft, never "Only the sender can retract a message."', async () => {
    const retract = await retractDraft('mail.retract-draft=refused');
    expect(retract.first.local).toBe('Fault');
    expect(retract.faultstring).toBe(MAIL_TEXTS.draftNotSent);
    expect(retract.faultstring).not.toBe(MAIL_TEXTS.notSender);
  });

  test('a recipient retracting what another sent still hears "Only the sender can retract a message."', async () => {
    const { call, logon, inner } = zeepClient();
    const [sender, recipient] = [await logon('primary'), await logon('peer')];
    const sent = await call('SendMIMEMessage', [['SessionKey', sender.key], ['Message', `From: ${sender.email}\r\nTo: ${recipient.email}\r\nSubject: s\r\n\r\nb\r\n`]]);
    const mid = Number(descendantsNamed(inner(sent.result), 'NewMID')[0]?.text);
    const retract = await call('RetractMessage', [['SessionKey', recipient.key], ['MID', mid]]);
    expect(retract.faultstring).toBe(MAIL_TEXTS.notSender);
  });
});
