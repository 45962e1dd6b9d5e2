import { MimeResponseSchema } from '../../contract/messaging.js';
import { STATUS_RETRACTED } from '../../contract/message-status.js';
import { check, expectBody, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

rule(
  {
    id: 'messaging-rest.retract.recipient-copy-stays',
    spec: [
      { anchor: '§3.2/retract-message', quote: "recipients have received it, read or unread | The message is retracted from recipients, but stays in a recipient's account until it expires or the recipient deletes it." },
      { anchor: '§4.3/retract-message', quote: 'Retract a message' },
      { anchor: '§2.3/MessageOperations', quote: 'MessageId (int)' },
    ],
    interface: 'messaging-rest',
    operation: 'messaging-rest.RetractMessage',
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

rule(
  {
    id: 'messaging-rest.retract.sender-status',
    spec: [
      { anchor: '§3.1/Retracted', quote: 'Retracted | -2' },
      { anchor: '§3.2/retract-message', quote: "but stays in a recipient's account until it expires or the recipient deletes it" },
      { anchor: '§3.2/retract-message', quote: 'The message is retracted from recipients', silence: 'retraction' },
      { anchor: '§4.3/retract-message', quote: 'Retract a message' },
    ],
    interface: 'messaging-rest',
    operation: 'messaging-rest.RetractMessage',
    level: 'must',
    title: "after Retract, the sender's copy is listed with status Retracted (-2), and each recipient's copy is still in the recipient's Inbox",
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    expectSuccess(await t.rest.retract(primary.auth, mid), 'Retract a message (spec §4.3: string response)');
    // the model: spec §3.1 names the sender-only status Retracted (-2); §3.2 keeps the recipient's copy
    // the sender's copy, wherever the target keeps it (spec §3.2 names no move on retraction)
    const listed = [];
    for (const folder of await primary.foldersToSearch()) listed.push(...(await primary.summariesIfListed(folder.FolderId)).filter((s) => s.MessageId === mid));
    const sent = listed[0];
    check(listed.length === 1 && sent, `after the retraction, primary's folders list ${listed.length} copies of message ${mid}, not one.`);
    check(sent.MessageStatus === STATUS_RETRACTED, `after the retraction, primary's copy of ${mid} is listed with MessageStatus ${sent.MessageStatus}; spec §3.1: Retracted is -2.`);
    check((await peer.idsIn(inbox)).includes(mid), `after the retraction, message ${mid} is gone from peer's Inbox; spec §3.2: it stays until it expires or the recipient deletes it.`);
  },
);
