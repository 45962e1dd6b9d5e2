import { inReadColumn, inUnreadColumn } from '../../contract/message-status.js';
import { check } from '../../harness/expect.js';
import { describeRow, statusRows } from '../../harness/fixtures/status-rows.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { searched } from './unread.js';

/**
 * spec §3.1 'Message status' over every row the suite can make (harness/fixtures/status-rows.ts),
 * judged by the listings whose meaning the table gives (clarification R2): the unread-only search
 * (§3.1: "The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on"), Get
 * unread (§4.3), and the plain listings of the folder the message is in.
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-rest.status.unread-only-table',
    spec: [
      { anchor: '§3.1/UnRead', quote: 'UnRead | 3 | Unread' },
      { anchor: '§3.1/Read', quote: 'Read | 4 | Read' },
      { anchor: '§3.1/read-unread-column-one-getinboxunreadonly', quote: 'The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on.' },
      { anchor: '§2.3/SearchInbox', quote: 'GetInboxUnReadOnly (boolean)' },
      { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.', silence: 'get-message-tracking' },
    ],
    operation: 'messaging-rest.SearchInbox',
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
    spec: [
      { anchor: '§4.3/get-unread-messages', quote: 'summaries of all unread inbox messages' },
      { anchor: '§4.3/get-unread-messages', quote: 'summaries of all unread inbox messages', silence: 'unread-retracted' },
      { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.', silence: 'get-message-tracking' },
    ],
    operation: 'messaging-rest.GetUnreadMessages',
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
    spec: [
      { anchor: '§4.3/get-inbox-message-ids', quote: "list of MIDs of messages in the user's inbox" },
      { anchor: '§4.3/get-message-summaries', quote: 'summaries of all messages in the folder' },
      { anchor: '§4.3/search-inbox', quote: 'Search the inbox' },
      { anchor: '§3.2/send-mime-message', quote: 'The message is saved in the Drafts folder' },
    ],
    operation: 'messaging-rest.GetInboxMessageIds',
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
