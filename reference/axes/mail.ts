import { axis } from './axis.js';

/** The readings of the messaging silences, one axis each (reference/variant.ts). */
export const FIXED_SYSTEM_FOLDER_IDS = axis('mail.system-folder-ids', 'folder-ids');
export const OUTBOX_NAME = axis('mail.outbox-name', 'system-folder-names');
export const NAME_LENGTH = axis('mail.folder-name-characters', 'folder-name-characters');
export const SEND_MIME_ID = axis('mail.send-mime-id', 'send-mime-id');
export const DELETE_TEXT_KEY = axis('mail.delete-text-key', 'delete-response');
export const RECIPIENT_METADATA = axis('mail.recipient-metadata', 'recipient-tracking');
export const PURGED_TEXT = axis('mail.purged-text', 'purged-message-text');
export const TIME_FORMAT = axis('mail.time-format', 'date-format');
export const STRING_RESPONSES = axis('mail.string-responses', 'string-response');
/** spec §8 'session key lifetime: not shown': counted from log on, or from the key's last use. */
export const SESSION_LIFETIME = axis('mail.session-lifetime', 'session-key-lifetime');
/** spec §4.3 Create a new folder: 'string response (folder creation result)'; vendor-wire §1.1 `{FolderId}`. */
export const FOLDER_CREATE_ANSWER = axis('mail.folder-create-answer', 'folder-create-response');
/** spec §7.2 'The Folder Name already exists': names compared case-insensitively (NFC) or exactly (M3). */
export const DUPLICATE_NAMES = axis('mail.duplicate-folder-names', 'duplicate-folder-names');
/** spec §4.3 Change password needs no key: the field naming the user (M1; profile messaging.changePasswordUserField). */
export const CHANGE_PASSWORD_USER = axis('mail.change-password-user', 'change-password-user');
/** spec §2.3 SearchInbox Filter: matches the subject or the sender, or the subject only (M11). */
export const SEARCH_FILTER = axis('mail.search-filter', 'search-filter');
/** spec §2.3 SearchInbox PageNum: the first page's number (M11; profile messaging.firstPageNumber). */
export const FIRST_PAGE = axis('mail.search-first-page', 'search-semantics');
/** spec §3.2 'The server controls the trash mechanism': each delete advances the copy, or the server does (M4; profile messaging.trashAdvance). */
export const TRASH_ADVANCE = axis('mail.trash-advance', 'trash-mechanism');
/** spec §3.2 names 'a Trash folder': one pair of trash folders (inbox type), or one pair per mailbox type (M5). */
export const TRASH_FOLDERS = axis('mail.trash-folders', 'system-folder-types');
/** spec §3.2 Retract: the recipient's copy stays; with its status, or marked Read (4) (M13). */
export const RETRACTED_RECIPIENT_STATUS = axis('mail.retracted-recipient-status', 'retraction');
/** spec §3.2 says Get MIME message marks a recipient's copy read; of Get a message it says nothing (R2). */
export const GET_MESSAGE_TRACKING = axis('mail.get-message-tracking', 'get-message-tracking');
/** spec §4.3 Get unread has no GetRetractedMsgs flag; whether it hides retracted messages is not stated (M11, R2). */
export const UNREAD_RETRACTED = axis('mail.unread-retracted', 'unread-retracted');

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
 * Axes of clarification R2, listed last in ALL_AXES so the readings that
 * `random:<seed>` draws for the older axes stay as they were.
 */
export const MAIL_READ_BACK_AXES = [GET_MESSAGE_TRACKING, UNREAD_RETRACTED];

/** spec §2.3 'Folder id': custom folder ids numbered across the platform, or per user (P1). */
export const CUSTOM_FOLDER_IDS = axis('mail.custom-folder-ids', 'folder-id-scope');

/** Axes added with the party matrix (P1), after the others so earlier `random:<seed>` draws stay as they were. */
export const MAIL_PARTY_AXES = [CUSTOM_FOLDER_IDS];

/** vendor-wire §1.2 codes of GetInboxMIDRequest (MessageListFilter 1 unread, FolderId -1 every inbox folder), or none (M20; profile messaging.inboxIdCodes). */
export const INBOX_ID_CODES = axis('mail.inbox-id-codes', 'inbox-id-codes');
/** spec §4.3 'unread inbox messages': whether the trash folders' copies are inbox messages (M5 leaves their type open; M21). */
export const TRASH_LISTINGS = axis('mail.trash-listings', 'trash-listings');
/** spec §2.3 GetRetractedMsgs (boolean): false leaves retracted messages out, or lists them too (M11). */
export const RETRACTED_SEARCH = axis('mail.search-retracted-false', 'search-retracted');

/** spec §3.2 Retract names messages 'recipients have received'; a draft has none: a success that changes nothing (the vendor's Java suite expects it), or refused (X2). */
export const RETRACT_DRAFT = axis('mail.retract-draft', 'retract-draft');

/** Axes added with the listings matrix and after it, after the others so earlier `random:<seed>` draws stay as they were. */
export const MAIL_LISTING_AXES = [INBOX_ID_CODES, TRASH_LISTINGS, RETRACTED_SEARCH, RETRACT_DRAFT];
