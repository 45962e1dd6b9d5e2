import { MessageSchema, SendMimeResponseSchema } from '../../contract/messaging.js';
import { check, expectBody, expectSuccess } from '../../harness/expect.js';
import { eventually } from '../../harness/eventually.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { MALFORMED_MIME_SAMPLES, mimeMessage } from '../../generators/mime-message.js';

/** spec §4.3 'Send a MIME message'; §3.2 'Send MIME message' when the MIME text is improperly formatted. */
const base = { interface: 'messaging-rest', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-rest.send-mime.delivered',
    spec: [
      { anchor: '§4.3/send-mime-message', quote: 'Send a MIME message | SendMessage plus a file location of the MIME content | MID (string)' },
      { anchor: '§2.3/message-id', quote: 'as a string by send-MIME', silence: 'send-mime-id' },
    ],
    operation: ['messaging-rest.SendMimeMessage', 'messaging-rest.GetMessage'],
    title: 'Send a MIME message returns its MID and delivers it to the To recipients with the MIME subject',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const subject = `${primary.tag} MIME Grüße ✓`;
    const res = await t.rest.sendMime(primary.auth, mimeMessage({ from: primary.email, to: [peer.email], subject, text: 'Sent as MIME.' }));
    const { MessageId } = expectBody(res, SendMimeResponseSchema, 'the MessageId (spec §2.3: a string for send-MIME; a number is tolerated)');
    primary.purgeAfter(MessageId, [peer]);
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    await eventually(`message ${MessageId} in peer's Inbox`, async () => ((await peer.idsIn(inbox)).includes(MessageId) ? true : undefined), {
      timeoutMs: t.run.settings.eventuallyTimeoutMs,
    });
    const message = expectBody(await t.rest.getMessage(peer.auth, MessageId), MessageSchema, 'the message (vendor-wire §1.2 Message)');
    check(message.Subject === subject, `message ${MessageId} reached peer with the subject "${message.Subject}"; the MIME said "${subject}".`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.send-mime.malformed-to-drafts',
    spec: [
      { anchor: '§3.2/send-mime-message', quote: 'No error. The message is saved in the Drafts folder and its MID is returned.' },
      { anchor: '§7.2/improperly-formatted-mime-message-send', quote: 'An improperly formatted MIME message on send does not raise an error' },
    ],
    operation: 'messaging-rest.SendMimeMessage',
    title: "improperly formatted MIME text raises no error: the message is saved in the sender's Drafts and its MID is returned",
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const { drafts } = await t.given("find primary's Drafts", () => primary.systemFolders());
    for (const text of MALFORMED_MIME_SAMPLES) {
      const res = await t.rest.sendMime(primary.auth, `${text} ${primary.tag}`);
      expectSuccess(res, 'spec §3.2 / §7.2: an improperly formatted MIME message does not raise an error');
      const { MessageId } = expectBody(res, SendMimeResponseSchema, 'the MID of the saved draft (spec §3.2)');
      primary.purgeAfter(MessageId, []);
      check((await primary.idsIn(drafts)).includes(MessageId), `the improperly formatted MIME message ${MessageId} should be in primary's Drafts (spec §3.2); it is not.`);
    }
  },
);
