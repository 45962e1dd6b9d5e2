import { MAIL_TEXT } from './texts.js';
import { MALFORMED_MIME_SAMPLES, mimeMessage } from '../../generators/mime-message.js';
import { descendantsNamed } from '../../contract/wire/xml.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, mailboxXml, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { boolOf, expectInnerXml, expectSoapFault, expectSoapResult, expectSoapSuccess, intOf, valuesOf } from '../../harness/soap-expect.js';

/** spec §4.4 SendMIMEMessage, GetMIMEMessage, GetInTransit/SetInTransit, GetMailboxXML; §3.2; §7.2 GetMIMEMessage. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  { ...base, id: 'messaging-soap.send-mime.new-mid', section: '§4.4', operation: ['messaging-soap.SendMIMEMessage', 'messaging-rest.GetInboxMessageIds', 'messaging-rest.GetMessageSummaries'], title: "SendMIMEMessageResult names the new message (NewMID), and the recipient's Inbox holds that MID (read through REST)", needs },
  async (t) => {
    const [sender, peer] = await t.given('log on as primary (SOAP) and peer (REST)', () => Promise.all([SoapSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const subject = `${t.prefix} soap mime`;
    const a = await t.soap.sendMime(sender.key, mimeMessage({ from: sender.email, to: [peer.email], subject, text: 'sent through SOAP' }));
    const mid = intOf(a, expectInnerXml(a, expectSoapResult(a, 'SendMIMEMessageResult: MID'), 'SendMessage'), 'NewMID', 'the new MID');
    peer.purgeAfter(mid, []);
    t.onCleanup('purge the sender copy', () => t.soap.deleteMessage(sender.key, 1, mid, true));
    await peer.awaitInInbox(mid);
    // that MID is this message, not one another rule sent meanwhile
    const { inbox } = await peer.systemFolders();
    const listed = (await peer.summaries(inbox)).find((m) => m.MessageId === mid);
    check(listed?.Subject === subject, `peer's Inbox lists MID ${mid} with the subject ${JSON.stringify(listed?.Subject)}; NewMID should name the message just sent (${JSON.stringify(subject)}).`);
  },
);

rule(
  { ...base, id: 'messaging-soap.send-mime.malformed-to-drafts', section: '§3.2', operation: 'messaging-soap.SendMIMEMessage', title: "improperly formatted MIME raises no Fault: the message is saved in the sender's Drafts and its MID returned", needs: [soapService, iface('messaging-rest'), account('primary')] },
  async (t) => {
    const [soap, rest] = await t.given('log on as primary (SOAP and REST)', () => Promise.all([SoapSession.open(t, 'primary'), MailSession.open(t, 'primary')]));
    const { drafts } = await t.given("find primary's Drafts", () => rest.systemFolders());
    // XML 1.0 cannot carry a NUL character, so samples with one stay with the REST rule
    for (const text of MALFORMED_MIME_SAMPLES.filter((s) => !s.includes('\u0000'))) {
      const a = await t.soap.sendMime(soap.key, text);
      const mid = intOf(a, expectInnerXml(a, expectSoapResult(a, 'spec §3.2: no error, the MID is returned'), 'SendMessage'), 'NewMID', 'the draft MID');
      rest.purgeAfter(mid, []);
      check((await rest.idsIn(drafts)).includes(mid), `the improperly formatted MIME message ${mid} should be in primary's Drafts (spec §3.2); it is not.`);
    }
  },
);

rule(
  { ...base, id: 'messaging-soap.get-mime.mime-text', section: '§4.4', operation: 'messaging-soap.GetMIMEMessage', title: 'GetMIMEMessageResult is the message as MIME text: a header section with its Subject, an empty line, a body', needs },
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
    section: '§4.4',
    operation: 'messaging-soap.GetMIMEMessage',
    title: 'GetMIMEMessageResult, read as XML 1.0 reads it, ends every line with CRLF (RFC 5322 §2.1): a CR reaches the client only as a character reference (XML 1.0 §2.11)',
    sentence: 'Get a MIME message | MID | the message in standard MIME format.',
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
  { ...base, id: 'messaging-soap.get-mime.marks-read', section: '§3.2', operation: 'messaging-soap.GetMIMEMessage', title: "a recipient's GetMIMEMessage writes tracking: the message is no longer among the recipient's unread messages", needs },
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
  { ...base, id: 'messaging-soap.get-mime.outsider-refused', section: '§7.2', operation: 'messaging-soap.GetMIMEMessage', title: 'GetMIMEMessage by a user who neither sent nor received the message is a Fault with the §7.2 permission text naming the key and the MID', needs: [...needs, account('outsider')] },
  async (t) => {
    const [primary, peer, outsider] = await t.given('log on as primary, peer (REST) and outsider (SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'outsider')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    expectSoapFault(await t.soap.getMime(outsider.key, mid), MAIL_TEXT.noPermission(outsider.key, mid));
  },
);

rule(
  { ...base, id: 'messaging-soap.get-mime.deleted-refused', section: '§7.2', operation: 'messaging-soap.GetMIMEMessage', title: 'GetMIMEMessage of a message the recipient deleted permanently is a Fault with a §7.2 GetMIMEMessage text', needs },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('peer deletes it permanently (REST)', () => peer.deletePermanently(mid));
    expectSoapFault(await t.soap.getMime(peerSoap.key, mid), [MAIL_TEXT.deletedFromInbox, MAIL_TEXT.noPermission(peerSoap.key, mid)]);
  },
);

rule(
  { ...base, id: 'messaging-soap.in-transit.round-trip', section: '§4.4', operation: ['messaging-soap.GetInTransit', 'messaging-soap.SetInTransit'], title: 'GetInTransit answers the InTransitValue that SetInTransit last set on the copy, true and then false', needs },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    for (const value of [true, false]) {
      expectSoapSuccess(await t.soap.setInTransit(peerSoap.key, 0, mid, value), `SetInTransit ${value}`);
      const a = await t.soap.getInTransit(peerSoap.key, 0, mid);
      const said = boolOf(a, expectInnerXml(a, expectSoapResult(a, 'GetInTransitResult'), 'the InTransit state'), 'Value', 'the InTransit state');
      check(said === value, `GetInTransit of ${mid} says ${said} after SetInTransit ${value}.`);
    }
  },
);

rule(
  { ...base, id: 'messaging-soap.mailbox-xml.listing', section: '§2.3', operation: 'messaging-soap.GetMailboxXML', title: "GetMailboxXML of the inbox lists a received message as a MessageListItem with its MID and Subject", needs: [...needs, mailboxXml] },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const subject = `${t.prefix} listed`;
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], { Subject: subject }));
    const { inbox } = await t.given("find peer's Inbox", () => peerSoap.systemFolders());
    const first = t.profile.messaging.firstPageNumber;
    const a = await t.soap.mailboxXml(peerSoap.key, { mailboxType: 0, folderId: inbox, pageNum: first, pageSize: 50, filter: t.prefix, orderDesc: true });
    const root = expectInnerXml(a, expectSoapResult(a, 'the mailbox listing'), 'the mailbox listing');
    const items = [...(root.local === 'MessageListItem' ? [root] : []), ...descendantsNamed(root, 'MessageListItem')];
    const item = items.find((i) => valuesOf(i, 'MID')[0] === String(mid));
    check(item, `GetMailboxXML of peer's Inbox does not list message ${mid}.`);
    check(valuesOf(item, 'Subject')[0] === subject, `GetMailboxXML lists message ${mid} with Subject "${valuesOf(item, 'Subject')[0]}", not "${subject}".`);
  },
);
