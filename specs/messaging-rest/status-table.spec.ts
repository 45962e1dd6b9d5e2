import { SearchResponseSchema } from '../../contract/messaging.js';
import { inReadColumn, inUnreadColumn, STATUS_SENT_PLAIN_TEXT } from '../../contract/message-status.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { deliverPlainText } from '../../harness/fixtures/smtp.js';
import { describeRow, statusRows } from '../../harness/fixtures/status-rows.js';
import { account, iface, plainTextTlsMessage } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/**
 * spec §3.1 'Message status' as a table: each row the suite can make (harness/fixtures/status-rows.ts)
 * judged by the listings whose meaning the table gives (clarification R2): the unread-only search
 * (§3.1: "The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on"), Get
 * unread (§4.3), and the plain listings of the folder the message is in.
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];

/** The MIDs a search of one folder finds (first page of 50; the run-tagged Filter keeps it small). */
async function searched(t: RuleContext, who: MailSession, folder: number, filter: string, unreadOnly: boolean): Promise<number[]> {
  const res = await t.rest.search(who.auth, { Filter: filter, FolderId: folder, GetInboxUnReadOnly: unreadOnly, GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
  return expectBody(res, SearchResponseSchema, 'search Results').Results.map((r) => r.MessageId);
}

rule(
  {
    ...base,
    id: 'messaging-rest.status.unread-only-table',
    section: '§3.1',
    operation: 'messaging-rest.SearchInbox',
    sentence: 'The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on.',
    title: "over every status row the suite makes in a recipient's Inbox (unread, read by MIME, retracted unread and read, opened), an unread-only search returns exactly the rows whose §3.1 column says Unread, and each row's status is in the column §3.2 gives it",
    needs,
  },
  async (t) => {
    const { peer, primary, inbox, rows } = await statusRows(t);
    for (const r of rows.filter((x) => x.model)) {
      const agrees = r.model === 'Unread' ? inUnreadColumn(r.reported) : inReadColumn(r.reported);
      check(agrees, `peer's Inbox lists message ${describeRow(r)}: its status is not in the ${r.model} column.`);
    }
    const found = await searched(t, peer, inbox, primary.tag, true);
    const wrong = rows.filter((r) => found.includes(r.mid) !== r.unread);
    check(wrong.length === 0, `an unread-only search of peer's Inbox (GetInboxUnReadOnly true) is wrong for ${wrong.map((r) => `${describeRow(r)}: ${found.includes(r.mid) ? 'returned' : 'left out'}`).join('; ')}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.get-unread-table',
    section: '§4.3',
    operation: 'messaging-rest.GetUnreadMessages',
    sentence: 'Get unread messages | inbox-unread flag, folder id | summaries of all unread inbox messages, including messages delivered as plain text over TLS (MessageStatus = 5)',
    title: "over every status row the suite makes, Get unread lists exactly the recipient's inbox rows whose §3.1 column says Unread (a retracted one may be left out), and none of the sender's own copies (the sent copy, a draft), which are no inbox messages",
    needs,
  },
  async (t) => {
    const { peer, primary, rows, sent, draft } = await statusRows(t);
    const listed = (await peer.unread()).map((s) => s.MessageId);
    // Get unread has no GetRetractedMsgs flag: whether it hides a retracted, unread copy is not stated (M11, R2)
    const wrong = rows.filter((r) => listed.includes(r.mid) !== r.unread && !(r.retracted && r.unread));
    check(wrong.length === 0, `peer's Get unread is wrong for ${wrong.map((r) => `${describeRow(r)}: ${listed.includes(r.mid) ? 'listed' : 'left out'}`).join('; ')}.`);
    const own = (await primary.unread()).map((s) => s.MessageId);
    for (const [what, mid] of [['sent copy', sent.mid], ['draft', draft.mid]] as const) {
      check(!own.includes(mid), `primary's Get unread lists primary's own ${what} ${mid}; spec §4.3 lists unread inbox messages only.`);
    }
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.list-membership',
    section: '§4.3',
    operation: 'messaging-rest.GetInboxMessageIds',
    sentence: "Get inbox message ids | GetInboxMIDRequest | list of MIDs of messages in the user's inbox · Get message summaries | GetMessageSummariesRequest | summaries of all messages in the folder",
    title: "whatever its status, every row the suite makes is listed where it is: each recipient row by the Inbox's message ids, its summaries and a search of it; the sent copy in the Outbox and the draft in Drafts, neither among the sender's Inbox ids",
    needs,
  },
  async (t) => {
    const { peer, primary, inbox, rows, sent, draft } = await statusRows(t);
    const listings: Array<[string, number[]]> = [
      ['Get inbox message ids', await peer.inboxIds(inbox)],
      ['Get message summaries', await peer.idsIn(inbox)],
      ['a search (GetRetractedMsgs true)', await searched(t, peer, inbox, primary.tag, false)],
    ];
    for (const [name, ids] of listings) {
      const missing = rows.filter((r) => !ids.includes(r.mid));
      check(missing.length === 0, `${name} of peer's Inbox leaves out ${missing.map(describeRow).join('; ')}.`);
    }
    const { inbox: ownInbox } = await t.given("find primary's Inbox", () => primary.systemFolders());
    const ownInboxIds = await primary.inboxIds(ownInbox);
    for (const [what, copy] of [['sent copy', sent], ['draft', draft]] as const) {
      check((await primary.idsIn(copy.folder)).includes(copy.mid), `primary's ${what} ${copy.mid} is not listed in its folder ${copy.folder} (spec §3.2).`);
      check(!ownInboxIds.includes(copy.mid), `Get inbox message ids of primary's Inbox lists primary's own ${what} ${copy.mid}.`);
    }
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.status.plain-text-read-column',
    section: '§3.1',
    operation: 'messaging-rest.SearchInbox',
    sentence: 'Push | SentPlainText | 5 | Read',
    title: 'an unread-only search leaves out a plain-text TLS message (status 5, whose §3.1 column says Read), which the same search without GetInboxUnReadOnly finds',
    needs: [iface('messaging-rest'), account('primary'), plainTextTlsMessage],
    // delivering one through the gateway relies on the company's SMTP settings
    company: 'uses',
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
