import { MessageIdsSchema, SearchResponseSchema, SendMimeResponseSchema } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { eventually } from '../../harness/eventually.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { mimeWithAttachment } from '../../generators/mime-message.js';

/**
 * spec §2.3 request fields whose effect a rule observes (issue 8: every field of a request
 * model changes an observable outcome): GetInboxMIDRequest FolderId and MustHaveAttachments,
 * SearchInbox OrderDesc. The other fields' rules live beside their operations.
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

async function inboxIds(t: RuleContext, peer: MailSession, folderId: number, mustHaveAttachments: boolean): Promise<number[]> {
  const res = await t.rest.inboxMessageIds(peer.auth, { FolderId: folderId, MessageListFilter: 0, MustHaveAttachments: mustHaveAttachments });
  return expectBody(res, MessageIdsSchema, 'MessageIds (vendor-wire §1.1)').MessageIds;
}

rule(
  {
    ...base,
    id: 'messaging-rest.inbox-ids.folder',
    section: '§2.3',
    operation: 'messaging-rest.GetInboxMessageIds',
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
    section: '§2.3',
    operation: 'messaging-rest.GetInboxMessageIds',
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

/** Time between the two sends, so a server that keeps dates to the second still orders them. */
const APART_MS = 1_100;

rule(
  {
    ...base,
    id: 'messaging-rest.search.order-desc',
    section: '§2.3',
    operation: 'messaging-rest.SearchInbox',
    title: 'a search ordered by DATE lists the older message first with OrderDesc false and the newer first with OrderDesc true',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const { folder, older, newer } = await t.given('peer files two messages from primary, sent more than a second apart', async () => {
      const id = await peer.createFolder(0);
      const first = await primary.send([peer]);
      const sentAt = Date.now();
      await eventually('a second to pass between the two sends', async () => (Date.now() - sentAt >= APART_MS ? true : undefined), { timeoutMs: APART_MS + 2_000 });
      const second = await primary.send([peer]);
      for (const mid of [first, second]) await peer.move(mid, id);
      return { folder: id, older: first, newer: second };
    });
    for (const desc of [false, true]) {
      const res = await t.rest.search(peer.auth, { Filter: primary.tag, FolderId: folder, OrderBy: 'DATE', OrderDesc: desc, GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
      const found = expectBody(res, SearchResponseSchema, 'search Results (vendor-wire §1.2)').Results.map((r) => r.MessageId).filter((m) => m === older || m === newer);
      const expected = desc ? [newer, older] : [older, newer];
      check(
        found.length === 2 && found[0] === expected[0],
        `POST /Message/Inbox/Search OrderBy DATE, OrderDesc ${desc}: message ${older} was sent before ${newer}, so the results should list ${JSON.stringify(expected)} in that order; they list ${JSON.stringify(found)}.`,
      );
    }
  },
);
