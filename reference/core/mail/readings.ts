/**
 * The reference's readings where the messaging spec is silent, as the mail core receives them
 * (resolved once from the variant by reference/axes/mail.ts; spec §2.3 'Fields ... not shown',
 * §4.3 'wire shapes: not shown'). The default variant follows the vendor's libraries
 * (vendor-wire §1); the alt variant makes other legal readings so the suite cannot lean on one.
 */
export interface MailReadings {
  /** system folder ids: the vendor's fixed per-user numbers (1 Inbox, 3 Outbox) or allocated */
  readonly fixedSystemFolderIds: boolean;
  /** custom folder ids: one numbering across the platform, or each user's own (P1) */
  readonly customFolderIds: 'platform' | 'per-user';
  /** list name of the sent-items folder (spec §3.2 'Outbox', §7.2 'Track Sent') */
  readonly outboxName: string;
  /** what a 'character' of a folder name is (spec §8 'at most 65 characters') */
  readonly nameLength: 'code-points' | 'utf16';
  /** send-MIME MID as a JSON string (spec §2.3 'as a string by send-MIME') or a number */
  readonly sendMimeIdAsString: boolean;
  /** the text field of the delete response: Results (C# library) or Result (Java library) */
  readonly deleteTextKey: 'Results' | 'Result';
  /** status of refusals the spec gives no status for (B3: any 4xx) */
  readonly refusalStatus: number;
  /** a recipient's metadata request: security envelope without tracking, or refused (§4.3) */
  readonly recipientMetadata: 'envelope-only' | 'refused';
  /** a purged copy: the specific §7.2 'deleted from ...' text, or the permission text */
  readonly purgedText: 'specific' | 'permission';
  /** dates as ISO 8601, or the vendor's display form '3/21/2018 5:20:00 PM (UTC+00:00)' */
  readonly timeFormat: 'iso' | 'display';
  /** 'string response' operations answer a JSON string, or plain text */
  readonly plainTextResponses: boolean;
  /** Create a new folder answers `{FolderId}`, or a text that carries no id */
  readonly folderCreateAnswer: 'folder-id-object' | 'text';
  readonly duplicateNames: 'case-insensitive' | 'exact';
  /** the body field that names the user of a keyless Change password */
  readonly changePasswordUser: 'EmailAddr' | 'UserIdOrEmail';
  readonly searchFilter: 'subject-or-sender' | 'subject';
  readonly firstPage: number;
  readonly retractedRecipientStatus: 'kept' | 'read';
  /** whether a recipient's Get a message writes tracking (marks it Read) as Get MIME message does (R2) */
  readonly getMessageTracking: 'marks-read' | 'none';
  /** whether Get unread (which has no GetRetractedMsgs flag) lists a retracted, unread copy (R2) */
  readonly unreadRetracted: 'listed' | 'hidden';
  /** who moves a copy on from Trash: a further delete, or the server after its retention */
  readonly trashAdvance: 'delete' | 'server';
  /** Trash and Deleted Trash: one pair of inbox type, or a pair per mailbox type */
  readonly trashFolders: 'shared' | 'per-type';
  /** GetInboxMIDRequest codes: vendor-wire §1.2's (MessageListFilter 1 unread, FolderId -1 every inbox folder), or none read */
  readonly inboxIdCodes: 'vendor' | 'none';
  /** whether a copy in Trash or Deleted Trash is an inbox message (Get unread, FolderId -1): 'apart' no, 'inbox' yes (M5) */
  readonly trashListings: 'apart' | 'inbox';
  /** what a search with GetRetractedMsgs false does with retracted messages (M11) */
  readonly retractedSearch: 'hidden' | 'listed';
}

/** spec §2.3 leaves date formats open; vendor-wire §1.2 shows the display form. */
export function formatTime(date: Date, readings: MailReadings): string {
  if (readings.timeFormat === 'iso') return date.toISOString();
  const h = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()} ${h % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} (UTC+00:00)`;
}
