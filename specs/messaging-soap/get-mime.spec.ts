import { MESSAGING_ERROR_TEXTS as TEXT, noPermissionText } from '../../contract/messaging-errors.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult } from '../../harness/soap-expect.js';

/** spec §4.4 GetMIMEMessage; §3.2 'Get MIME message' by a recipient; §7.2 GetMIMEMessage texts. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.get-mime.mime-text',
    spec: [
      { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int), WithCMHeaderXML, WithTrackingXML, WithSecurityEnvelope (booleans) | GetMIMEMessageResult' },
      { anchor: '§4.3/get-mime-message', quote: 'the message in standard MIME format' },
    ],
    operation: 'messaging-soap.GetMIMEMessage',
    title: 'GetMIMEMessageResult is the message as MIME text: a header section with its Subject, an empty line, a body',
    needs,
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], { Subject: `${t.prefix} mime subject` }));
    const mime = expectSoapResult(await t.soap.getMime(peerSoap.key, mid), 'GetMIMEMessageResult');
    const [head = '', ...rest] = mime.split(/\r?\n\r?\n/);
    check(rest.length > 0, `GetMIMEMessageResult of ${mid} has no empty line between header section and body (RFC 5322 §2.1).`);
    check(new RegExp(`^Subject:[ \\t]*${t.prefix} mime subject`, 'mi').test(head), `GetMIMEMessageResult of ${mid} has no Subject header with the sent subject.`);
  },
);

rule(
  {
    ...base,
    level: 'should',
    id: 'messaging-soap.get-mime.crlf-line-ends',
    spec: [
      { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int), WithCMHeaderXML, WithTrackingXML, WithSecurityEnvelope (booleans) | GetMIMEMessageResult' },
      { anchor: '§4.3/get-mime-message', quote: 'the message in standard MIME format' },
    ],
    operation: 'messaging-soap.GetMIMEMessage',
    title: 'GetMIMEMessageResult, read as XML 1.0 reads it, ends every line with CRLF (RFC 5322 §2.1): a CR reaches the client only as a character reference (XML 1.0 §2.11)',
    needs,
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], { Subject: `${t.prefix} crlf` }));
    const mime = expectSoapResult(await t.soap.getMime(peerSoap.key, mid), 'GetMIMEMessageResult');
    const bareLf = mime.split('\r\n').join('').includes('\n');
    const bareCr = mime.split('\r\n').join('').includes('\r');
    check(mime.includes('\r\n') && !bareLf && !bareCr, `GetMIMEMessageResult of ${mid} has ${bareLf ? 'a line ending in LF alone' : bareCr ? 'a CR not followed by LF' : 'no CRLF at all'}; a MIME message's lines end with CRLF (RFC 5322 §2.1), and in XML a CR survives only as &#13; or &#xD; (XML 1.0 §2.11 turns a raw CR into LF).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.get-mime.marks-read',
    spec: [
      { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.' },
      { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int), WithCMHeaderXML, WithTrackingXML, WithSecurityEnvelope (booleans) | GetMIMEMessageResult' },
    ],
    operation: 'messaging-soap.GetMIMEMessage',
    title: "a recipient's GetMIMEMessage writes tracking: the message is no longer among the recipient's unread messages",
    needs,
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    check((await peer.unread()).some((s) => s.MessageId === mid), `message ${mid} is not unread before it was opened.`);
    expectSoapResult(await t.soap.getMime(peerSoap.key, mid), 'GetMIMEMessageResult');
    check(!(await peer.unread()).some((s) => s.MessageId === mid), `message ${mid} is still unread after the recipient's GetMIMEMessage (spec §3.2: marking it read).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.get-mime.outsider-refused',
    spec: [
      { anchor: '§7.2/user-associated-sessionkey-sessionkey-does-not', quote: 'The user associated with the SessionKey: [SessionKey] does not have permission to access MID: [MID]' },
      { anchor: '§5/access-message-mid-limited-sender', quote: 'Access to a message by MID is limited to its sender and recipients' },
      { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int), WithCMHeaderXML, WithTrackingXML, WithSecurityEnvelope (booleans) | GetMIMEMessageResult' },
    ],
    operation: 'messaging-soap.GetMIMEMessage',
    title: 'GetMIMEMessage by a user who neither sent nor received the message is a Fault with the §7.2 permission text naming the key and the MID',
    needs: [...needs, account('outsider')],
  },
  async (t) => {
    const [primary, peer, outsider] = await t.given('log on as primary, peer (REST) and outsider (SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'outsider')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    expectSoapFault(await t.soap.getMime(outsider.key, mid), noPermissionText(outsider.key, mid));
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.get-mime.deleted-refused',
    spec: [
      { anchor: '§7.2/message-has-been-deleted-inbox-no', quote: 'The message has been deleted from the Inbox and is no longer available.' },
      { anchor: '§7.2/user-associated-sessionkey-sessionkey-does-not', quote: 'Message not sent or received by the user, deleted, expired, etc.', silence: 'purged-message-text' },
      { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int), WithCMHeaderXML, WithTrackingXML, WithSecurityEnvelope (booleans) | GetMIMEMessageResult' },
    ],
    operation: 'messaging-soap.GetMIMEMessage',
    title: 'GetMIMEMessage of a message the recipient deleted permanently is a Fault with a §7.2 GetMIMEMessage text',
    needs,
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('peer deletes it permanently (REST)', () => peer.deletePermanently(mid));
    expectSoapFault(await t.soap.getMime(peerSoap.key, mid), [TEXT.deletedFromInbox, noPermissionText(peerSoap.key, mid)]);
  },
);
