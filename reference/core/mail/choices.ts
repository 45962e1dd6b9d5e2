import { axis } from '../../variant/axis.js';
import { UNDOCUMENTED_4XX } from '../../variant/common.js';
import type { Variant } from '../../variant.js';

/**
 * The reference's choices where the messaging spec is silent (spec §2.3 'Fields ... not shown',
 * §4.3 'wire shapes: not shown'). The default variant follows the vendor's libraries
 * (vendor-wire §1); the alt variant makes other legal choices so the suite cannot lean on one.
 */
export interface MailChoices {
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
  readonly trashAdvance: 'delete' | 'server';
  readonly changePasswordField: 'EmailAddr' | 'UserIdOrEmail';
  readonly trashFolderType: number;
  readonly searchFilter: 'subject-or-sender' | 'subject';
  readonly firstPage: number;
  readonly retractedRecipient: 'kept' | 'read';
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

/** M3: duplicate names compared case-insensitively after NFC, or exactly. */
export const DUPLICATE_NAMES = axis('mail.duplicate-folder-names', 'duplicate-folder-names', ['case-insensitive', 'exact']);
/** M4: each delete moves a copy one step, or the server moves it on from Trash (declared: messaging.trashAdvance). */
export const TRASH_ADVANCE = axis('mail.trash-advance', 'trash-mechanism', ['delete', 'server']);
/** M1: the field that names the user in a keyless Change password (declared: messaging.changePasswordUserField). */
export const CHANGE_PASSWORD_FIELD = axis('mail.change-password-field', 'change-password-user', ['EmailAddr', 'UserIdOrEmail']);
/** M5: the FolderType the folder list gives Trash and Deleted Trash. */
export const TRASH_FOLDER_TYPE = axis('mail.trash-folder-type', 'system-folder-types', [0, 1]);
/** M11: what the search Filter matches. */
export const SEARCH_FILTER = axis('mail.search-filter', 'search-semantics', ['subject-or-sender', 'subject']);
/** M11: the number of the first search page (declared: messaging.firstPageNumber). */
export const FIRST_PAGE = axis('mail.first-page', 'search-semantics', [1, 0]);
/** M13: a retracted message's recipient copies keep their status, or are marked Read. */
export const RETRACTED_RECIPIENT = axis('mail.retracted-recipient-status', 'retraction', ['kept', 'read']);

export const MAIL_AXES = [
  DUPLICATE_NAMES,
  TRASH_ADVANCE,
  CHANGE_PASSWORD_FIELD,
  TRASH_FOLDER_TYPE,
  SEARCH_FILTER,
  FIRST_PAGE,
  RETRACTED_RECIPIENT,
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
];

/** The messaging choices of one variant. */
export function mailChoices(variant: Variant): MailChoices {
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
    trashAdvance: variant.get(TRASH_ADVANCE),
    changePasswordField: variant.get(CHANGE_PASSWORD_FIELD),
    trashFolderType: variant.get(TRASH_FOLDER_TYPE),
    searchFilter: variant.get(SEARCH_FILTER),
    firstPage: variant.get(FIRST_PAGE),
    retractedRecipient: variant.get(RETRACTED_RECIPIENT),
  };
}

/** spec §2.3 leaves date formats open; vendor-wire §1.2 shows the display form. */
export function formatTime(date: Date, choices: MailChoices): string {
  if (choices.timeFormat === 'iso') return date.toISOString();
  const h = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()} ${h % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} (UTC+00:00)`;
}
