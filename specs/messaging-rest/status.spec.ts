import { MetadataSchema, MimeResponseSchema, SearchResponseSchema, SummariesSchema, statusesOf } from '../../contract/messaging.js';
import { isTableStatus, STATUS_SENT_PLAIN_TEXT } from '../../contract/message-status.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { deliverPlainText } from '../../harness/fixtures/smtp.js';
import { account, iface, plainTextTlsMessage } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { MALFORMED_MIME_SAMPLES } from '../../generators/mime-message.js';

/** spec §3.1 'Message status' and its Read/Unread column; §4.3 'Get unread messages'. */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Peer with three messages from primary; the second one retrieved as MIME, so read (spec §3.2).
 * `unread` is the suite's own expectation (the mailbox model): the first and third are unread,
 * the second read, whatever statuses the target reports (issue 8).
 */
async function oneRead(t: RuleContext, folderType?: 0) {
  const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
  return t.given('peer gets three messages and retrieves the second as MIME', async () => {
    const folder = folderType === 0 ? await peer.createFolder(0) : (await peer.systemFolders()).inbox;
    const mids: number[] = [];
    for (let i = 1; i <= 3; i++) mids.push(await primary.send([peer], { Subject: `${primary.tag} s${i}` }));
    if (folderType === 0) for (const mid of mids) await peer.move(mid, folder);
    expectBody(await t.rest.getMime(peer.auth, mids[1]!), MimeResponseSchema, 'MIME retrieval');
    // the status each message has now, as the folder's summaries report it
    const status = new Map((await peer.summaries(folder)).filter((s) => mids.includes(s.MessageId)).map((s) => [s.MessageId, s.MessageStatus]));
    check(mids.every((m) => status.has(m)), `peer's folder ${folder} does not list all of ${JSON.stringify(mids)}`);
    return { primary, peer, folder, mids, status, unread: [mids[0]!, mids[2]!] };
  });
}

rule(
  {
    ...base,
    id: 'messaging-rest.status.table-values',
    section: '§3.1',
    operation: ['messaging-rest.GetMessageSummaries', 'messaging-rest.GetUnreadMessages', 'messaging-rest.SearchInbox', 'messaging-rest.GetMessageMetadata'],
    title: 'every message status in every response (summaries, unread, search, tracking) is one of the table\'s values',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const [ps, qs] = await t.given('find the system folders', () => Promise.all([primary.systemFolders(), peer.systemFolders()]));
    // messages in several states: unread, read, retracted, a draft, deleted into Trash
    const mids = await t.given('make messages in several states', async () => {
      const made = [await primary.send([peer]), await primary.send([peer]), await primary.send([peer]), await primary.send([peer])];
      expectBody(await t.rest.getMime(peer.auth, made[1]!), MimeResponseSchema, 'MIME retrieval');
      check((await t.rest.retract(primary.auth, made[2]!)).status < 300, 'retract failed');
      check((await t.rest.deleteMessage(peer.auth, made[3]!)).status < 300, 'delete failed');
      made.push(await primary.sendMime(`${MALFORMED_MIME_SAMPLES[0]} ${primary.tag}`));
      return made;
    });
    const seen: Array<[string, number]> = [];
    const note = (where: string, item: { MessageId?: number; MessageStatus?: number; MessageStatusId?: number }) => {
      if (item.MessageId === undefined || mids.includes(item.MessageId)) for (const s of statusesOf(item)) seen.push([where, s]);
    };
    for (const [who, folders] of [[primary, [ps.outbox, ps.drafts]], [peer, [qs.inbox, ...qs.trash]]] as const) {
      for (const f of folders) for (const s of await who.summaries(f)) note(`${who.label} summaries of folder ${f}`, s);
      const search = await t.rest.search(who.auth, { Filter: primary.tag, FolderId: folders[0], GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
      for (const r of expectBody(search, SearchResponseSchema, 'search Results').Results) note(`${who.label} search`, r);
    }
    for (const s of expectBody(await t.rest.unread(peer.auth), SummariesSchema, 'unread Summaries').Summaries) note('peer Get unread', s);
    for (const mid of mids.slice(0, 3)) {
      const metadata = expectBody(await t.rest.metadata(primary.auth, mid), MetadataSchema, 'metadata');
      for (const entry of metadata.Tracking ?? []) note(`tracking of ${mid}`, entry);
    }
    const off = seen.filter(([, s]) => !isTableStatus(s));
    check(seen.length > 0, 'no response carried a status for the test\'s messages.');
    check(off.length === 0, `statuses outside the spec §3.1 table: ${off.map(([where, s]) => `${s} (${where})`).join('; ')}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.unread-only-search',
    section: '§3.1',
    operation: 'messaging-rest.SearchInbox',
    title: 'a search with GetInboxUnReadOnly returns exactly the unread messages: of three delivered, the two the recipient has not retrieved, not the one retrieved as MIME',
    needs,
  },
  async (t) => {
    const { peer, folder, mids, status, unread: expected } = await oneRead(t, 0);
    const res = await t.rest.search(peer.auth, { FolderId: folder, GetInboxUnReadOnly: true, GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
    const found = expectBody(res, SearchResponseSchema, 'search Results').Results.map((r) => r.MessageId).filter((m) => mids.includes(m));
    check(sameSet(found, expected), `POST /Message/Inbox/Search: unread only should return ${JSON.stringify(expected)} (statuses ${JSON.stringify([...status])}); it returned ${JSON.stringify(found)}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.get-unread',
    sentence: 'Get unread messages | inbox-unread flag, folder id | summaries of all unread inbox messages, including messages delivered as plain text over TLS (MessageStatus = 5)',
    section: '§3.1',
    operation: 'messaging-rest.GetUnreadMessages',
    title: 'Get unread messages lists exactly the inbox messages not yet read: of three messages delivered, the two the recipient has not retrieved, not the one retrieved as MIME',
    needs,
  },
  async (t) => {
    const { peer, mids, status, unread: expected } = await oneRead(t);
    const found = (await peer.unread()).map((s) => s.MessageId).filter((m) => mids.includes(m));
    check(sameSet(found, expected), `GET /Message/Inbox/Unread: should list ${JSON.stringify(expected)} of the test's messages (statuses ${JSON.stringify([...status])}); it lists ${JSON.stringify(found)}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.plain-text-tls',
    section: '§4.3',
    operation: 'messaging-rest.GetUnreadMessages',
    title: 'Get unread messages includes a message delivered as plain text over TLS, with MessageStatus 5',
    needs: [iface('messaging-rest'), account('primary'), plainTextTlsMessage],
    // delivering one through the gateway relies on the company's SMTP settings
    company: 'uses',
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const mid = t.profile.messaging.plainTextTlsMessageId ?? (await deliverPlainText(t, primary));
    const listed = (await primary.unread()).find((s) => s.MessageId === mid);
    check(listed, `GET /Message/Inbox/Unread: the plain-text TLS message ${mid} (delivered through the SMTP gateway, or messaging.plainTextTlsMessageId) is not listed.`);
    check(listed.MessageStatus === STATUS_SENT_PLAIN_TEXT, `GET /Message/Inbox/Unread: message ${mid} is listed with MessageStatus ${listed.MessageStatus}, not 5 (plain text over TLS).`);
  },
);
