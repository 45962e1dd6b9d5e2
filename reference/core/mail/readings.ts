import type { Reading } from '../../../contract/silences/index.js';

/**
 * The reference's readings where the messaging spec is silent, as the mail core receives them
 * (resolved once from the variant by reference/readings.ts; spec §2.3 'Fields ... not shown',
 * §4.3 'wire shapes: not shown'). Each is typed by its silence (contract/silences), so a reading
 * added there widens the type here, and every exhaustive use of it stops compiling until it
 * handles the new one. The default variant follows the vendor's libraries (vendor-wire §1); the
 * alt variant makes other legal readings so the suite cannot lean on one.
 */
export interface MailReadings {
  /** system folder ids: the vendor's fixed per-user numbers (1 Inbox, 3 Outbox) or allocated */
  readonly fixedSystemFolderIds: Reading<'folder-ids'>;
  /** custom folder ids: one numbering across the platform, or each user's own (P1) */
  readonly customFolderIds: Reading<'folder-id-scope'>;
  /** list name of the sent-items folder (spec §3.2 'Outbox', §7.2 'Track Sent') */
  readonly outboxName: Reading<'system-folder-names'>;
  /** what a 'character' of a folder name is (spec §8 'at most 65 characters') */
  readonly nameLength: Reading<'folder-name-characters'>;
  /** send-MIME MID as a JSON string (spec §2.3 'as a string by send-MIME') or a number */
  readonly sendMimeIdAsString: boolean;
  /** the text field of the delete response: Results (C# library) or Result (Java library) */
  readonly deleteTextKey: Reading<'delete-response'>;
  /** status of refusals the spec gives no status for (B3: any 4xx) */
  readonly refusalStatus: Reading<'error-status'>;
  /** a recipient's metadata request: security envelope without tracking, or refused (§4.3) */
  readonly recipientMetadata: Reading<'recipient-tracking'>;
  /** a purged copy: the specific §7.2 'deleted from ...' text, or the permission text */
  readonly purgedText: Reading<'purged-message-text'>;
  /** dates as ISO 8601, or the vendor's display form '3/21/2018 5:20:00 PM (UTC+00:00)' */
  readonly timeFormat: Reading<'date-format'>;
  /** 'string response' operations answer a JSON string, or plain text */
  readonly plainTextResponses: boolean;
  /** Create a new folder answers `{FolderId}`, or a text that carries no id */
  readonly folderCreateAnswer: Reading<'folder-create-response'>;
  readonly duplicateNames: Reading<'duplicate-folder-names'>;
  /** the body field that names the user of a keyless Change password */
  readonly changePasswordUser: Reading<'change-password-user'>;
  readonly searchFilter: Reading<'search-filter'>;
  readonly firstPage: Reading<'search-semantics'>;
  readonly retractedRecipientStatus: Reading<'retraction'>;
  /** retracting one's own draft: a success that changes nothing, or refused (X2) */
  readonly retractDraft: Reading<'retract-draft'>;
  /** whether a recipient's Get a message writes tracking (marks it Read) as Get MIME message does (R2) */
  readonly getMessageTracking: Reading<'get-message-tracking'>;
  /** whether Get unread (which has no GetRetractedMsgs flag) lists a retracted, unread copy (R2) */
  readonly unreadRetracted: Reading<'unread-retracted'>;
  /** who moves a copy on from Trash: a further delete, or the server after its retention */
  readonly trashAdvance: Reading<'trash-mechanism'>;
  /** Trash and Deleted Trash: one pair of inbox type, or a pair per mailbox type */
  readonly trashFolders: Reading<'system-folder-types'>;
  /** GetInboxMIDRequest codes: vendor-wire §1.2's (MessageListFilter 1 unread, FolderId -1 every inbox folder), or none read */
  readonly inboxIdCodes: Reading<'inbox-id-codes'>;
  /** whether a copy in Trash or Deleted Trash is an inbox message (Get unread, FolderId -1): 'apart' no, 'inbox' yes (M5) */
  readonly trashListings: Reading<'trash-listings'>;
  /** what a search with GetRetractedMsgs false does with retracted messages (M11) */
  readonly retractedSearch: Reading<'search-retracted'>;
}

/** spec §2.3 leaves date formats open; vendor-wire §1.2 shows the display form. */
export function formatTime(date: Date, readings: MailReadings): string {
  if (readings.timeFormat === 'iso') return date.toISOString();
  const h = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()} ${h % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} (UTC+00:00)`;
}
