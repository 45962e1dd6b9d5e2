import { MetadataSchema, MimeResponseSchema, SearchResponseSchema, SummariesSchema, statusesOf } from '../../contract/messaging.js';
import { isTableStatus, STATUS_SENT_PLAIN_TEXT } from '../../contract/message-status.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { deliverPlainText } from '../../harness/fixtures/smtp.js';
import { account, iface, plainTextTlsMessage } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { MALFORMED_MIME_SAMPLES } from '../../generators/mime-message.js';
import { oneRead, searched } from './unread.js';

/**
 * spec §3.1 'Message status' and its Read/Unread column; §4.3 'Get unread messages': every status
 * is a table value, the unread-only search and Get unread on messages the rules deliver, and the
 * plain-text TLS message (status 5). The rules over every status row the suite can make are in
 * status-rows.spec.ts.
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

rule(
  {
    ...base,
    id: 'messaging-rest.status.table-values',
    spec: [
      // the states it makes: a draft (an improperly formatted MIME send, §3.2) among them
      { anchor: '§3.1/Draft', quote: 'Draft | -1' },
      { anchor: '§3.1/integer-status-message', quote: 'The integer status of a message.' },
    ],
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
    spec: [
      { anchor: '§3.1/read-unread-column-one-getinboxunreadonly', quote: 'The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on.' },
      { anchor: '§2.3/SearchInbox', quote: 'GetInboxUnReadOnly (boolean)' },
      { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.' },
    ],
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
    spec: [
      { anchor: '§4.3/get-unread-messages', quote: 'Get unread messages | inbox-unread flag, folder id | summaries of all unread inbox messages' },
      { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.' },
      { anchor: '§2.3/unread-messages-query', quote: 'a boolean (inbox unread flag) and a folder id' },
    ],
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
    spec: [
      { anchor: '§4.3/get-unread-messages', quote: 'including messages delivered as plain text over TLS (MessageStatus = 5)' },
    ],
    operation: 'messaging-rest.GetUnreadMessages',
    title: 'Get unread messages includes a message delivered as plain text over TLS, with MessageStatus 5',
    needs: [iface('messaging-rest'), account('primary'), plainTextTlsMessage],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const mid = t.profile.messaging.plainTextTlsMessageId ?? (await deliverPlainText(t, primary));
    const listed = (await primary.unread()).find((s) => s.MessageId === mid);
    check(listed, `GET /Message/Inbox/Unread: the plain-text TLS message ${mid} (delivered through the SMTP gateway, or messaging.plainTextTlsMessageId) is not listed.`);
    check(listed.MessageStatus === STATUS_SENT_PLAIN_TEXT, `GET /Message/Inbox/Unread: message ${mid} is listed with MessageStatus ${listed.MessageStatus}, not 5 (plain text over TLS).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.plain-text-read-column',
    spec: [
      { anchor: '§3.1/SentPlainText', quote: 'SentPlainText | 5 | Read' },
      { anchor: '§3.1/read-unread-column-one-getinboxunreadonly', quote: 'The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on.' },
    ],
    operation: 'messaging-rest.SearchInbox',
    title: 'an unread-only search leaves out a plain-text TLS message (status 5, whose §3.1 column says Read), which the same search without GetInboxUnReadOnly finds',
    needs: [iface('messaging-rest'), account('primary'), plainTextTlsMessage],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const mid = t.profile.messaging.plainTextTlsMessageId ?? (await deliverPlainText(t, primary));
    const { inbox, subject } = await t.given(`find message ${mid} in primary's Inbox, with status 5, and a search that finds it`, async () => {
      const { inbox: folder } = await primary.systemFolders();
      const summary = (await primary.summaries(folder)).find((s) => s.MessageId === mid);
      check(summary?.Subject && summary.MessageStatus === STATUS_SENT_PLAIN_TEXT, `primary's Inbox does not list message ${mid} with a subject and MessageStatus 5`);
      check((await searched(t, primary, folder, summary.Subject, false)).includes(mid), `a search of primary's Inbox for "${summary.Subject}" does not find ${mid}`);
      return { inbox: folder, subject: summary.Subject };
    });
    const found = await searched(t, primary, inbox, subject, true);
    check(!found.includes(mid), `an unread-only search returns the plain-text TLS message ${mid} (status 5); spec §3.1 puts status 5 in the Read column, the one GetInboxUnreadOnly relies on.`);
  },
);
