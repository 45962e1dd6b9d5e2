import { MimeResponseSchema } from '../../contract/messaging.js';
import { check, expectBody, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

rule(
  {
    id: 'messaging-rest.retract.recipient-copy-stays',
    section: '§3.2',
    interface: 'messaging-rest',
    operation: 'POST /Message/{id}/Retract',
    level: 'must',
    title: "retracting a message leaves each recipient's copy, read or unread, in the recipient's account",
    needs: [iface('messaging-rest'), account('primary'), account('peer'), account('outsider')],
  },
  async (t) => {
    const [primary, peer, outsider] = await t.given('log on as primary, peer and outsider', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), MailSession.open(t, 'outsider')]),
    );
    const mid = await t.given('primary sends peer and outsider a message; peer reads it, outsider does not', async () => {
      const sent = await primary.send([peer, outsider]);
      expectBody(await t.rest.getMime(peer.auth, sent), MimeResponseSchema, 'MIME retrieval');
      return sent;
    });
    expectSuccess(await t.rest.retract(primary.auth, mid), 'Retract a message (spec §4.3: string response)');
    for (const recipient of [peer, outsider]) {
      const { inbox } = await t.given(`find ${recipient.label}'s Inbox`, () => recipient.systemFolders());
      check((await recipient.idsIn(inbox)).includes(mid), `after the retraction, message ${mid} is gone from ${recipient.label}'s Inbox; spec §3.2: it stays until it expires or the recipient deletes it.`);
    }
  },
);
