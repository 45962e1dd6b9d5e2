import { MessageIdsSchema, SendMimeResponseSchema } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { eventually } from '../../harness/eventually.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { mimeWithAttachment } from '../../generators/mime-message.js';

/**
 * spec §4.3 'Get inbox message ids' and its §2.3 request model GetInboxMIDRequest, whose fields
 * FolderId and MustHaveAttachments each change an observable outcome.
 */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.GetInboxMessageIds', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

async function inboxIds(t: RuleContext, peer: MailSession, folderId: number, mustHaveAttachments: boolean): Promise<number[]> {
  const res = await t.rest.inboxMessageIds(peer.auth, { FolderId: folderId, MessageListFilter: 0, MustHaveAttachments: mustHaveAttachments });
  return expectBody(res, MessageIdsSchema, 'MessageIds (vendor-wire §1.1)').MessageIds;
}

rule(
  {
    ...base,
    id: 'messaging-rest.inbox-ids.inbox-only',
    spec: [
      { anchor: '§4.3/get-inbox-message-ids', quote: "list of MIDs of messages in the user's inbox" },
    ],
    title: "Get inbox message ids for the Inbox lists the messages in the user's Inbox and not those filed in another folder",
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    const [kept, filed] = await t.given('peer gets two messages and files one in a custom folder', async () => {
      const folder = await peer.createFolder(0);
      const mids = [await primary.send([peer]), await primary.send([peer])];
      await peer.move(mids[1]!, folder);
      return mids as [number, number];
    });
    const res = await t.rest.inboxMessageIds(peer.auth, { FolderId: inbox, MessageListFilter: 0, MustHaveAttachments: false });
    const { MessageIds } = expectBody(res, MessageIdsSchema, 'MessageIds (vendor-wire §1.1)');
    check(MessageIds.includes(kept), `POST /Message/GetInboxMessageIds: message ${kept} in peer's Inbox is not listed.`);
    check(!MessageIds.includes(filed), `POST /Message/GetInboxMessageIds: message ${filed}, filed in a custom folder, is listed as in the Inbox.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.inbox-ids.folder',
    spec: [
      { anchor: '§2.3/GetInboxMIDRequest', quote: 'FolderId (int)' },
      { anchor: '§4.3/get-inbox-message-ids', quote: 'Get inbox message ids' },
    ],
    title: 'Get inbox message ids with the FolderId of a custom inbox folder lists the messages filed there and not those left in the Inbox',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const { folder, filed, kept } = await t.given('peer gets three messages and files two in a custom folder', async () => {
      const id = await peer.createFolder(0);
      const mids = [await primary.send([peer]), await primary.send([peer]), await primary.send([peer])];
      for (const mid of mids.slice(1)) await peer.move(mid, id);
      return { folder: id, filed: mids.slice(1), kept: mids[0]! };
    });
    const listed = await inboxIds(t, peer, folder, false);
    check(
      sameSet(listed, filed),
      `POST /Message/GetInboxMessageIds with FolderId ${folder}: the folder holds ${JSON.stringify(filed)} (message ${kept} stayed in the Inbox); the ids listed are ${JSON.stringify(listed)}.`,
    );
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.inbox-ids.attachments',
    spec: [
      { anchor: '§2.3/GetInboxMIDRequest', quote: 'MustHaveAttachments (boolean)' },
      { anchor: '§4.3/get-inbox-message-ids', quote: 'Get inbox message ids' },
    ],
    title: 'Get inbox message ids with MustHaveAttachments true lists only the messages with an attachment; with false it lists those without as well',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const { folder, withFile, without } = await t.given('peer gets one MIME message with an attachment and one message without, filed in a custom folder', async () => {
      const id = await peer.createFolder(0);
      const mime = mimeWithAttachment({ from: primary.email, to: [peer.email], subject: `${primary.tag} attached`, text: 'See the file.', fileName: 'note.txt', content: 'a note' });
      const { MessageId } = expectBody(await t.rest.sendMime(primary.auth, mime), SendMimeResponseSchema, 'the MessageId (spec §4.3 Send MIME)');
      primary.purgeAfter(MessageId, [peer]);
      // waited for in the summaries: this rule judges Get inbox message ids, not its precondition
      const { inbox } = await peer.systemFolders();
      await eventually(`message ${MessageId} in peer's Inbox`, async () => ((await peer.idsIn(inbox)).includes(MessageId) ? true : undefined), { timeoutMs: t.run.settings.eventuallyTimeoutMs });
      const plain = await primary.send([peer]);
      for (const mid of [MessageId, plain]) await peer.move(mid, id);
      return { folder: id, withFile: MessageId, without: plain };
    });
    const only = await inboxIds(t, peer, folder, true);
    check(sameSet(only, [withFile]), `POST /Message/GetInboxMessageIds with MustHaveAttachments true: only message ${withFile} has an attachment; the ids listed are ${JSON.stringify(only)}.`);
    const all = await inboxIds(t, peer, folder, false);
    check(sameSet(all, [withFile, without]), `POST /Message/GetInboxMessageIds with MustHaveAttachments false: the folder holds ${JSON.stringify([withFile, without])}; the ids listed are ${JSON.stringify(all)}.`);
  },
);
