import { axis } from './axis.js';
import { UNDOCUMENTED_4XX } from './common.js';
import type { AxisReader } from './axis.js';

/**
 * The reference's readings where the messaging spec is silent (spec §2.3 'Fields ... not shown',
 * §4.3 'wire shapes: not shown'). The default variant follows the vendor's libraries
 * (vendor-wire §1); the alt variant makes other legal readings so the suite cannot lean on one.
 */
export interface MailReadings {
  /** system folder ids: the vendor's fixed per-user numbers (1 Inbox, 3 Outbox) or allocated */
  readonly fixedSystemFolderIds: boolean;
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
}

/** The readings of the messaging silences, one axis each (reference/variant.ts). */
export const FIXED_SYSTEM_FOLDER_IDS = axis('mail.system-folder-ids', 'folder-ids', [true, false]);
export const OUTBOX_NAME = axis('mail.outbox-name', 'system-folder-names', ['Track Sent', 'Outbox', 'Sent']);
export const NAME_LENGTH = axis('mail.folder-name-characters', 'folder-name-characters', ['code-points', 'utf16']);
export const SEND_MIME_ID = axis('mail.send-mime-id', 'send-mime-id', ['string', 'number']);
export const DELETE_TEXT_KEY = axis('mail.delete-text-key', 'delete-response', ['Result', 'Results']);
export const RECIPIENT_METADATA = axis('mail.recipient-metadata', 'recipient-tracking', ['envelope-only', 'refused']);
export const PURGED_TEXT = axis('mail.purged-text', 'purged-message-text', ['specific', 'permission']);
export const TIME_FORMAT = axis('mail.time-format', 'date-format', ['iso', 'display']);
export const STRING_RESPONSES = axis('mail.string-responses', 'string-response', ['json-string', 'plain-text']);
/** spec §8 'session key lifetime: not shown': counted from log on, or from the key's last use. */
export const SESSION_LIFETIME = axis('mail.session-lifetime', 'session-key-lifetime', ['fixed', 'sliding']);
/** spec §4.3 Create a new folder: 'string response (folder creation result)'; vendor-wire §1.1 `{FolderId}`. */
export const FOLDER_CREATE_ANSWER = axis('mail.folder-create-answer', 'folder-create-response', ['folder-id-object', 'text']);
/** spec §7.2 'The Folder Name already exists': names compared case-insensitively (NFC) or exactly (M3). */
export const DUPLICATE_NAMES = axis('mail.duplicate-folder-names', 'duplicate-folder-names', ['case-insensitive', 'exact']);
/** spec §4.3 Change password needs no key: the field naming the user (M1; profile messaging.changePasswordUserField). */
export const CHANGE_PASSWORD_USER = axis('mail.change-password-user', 'change-password-user', ['EmailAddr', 'UserIdOrEmail']);
/** spec §2.3 SearchInbox Filter: matches the subject or the sender, or the subject only (M11). */
export const SEARCH_FILTER = axis('mail.search-filter', 'search-semantics', ['subject-or-sender', 'subject']);
/** spec §2.3 SearchInbox PageNum: the first page's number (M11; profile messaging.firstPageNumber). */
export const FIRST_PAGE = axis('mail.search-first-page', 'search-semantics', [1, 0]);
/** spec §3.2 Retract: the recipient's copy stays; with its status, or marked Read (4) (M13). */
/** spec §3.2 'The server controls the trash mechanism': each delete advances the copy, or the server does (M4; profile messaging.trashAdvance). */
export const TRASH_ADVANCE = axis('mail.trash-advance', 'trash-mechanism', ['delete', 'server']);
/** spec §3.2 names 'a Trash folder': one pair of trash folders (inbox type), or one pair per mailbox type (M5). */
export const TRASH_FOLDERS = axis('mail.trash-folders', 'system-folder-types', ['shared', 'per-type']);
export const RETRACTED_RECIPIENT_STATUS = axis('mail.retracted-recipient-status', 'retraction', ['kept', 'read']);
/** spec §3.2 says Get MIME message marks a recipient's copy read; of Get a message it says nothing (R2). */
export const GET_MESSAGE_TRACKING = axis('mail.get-message-tracking', 'get-message-tracking', ['marks-read', 'none']);
/** spec §4.3 Get unread has no GetRetractedMsgs flag; whether it hides retracted messages is not stated (M11, R2). */
export const UNREAD_RETRACTED = axis('mail.unread-retracted', 'unread-retracted', ['listed', 'hidden']);

export const MAIL_AXES = [
  FIXED_SYSTEM_FOLDER_IDS,
  OUTBOX_NAME,
  NAME_LENGTH,
  SEND_MIME_ID,
  DELETE_TEXT_KEY,
  RECIPIENT_METADATA,
  PURGED_TEXT,
  TIME_FORMAT,
  STRING_RESPONSES,
  SESSION_LIFETIME,
  FOLDER_CREATE_ANSWER,
  DUPLICATE_NAMES,
  CHANGE_PASSWORD_USER,
  SEARCH_FILTER,
  FIRST_PAGE,
  RETRACTED_RECIPIENT_STATUS,
  TRASH_ADVANCE,
  TRASH_FOLDERS,
];

/**
 * Axes added by issue 15 item 7 (clarification R2), listed last in ALL_AXES so the readings that
 * `random:<seed>` draws for the older axes stay as they were.
 */
export const MAIL_READ_BACK_AXES = [GET_MESSAGE_TRACKING, UNREAD_RETRACTED];

/** The messaging readings of one variant. */
export function mailReadings(variant: AxisReader): MailReadings {
  return {
    fixedSystemFolderIds: variant.get(FIXED_SYSTEM_FOLDER_IDS),
    outboxName: variant.get(OUTBOX_NAME),
    nameLength: variant.get(NAME_LENGTH),
    sendMimeIdAsString: variant.get(SEND_MIME_ID) === 'string',
    deleteTextKey: variant.get(DELETE_TEXT_KEY),
    refusalStatus: variant.get(UNDOCUMENTED_4XX),
    recipientMetadata: variant.get(RECIPIENT_METADATA),
    purgedText: variant.get(PURGED_TEXT),
    timeFormat: variant.get(TIME_FORMAT),
    plainTextResponses: variant.get(STRING_RESPONSES) === 'plain-text',
    folderCreateAnswer: variant.get(FOLDER_CREATE_ANSWER),
    duplicateNames: variant.get(DUPLICATE_NAMES),
    changePasswordUser: variant.get(CHANGE_PASSWORD_USER),
    searchFilter: variant.get(SEARCH_FILTER),
    firstPage: variant.get(FIRST_PAGE),
    retractedRecipientStatus: variant.get(RETRACTED_RECIPIENT_STATUS),
    getMessageTracking: variant.get(GET_MESSAGE_TRACKING),
    unreadRetracted: variant.get(UNREAD_RETRACTED),
    trashAdvance: variant.get(TRASH_ADVANCE),
    trashFolders: variant.get(TRASH_FOLDERS),
  };
}

/** spec §2.3 leaves date formats open; vendor-wire §1.2 shows the display form. */
export function formatTime(date: Date, readings: MailReadings): string {
  if (readings.timeFormat === 'iso') return date.toISOString();
  const h = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()} ${h % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} (UTC+00:00)`;
}
