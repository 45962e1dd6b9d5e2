import type { RestFaultDef } from './answer-patch.js';
/**
 * Messaging REST faults of the listings, search, statuses and the §3.2 moves (the rest are in
 * faults.ts); each names the rule whose test must fail while it is on.
 */
export const LISTING_STATE_FAULTS = [
  // §4.3 listings and search
  { id: 'messaging-rest.inbox-ids-all-folders', mail: { inboxIdsOnlyInboxFolders: () => false }, rule: 'messaging-rest.inbox-ids.inbox-only', breaks: 'Get inbox message ids lists received messages of every folder' },
  { id: 'messaging-rest.inbox-ids-folder-ignored', mail: { inboxIdsReadsFolderId: () => false }, rule: 'messaging-rest.inbox-ids.folder', breaks: 'Get inbox message ids ignores FolderId and lists the Inbox' },
  { id: 'messaging-rest.inbox-ids-attachments-ignored', mail: { inboxIdsRequiresAttachmentsWhenAsked: () => false }, rule: 'messaging-rest.inbox-ids.attachments', breaks: 'MustHaveAttachments true is ignored: messages without attachments are listed' },
  { id: 'messaging-rest.inbox-ids-attachments-inverted', mail: { inboxIdsKeepsAttachmentsUnlessAsked: () => false }, rule: 'messaging-rest.inbox-ids.attachments', breaks: 'MustHaveAttachments false is read as "must have none": messages with attachments are left out' },
  { id: 'messaging-rest.summaries-drop-last', mail: { summariesListEveryMessage: () => false }, rule: 'messaging-rest.summaries.folder', breaks: 'message summaries leave out the last message of the folder' },
  { id: 'messaging-rest.summaries-folder-ignored', mail: { summariesReadFolderId: () => false }, rule: 'messaging-rest.summaries.folder', breaks: 'Get message summaries ignores FolderId and lists the Inbox' },
  { id: 'messaging-rest.summaries-after-ignored', mail: { summariesReadLastMid: () => false }, rule: 'messaging-rest.summaries.after-mid', breaks: 'LastMessageIDReceived is ignored' },
  { id: 'messaging-rest.search-filter-ignored', mail: { searchReadsFilter: () => false }, rule: 'messaging-rest.search.filter', breaks: 'the search Filter is ignored' },
  { id: 'messaging-rest.search-folder-ignored', mail: { searchReadsFolderId: () => false }, rule: 'messaging-rest.search.filter', breaks: 'a search with a Filter ignores FolderId and searches the Inbox' },
  { id: 'messaging-rest.search-order-desc-ignored', mail: { searchDescending: () => false }, rule: 'messaging-rest.search.order-desc', breaks: 'OrderDesc true is ignored: results stay in ascending order' },
  { id: 'messaging-rest.search-order-desc-inverted', mail: { searchDescending: (orderDesc) => !orderDesc }, rule: 'messaging-rest.search.order-desc', breaks: 'OrderDesc is read the wrong way round: false gives descending order' },
  { id: 'messaging-rest.search-never-retracted', mail: { searchFindsRetracted: () => false }, rule: 'messaging-rest.search.retracted', breaks: 'GetRetractedMsgs is ignored: retracted messages are never found' },
  { id: 'messaging-rest.search-page-overlap', mail: { searchPageStart: (page, pageSize) => (page - 1) * pageSize - (page > 1 ? 1 : 0) }, rule: 'messaging-rest.search.paging', breaks: 'every page after the first starts one result early' },
  // §3.1 statuses
  { id: 'messaging-rest.status-retracted-minus-9', mail: { retractedStatus: () => -9 }, rule: 'messaging-rest.status.table-values', breaks: "a retracted message's sender copy reports status -9" },
  { id: 'messaging-rest.unread-only-includes-read', mail: { unreadOnlyIncludesRead: () => true }, rule: 'messaging-rest.status.unread-only-search', breaks: 'an unread-only search also returns Read (4) messages' },
  { id: 'messaging-rest.get-unread-includes-read', mail: { unreadListsRead: () => true }, rule: 'messaging-rest.status.get-unread', breaks: 'Get unread also lists Read (4) messages' },
  {
    id: 'messaging-rest.mime-reads-all-for-unread',
    rule: 'messaging-rest.status.get-unread',
    breaks: 'retrieving one message as MIME marks every message of the user Read, so Get unread lists none',
    rest: { mimeReadMarksAllRead: () => true },
    alsoBreaks: { rules: ['messaging-rest.status.unread-only-search'], why: 'one wrong read status: every listing that selects unread messages (Get unread and the unread-only search) is wrong alike' },
  },
  {
    id: 'messaging-rest.mime-reads-all-for-search',
    rule: 'messaging-rest.status.unread-only-search',
    breaks: 'retrieving one message as MIME marks every message of the user Read, so an unread-only search finds none',
    rest: { mimeReadMarksAllRead: () => true },
    alsoBreaks: { rules: ['messaging-rest.status.get-unread'], why: 'one wrong read status: every listing that selects unread messages (Get unread and the unread-only search) is wrong alike' },
  },
  // §3.1 as a table (clarification R2)
  { id: 'messaging-rest.unread-only-includes-retracted', mail: { unreadOnlyIncludesRetracted: () => true }, rule: 'messaging-rest.status.unread-only-table', breaks: 'an unread-only search returns every retracted message, whatever its status (a read one too)' },
  { id: 'messaging-rest.get-unread-lists-sent', mail: { unreadListsSent: () => true }, rule: 'messaging-rest.status.get-unread-table', breaks: "Get unread also lists the user's own sent copies (status 2, Unread column), which are no inbox messages" },
  { id: 'messaging-rest.inbox-ids-unread-only', mail: { inboxIdsListsReadUnlessFiltered: () => false }, rule: 'messaging-rest.status.list-membership', breaks: 'Get inbox message ids with MessageListFilter 0 lists only the unread messages' },
  { id: 'messaging-rest.unread-only-includes-plain-tls', mail: { unreadOnlyIncludesPlainTextTls: () => true }, rule: 'messaging-rest.status.plain-text-read-column', breaks: 'an unread-only search treats status 5 (SentPlainText, Read column) as Unread' },
  { id: 'messaging-rest.get-unread-skips-plain-tls', mail: { unreadListsPlainTextTls: () => false }, rule: 'messaging-rest.status.plain-text-tls', breaks: 'Get unread leaves out plain-text TLS deliveries (status 5)' },
  // §3.2 moves, deletes, retraction
  { id: 'messaging-rest.move-noop', mail: { movesCopy: () => false }, rule: 'messaging-rest.move.same-type', breaks: 'Move answers 200 but leaves the message where it was' },
  { id: 'messaging-rest.move-across-types', mail: { refusesMoveAcrossTypes: () => false }, rule: 'messaging-rest.move.across-types-refused', breaks: 'a received message can be moved into an outbox folder' },
  { id: 'messaging-rest.delete-purges', mail: { deleteStepsToTrash: () => false }, rule: 'messaging-rest.delete.to-trash', breaks: 'the first delete purges the message instead of moving it to Trash' },
  {
    id: 'messaging-rest.delete-noop',
    rule: 'messaging-rest.delete.to-trash',
    breaks: 'a normal delete answers success but leaves the copy where it was',
    rest: { deletesCopy: () => false },
    alsoBreaks: {
      rules: ['messaging-rest.delete.own-copy-only', 'messaging-rest.delete.trash-sequence', 'messaging-rest.model.mailbox-pair', 'messaging-soap.model.one-mailbox'],
      why: 'each makes a normal REST delete and reads where the copy went',
    },
  },
  { id: 'messaging-rest.trash-skips-deleted-trash', mail: { trashDeleteStepsToDeletedTrash: () => false }, rule: 'messaging-rest.delete.trash-sequence', breaks: 'deleting from Trash purges at once, skipping Deleted Trash' },
  { id: 'messaging-rest.delete-all-copies', mail: { deleteTakesOnlyOwnCopy: () => false }, rule: 'messaging-rest.delete.own-copy-only', breaks: "a delete also moves the other users' copies" },
  { id: 'messaging-rest.permanent-ignored', mail: { honoursPermanentDelete: () => false }, rule: 'messaging-rest.delete.permanent', breaks: 'the permanent-delete flag is ignored' },
  { id: 'messaging-rest.retract-sender-status-kept', mail: { retractMarksSenderCopy: () => false }, rule: 'messaging-rest.retract.sender-status', breaks: "Retract answers 200 but the sender's copy keeps its status instead of Retracted (-2)" },
  { id: 'messaging-rest.retract-removes-copies', mail: { retractKeepsRecipientCopies: () => false }, rule: 'messaging-rest.retract.recipient-copy-stays', breaks: "retracting removes the recipients' copies" },
  // model-based test of one mailbox pair
  {
    id: 'messaging-rest.delete-read-skips-trash', mail: { readCopyDeleteStepsToTrash: () => false },
    rule: 'messaging-rest.model.mailbox-pair',
    breaks: 'a recipient who deletes a message they have read sends it straight to Deleted Trash',
    alsoBreaks: { rules: ['messaging-soap.model.one-mailbox'], why: 'the one-mailbox model deletes read copies over REST too (one mail core, spec §3.2 delete row)' },
  },
  {
    id: 'messaging-rest.trash-delete-takes-other-copies', mail: { trashDeleteKeepsOtherCopies: () => false },
    rule: 'messaging-rest.model.mailbox-pair',
    breaks: "a delete of a copy in Trash (on to Deleted Trash, or purged where the server advances the trash) also purges the other users' copies",
    alsoBreaks: { rules: ['messaging-soap.model.one-mailbox'], why: 'the one-mailbox model makes the same deletes (REST or SOAP) through the same mail core, and checks the other copy after each' },
  },
] as const satisfies readonly RestFaultDef[];
