import { MALFORMED_MIME_SAMPLES, mimeMessage } from '../../generators/mime-message.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapResult, intOf } from '../../harness/soap-expect.js';

/** spec §4.4 SendMIMEMessage; §3.2 'Send MIME message' when the MIME text is improperly formatted. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.send-mime.new-mid',
    spec: [
      { anchor: '§4.4/SendMIMEMessage', quote: 'SendMIMEMessageResult: MID' },
      { anchor: '§4.3/get-inbox-message-ids', quote: "list of MIDs of messages in the user's inbox" },
    ],
    operation: ['messaging-soap.SendMIMEMessage', 'messaging-rest.GetInboxMessageIds', 'messaging-rest.GetMessageSummaries'],
    title: "SendMIMEMessageResult names the new message (NewMID), and the recipient's Inbox holds that MID (read through REST)",
    needs,
  },
  async (t) => {
    const [sender, peer] = await t.given('log on as primary (SOAP) and peer (REST)', () => Promise.all([SoapSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const subject = `${t.prefix} soap mime`;
    const { inbox } = await peer.systemFolders();
    // what this rule sent is purged as found by its subject, never by NewMID: a NewMID that names
    // another rule's message (what this rule judges) must not remove that message
    t.onCleanup(
      'purge the message sent, found by its subject',
      async () => {
        for (const mid of await peer.purgeFromInbox((m) => m.Subject === subject)) await t.soap.deleteMessage(sender.key, 1, mid, true);
      },
      undefined,
      'purge',
    );
    const a = await t.soap.sendMime(sender.key, mimeMessage({ from: sender.email, to: [peer.email], subject, text: 'sent through SOAP' }));
    const mid = intOf(a, expectInnerXml(a, expectSoapResult(a, 'SendMIMEMessageResult: MID'), 'SendMessage'), 'NewMID', 'the new MID');
    await peer.awaitInInbox(mid);
    // that MID is this message, not one another rule sent meanwhile
    const listed = (await peer.summaries(inbox)).find((m) => m.MessageId === mid);
    check(listed?.Subject === subject, `peer's Inbox lists MID ${mid} with the subject ${JSON.stringify(listed?.Subject)}; NewMID should name the message just sent (${JSON.stringify(subject)}).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.send-mime.malformed-to-drafts',
    spec: [
      { anchor: '§3.2/send-mime-message', quote: 'No error. The message is saved in the Drafts folder and its MID is returned.' },
      { anchor: '§7.2/improperly-formatted-mime-message-send', quote: 'An improperly formatted MIME message on send does not raise an error' },
      { anchor: '§4.4/SendMIMEMessage', quote: 'SendMIMEMessageResult: MID' },
    ],
    operation: 'messaging-soap.SendMIMEMessage',
    title: "improperly formatted MIME raises no Fault: the message is saved in the sender's Drafts and its MID returned",
    needs: [soapService, iface('messaging-rest'), account('primary')],
  },
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
