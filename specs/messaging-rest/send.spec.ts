import { SendResponseSchema } from '../../contract/messaging.js';
import { expectBody } from '../../harness/expect.js';
import { eventually } from '../../harness/eventually.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.3 'Send a message'. */
const base = { interface: 'messaging-rest', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-rest.send.mid-int',
    spec: [
      { anchor: '§4.3/send-message', quote: 'MID (int)' },
      { anchor: '§2.3/message-id', quote: 'returned as an int by send' },
    ],
    operation: 'messaging-rest.SendMessage',
    title: 'Send a message returns the new MID as an int',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const res = await t.rest.send(primary.auth, { To: [peer.email], Subject: `${primary.tag} mid`, TextBody: 'What is my MID?' });
    const mid = Number((res.json as { MessageId?: unknown } | undefined)?.MessageId);
    if (Number.isFinite(mid)) primary.purgeAfter(mid, [peer]);
    // spec §2.3: 'returned as an int by send'
    expectBody(res, SendResponseSchema, 'MessageId as a JSON integer (spec §2.3: MID returned as an int by send)');
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.send.delivered',
    spec: [
      { anchor: '§4.3/send-message', quote: 'Send a message | SendMessage | MID (int)' },
      { anchor: '§4.3/get-inbox-message-ids', quote: "list of MIDs of messages in the user's inbox" },
      { anchor: '§2.3/SendMessage', quote: 'To (list of strings)' },
    ],
    operation: 'messaging-rest.SendMessage',
    title: 'a sent message reaches the Inbox of every recipient in To (same company and another company)',
    needs: [iface('messaging-rest'), account('primary'), account('peer'), account('outsider')],
  },
  async (t) => {
    const [primary, peer, outsider] = await t.given('log on as primary, peer and outsider', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), MailSession.open(t, 'outsider')]),
    );
    const res = await t.rest.send(primary.auth, { To: [peer.email, outsider.email], Subject: `${primary.tag} to two`, TextBody: 'For both of you.' });
    const { MessageId } = expectBody(res, SendResponseSchema, 'the MessageId (spec §4.3)');
    primary.purgeAfter(MessageId, [peer, outsider]);
    for (const recipient of [peer, outsider]) {
      const { inbox } = await t.given(`find ${recipient.label}'s Inbox`, () => recipient.systemFolders());
      await eventually(`message ${MessageId} in ${recipient.label}'s Inbox`, async () => ((await recipient.idsIn(inbox)).includes(MessageId) ? true : undefined), {
        timeoutMs: t.run.settings.eventuallyTimeoutMs,
      });
    }
  },
);
