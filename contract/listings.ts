import { inInboxFolder, type StateDef, type Undecided } from './listing-states.js';
import type { OperationId } from './operations.js';
import type { SpecRef } from './spec/index.js';
import type { Reading, SilenceId } from './silences/index.js';
import { trashStageExact } from './trash-mechanism.js';

export { LISTING_STATES, STATES, type ListingState, type StateDef } from './listing-states.js';

/**
 * The listings matrix (spec §4.3 listings, §2.3 request models, §4.4 GetMailboxXML; vendor-wire
 * §1.1 for the wire names): every messaging listing × each input that decides what it lists ×
 * every state of contract/listing-states.ts → whether the listing lists that state's copy, as the
 * spec (or the default binding) decides it. Where the answer rests on a reading of a silence
 * with a profile key it follows the profile (`byProfile`); with none, the cell is not applicable,
 * naming the silence (`Undecided`). contract/listing-matrix.ts derives the rules and the matrix.
 */
export type ListingOperation = 'messaging-rest.GetInboxMessageIds' | 'messaging-rest.GetMessageSummaries' | 'messaging-rest.GetUnreadMessages' | 'messaging-rest.SearchInbox' | 'messaging-soap.GetMailboxXML';

/** The profile's readings a cell may follow (contract/profile-blocks.ts messaging.*). */
export interface ListingReadings {
  readonly trashAdvance: Reading<'trash-mechanism'>;
  readonly inboxIdCodes: Reading<'inbox-id-codes'>;
}

/** A cell that follows a declared reading: its answer under the profile's readings (undefined: that reading leaves it open). */
export interface ByProfile {
  readonly profileKey: string;
  readonly under: (r: ListingReadings) => boolean | undefined;
}

export type Verdict = boolean | Undecided | ByProfile;

/** A folder a query names, by its role in the holder's mailbox; `every` is FolderId -1 (vendor-wire §1.2). */
export type FolderRole = 'inbox' | 'custom' | 'every' | 'outbox' | 'drafts' | 'trash' | 'deleted-trash';

/**
 * What a query sets, field by field, in the form both sides read it: the rule builds its request
 * from it (harness/fixtures/listing-queries.ts), the reference's mail core recognises the input
 * from the request it gets (inputOf). `Filter` counts the words of the search filter (the scene's
 * tag, or the tag and a subject word); `LastMessageIDReceived` and `After` are 0/none or the
 * scene's boundary message.
 */
export type QueryFacts = Readonly<Record<string, string | number | boolean>>;

export interface ListingInput {
  /** slug of the rule id */
  readonly slug: string;
  /** the input as the matrix shows it */
  readonly name: string;
  readonly query: QueryFacts;
  /** the request-model words that give the input */
  readonly spec: readonly SpecRef[];
  readonly member: (s: StateDef) => Verdict;
  /** the order the spec gives the results (OrderBy DATE with OrderDesc): the scene's boundary message, sent first, is last or first */
  readonly order?: 'ascending' | 'descending';
  /** read page after page of this size: the pages must not overlap and together list the members */
  readonly pageSize?: number;
  /** must, or should where the input's meaning is the binding's reading of a silence */
  readonly level: 'must' | 'should';
  /** the input's codes are vendor-wire §1.2's (MessageListFilter 1, FolderId -1): the rule needs messaging.inboxIdCodes "vendor" */
  readonly vendorCodes?: true;
}

export interface Listing {
  readonly operation: ListingOperation;
  /** the slug of its rules' ids */
  readonly slug: string;
  readonly spec: SpecRef;
  readonly inputs: readonly ListingInput[];
}

// ---- the readings cells rest on ----

const undecided = (silence: SilenceId, why: string): Undecided => ({ silence, why });
const TRASH_TYPE = undecided('trash-listings', 'whether a copy in Trash or Deleted Trash is an inbox message is not shown (M5: the type of the trash folders is not shown)');
const RETRACTED_SEARCH = undecided('search-retracted', 'what GetRetractedMsgs false leaves out is not stated (M11)');
const UNREAD_RETRACTED = undecided('unread-retracted', 'Get unread has no GetRetractedMsgs flag; whether it lists a retracted copy is not stated (R2)');
const FILTER_1_STATUS = undecided('inbox-id-codes', 'vendor-wire names MessageListFilter 1 "Unread"; whether it lists status 5 (Read column, yet listed by Get unread) is not stated');

/** spec §3.2 'The server controls the trash mechanism' (M4, N1): where a copy is in the trash sequence is known only where each delete moves it. */
const trashKnown = (answer: boolean): ByProfile => ({ profileKey: 'messaging.trashAdvance', under: (r) => (trashStageExact(r.trashAdvance) ? answer : undefined) });

/** The inbox folders: the Inbox and custom inbox folders; the trash folders' type is not shown. */
const inInboxFolders = (s: StateDef): Verdict => (inInboxFolder(s) ? true : s.place === 'trash' || s.place === 'deleted-trash' ? TRASH_TYPE : false);

const rows = {
  inboxIds: { anchor: '§4.3/get-inbox-message-ids', quote: "list of MIDs of messages in the user's inbox" },
  summaries: { anchor: '§4.3/get-message-summaries', quote: 'summaries of all messages in the folder' },
  unread: { anchor: '§4.3/get-unread-messages', quote: 'summaries of all unread inbox messages, including messages delivered as plain text over TLS (MessageStatus = 5)' },
  search: { anchor: '§4.3/search-inbox', quote: 'Search the inbox | SearchInbox | paged results' },
  mailbox: { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'The SOAP form of the mailbox listing uses these inputs' },
} as const satisfies Record<string, SpecRef>;

const mid = (quote: string): SpecRef => ({ anchor: '§2.3/GetInboxMIDRequest', quote });
const sum = (quote: string): SpecRef => ({ anchor: '§2.3/GetMessageSummariesRequest', quote });
const srch = (quote: string): SpecRef => ({ anchor: '§2.3/SearchInbox', quote });
const soap = (quote: string): SpecRef => ({ anchor: '§2.3/soap-form-mailbox-listing-uses', quote });
const DATE: SpecRef = { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'order by (for example DATE)' };
const COLUMN: SpecRef = { anchor: '§3.1/read-unread-column-one-getinboxunreadonly', quote: 'The Read/Unread column is the one the GetInboxUnreadOnly parameter relies on.' };

/** The subject word the search Filter input adds to the scene's tag (contract/listing-states.ts gives each state its word). */
export const FILTER_WORD = 'cobalt';

/** Page size of a query that reads the whole result at once, and of the paging inputs. */
export const WHOLE_PAGE = 50;
export const SMALL_PAGE = 2;
/** The page size of the scene's own reads (harness/fixtures/listing-scene.ts): no input sends it, so no listing fault reaches them. */
export const SCENE_PAGE = 20;

const inbox = (s: StateDef) => s.place === 'inbox';
const ids = (FolderId: FolderRole, MessageListFilter = 0, MustHaveAttachments = false): QueryFacts => ({ FolderId, MessageListFilter, MustHaveAttachments });
const search = (over: Partial<Record<'FolderId' | 'Filter' | 'GetInboxUnReadOnly' | 'GetRetractedMsgs' | 'OrderDesc' | 'PageSize', string | number | boolean>> = {}): QueryFacts => ({
  FolderId: 'inbox',
  Filter: 1,
  GetInboxUnReadOnly: false,
  GetRetractedMsgs: true,
  OrderDesc: false,
  PageSize: WHOLE_PAGE,
  ...over,
});
/** An unread-only query of the Inbox (§3.1: the Read/Unread column; status 5 is in the Read column); a retracted copy's column is the server's reading. */
const unreadOnly = (s: StateDef): Verdict => (inbox(s) ? s.unread : false);

const SEARCH_INPUTS: readonly ListingInput[] = [
  { slug: 'folder-inbox', name: 'FolderId = the Inbox (OrderBy DATE, OrderDesc false)', query: search(), spec: [srch('FolderId (int)'), srch('OrderBy (string), OrderDesc (boolean)'), DATE], member: inbox, order: 'ascending', level: 'must' },
  { slug: 'order-desc', name: 'OrderDesc true (OrderBy DATE)', query: search({ OrderDesc: true }), spec: [srch('OrderBy (string), OrderDesc (boolean)'), DATE], member: inbox, order: 'descending', level: 'must' },
  { slug: 'folder-custom', name: 'FolderId = a custom inbox folder', query: search({ FolderId: 'custom' }), spec: [srch('FolderId (int)')], member: (s) => s.place === 'custom', level: 'must' },
  { slug: 'filter-word', name: 'Filter = a word of some subjects', query: search({ Filter: 2 }), spec: [srch('Filter (string)'), { ...srch('Filter (string)'), silence: 'search-filter' }], member: (s) => inbox(s) && s.word === FILTER_WORD, level: 'must' },
  { slug: 'unread-only', name: 'GetInboxUnReadOnly true', query: search({ GetInboxUnReadOnly: true }), spec: [srch('GetInboxUnReadOnly (boolean)'), COLUMN], member: unreadOnly, level: 'must' },
  { slug: 'retracted-false', name: 'GetRetractedMsgs false', query: search({ GetRetractedMsgs: false }), spec: [srch('GetRetractedMsgs (boolean)'), { ...srch('GetRetractedMsgs (boolean)'), silence: 'search-retracted' }], member: (s) => (inbox(s) && s.retracted ? RETRACTED_SEARCH : inbox(s)), level: 'must' },
  { slug: 'pages', name: `PageNum / PageSize ${SMALL_PAGE}, page after page`, query: search({ PageSize: SMALL_PAGE }), spec: [srch('PageNum (int), PageSize (int)'), { ...srch('PageNum (int)'), silence: 'search-semantics' }], member: inbox, pageSize: SMALL_PAGE, level: 'must' },
];

const FOLDER_WORDS: Record<FolderRole, string> = { inbox: 'the Inbox', custom: 'a custom inbox folder', every: 'every inbox folder', outbox: 'the Outbox (Track Sent)', drafts: 'Drafts', trash: 'Trash', 'deleted-trash': 'Deleted Trash' };

export const LISTINGS: readonly Listing[] = [
  {
    operation: 'messaging-rest.GetInboxMessageIds',
    slug: 'inbox-ids',
    spec: rows.inboxIds,
    inputs: [
      { slug: 'folder-inbox', name: 'FolderId = the Inbox', query: ids('inbox'), spec: [mid('FolderId (int)')], member: inbox, level: 'must' },
      { slug: 'folder-custom', name: 'FolderId = a custom inbox folder', query: ids('custom'), spec: [mid('FolderId (int)')], member: (s) => s.place === 'custom', level: 'must' },
      { slug: 'folder-every', name: 'FolderId = -1 (every inbox folder)', query: ids('every'), spec: [{ ...mid('FolderId (int)'), silence: 'inbox-id-codes' }], member: inInboxFolders, level: 'should', vendorCodes: true },
      {
        slug: 'unread-filter',
        name: 'MessageListFilter = 1 (unread)',
        query: ids('inbox', 1),
        spec: [{ ...mid('MessageListFilter (int)'), silence: 'inbox-id-codes' }],
        member: (s) => (inbox(s) && s.plainTls ? FILTER_1_STATUS : unreadOnly(s)),
        level: 'should',
        vendorCodes: true,
      },
      { slug: 'attachments', name: 'MustHaveAttachments = true', query: ids('inbox', 0, true), spec: [mid('MustHaveAttachments (boolean)')], member: (s) => inbox(s) && s.attachment, level: 'must' },
    ],
  },
  {
    operation: 'messaging-rest.GetMessageSummaries',
    slug: 'summaries',
    spec: rows.summaries,
    inputs: [
      ...(['inbox', 'custom', 'outbox', 'drafts'] as const).map(
        (role): ListingInput => ({ slug: `folder-${role}`, name: `FolderId = ${FOLDER_WORDS[role]}`, query: { FolderId: role, LastMessageIDReceived: 0 }, spec: [sum('FolderId (int)')], member: (s) => s.place === role, level: 'must' }),
      ),
      {
        slug: 'folder-trash',
        name: 'FolderId = Trash',
        query: { FolderId: 'trash', LastMessageIDReceived: 0 },
        spec: [sum('FolderId (int)'), { anchor: '§3.2/delete-message', quote: 'The server controls the trash mechanism.', silence: 'trash-mechanism' }],
        member: (s) => (s.place === 'trash' ? trashKnown(true) : false),
        level: 'must',
      },
      {
        slug: 'folder-deleted-trash',
        name: 'FolderId = Deleted Trash',
        query: { FolderId: 'deleted-trash', LastMessageIDReceived: 0 },
        spec: [sum('FolderId (int)'), { anchor: '§3.2/delete-message', quote: 'The server controls the trash mechanism.', silence: 'trash-mechanism' }],
        member: (s) => (s.place === 'deleted-trash' ? trashKnown(true) : s.place === 'trash' ? trashKnown(false) : false),
        level: 'must',
      },
      { slug: 'after-boundary', name: 'LastMessageIDReceived = a message that arrived before them', query: { FolderId: 'inbox', LastMessageIDReceived: 'boundary' }, spec: [sum('LastMessageIDReceived (int)')], member: inbox, level: 'must' },
    ],
  },
  {
    operation: 'messaging-rest.GetUnreadMessages',
    slug: 'unread',
    spec: rows.unread,
    inputs: [
      { slug: 'all', name: 'no After', query: { After: 'none' }, spec: [], member: (s) => unreadInbox(s), level: 'must' },
      { slug: 'after-boundary', name: 'After = a message that arrived before them', query: { After: 'boundary' }, spec: [{ anchor: '§2.3/unread-messages-query', quote: 'Unread messages query' }], member: (s) => unreadInbox(s), level: 'should' },
    ],
  },
  { operation: 'messaging-rest.SearchInbox', slug: 'search', spec: rows.search, inputs: SEARCH_INPUTS },
  {
    operation: 'messaging-soap.GetMailboxXML',
    slug: 'mailbox-xml',
    spec: rows.mailbox,
    inputs: [
      { slug: 'inbox', name: 'mailbox type 0, folder id = the Inbox', query: search(), spec: [soap('mailbox type (0 inbox, 1 outbox)'), soap('folder id')], member: inbox, level: 'must' },
      { slug: 'folder-custom', name: 'folder id = a custom inbox folder', query: search({ FolderId: 'custom' }), spec: [soap('folder id')], member: (s) => s.place === 'custom', level: 'must' },
      { slug: 'outbox', name: 'mailbox type 1, folder id = the Outbox', query: search({ FolderId: 'outbox' }), spec: [soap('mailbox type (0 inbox, 1 outbox)')], member: (s) => s.place === 'outbox', level: 'must' },
      { slug: 'unread-only', name: 'GetInboxUnReadOnly true', query: search({ GetInboxUnReadOnly: true }), spec: [COLUMN], member: unreadOnly, level: 'must' },
    ],
  },
];

/** spec §4.3 Get unread: unread inbox messages and status 5; a retracted copy and the trash are the server's reading. */
function unreadInbox(s: StateDef): Verdict {
  const folders = inInboxFolders(s);
  if (folders !== true) return folders;
  if (s.retracted) return UNREAD_RETRACTED;
  return s.plainTls || s.unread === true;
}

/** The input of `operation` whose query a request sets exactly, if any: how the reference's mail core knows which cell it serves. */
export function inputOf(operation: string, facts: QueryFacts): ListingInput | undefined {
  const listing = LISTINGS.find((l) => l.operation === operation);
  return listing?.inputs.find((i) => Object.entries(i.query).every(([k, v]) => facts[k] === v) && Object.keys(facts).every((k) => k in i.query));
}

export const listingOf = (operation: ListingOperation): Listing => LISTINGS.find((l) => l.operation === operation)!;
export const LISTING_OPERATIONS: readonly OperationId[] = LISTINGS.map((l) => l.operation);
