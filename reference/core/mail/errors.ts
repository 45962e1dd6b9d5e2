/**
 * The one table of messaging errors. A core operation throws MailError with a code; each
 * adapter maps the code to its own form (REST: a 4xx status, SOAP: a fault) and sends the
 * text. Texts marked §7.2 are the spec's, word for word; the others are the reference's own
 * wording for refusals the spec does not document.
 */
export const MAIL_TEXTS = {
  // §7.2 General
  sessionExpired: 'SessionKey Expired',
  // §7.2 Login
  unverified: 'User account has not been verified',
  passwordExpired: 'Password expired. User must change their password to use this function',
  invalidCredentials: 'User credentials are invalid.',
  disabled: 'User Disabled',
  lockedOut: 'Too many invalid logon attempts. User automatically disabled',
  notApiUser: 'User is not authorized to use the Web Service API',
  notAuthenticated: 'User could not be authenticated',
  // §7.2 GetMIMEMessage
  deletedFromTrackSent: 'This message has been deleted from Track Sent and is no longer available',
  deletedFromInbox: 'The message has been deleted from the Inbox and is no longer available.',
  // §7.2 CreateFolder
  folderTypeInvalid: 'Folder could not be created. The Folder Type and Folder Name is invalid',
  folderExists: 'Folder could not be created. The Folder Name already exists',
  folderNameTooLong: 'Folder could not be created. The Folder Name is too long',
  folderUnknown: 'Folder could not be created. Unknown error',
  // §7.2 DeleteMessage
  messageNotDeleted: 'Message could not be deleted',
  // reference wording (spec: not shown)
  invalidInput: 'The request body is invalid.',
  folderNotFound: 'The folder does not exist or does not belong to the user.',
  systemFolder: 'System folders cannot be deleted.',
  moveAcrossTypes: 'A message can only be moved to a folder of the same type (inbox or outbox).',
  moveToTrash: 'Use Delete to move a message to the trash.',
  noRecipients: 'The message has no recipients.',
  notSender: 'Only the sender can retract a message.',
  // X2: spec §3.2 retracts a message 'recipients have received'; a draft has none
  draftNotSent: 'The message is a draft: it has not been sent, so there is nothing to retract.',
  badPaging: 'PageNum and PageSize must be positive integers.',
  samePassword: 'The new password must differ from the old one.',
} as const;

export type MailErrorCode = keyof typeof MAIL_TEXTS | 'noPermission';

/** §7.2 GetMIMEMessage permission text, placeholders filled. */
export const noPermissionText = (credential: string, mid: number) =>
  `The user associated with the SessionKey: ${credential} does not have permission to access MID: ${mid}`;

/** What went wrong, as a code; `text` is what the client is shown. */
export class MailError extends Error {
  override name = 'MailError';
  constructor(
    readonly code: MailErrorCode,
    readonly text: string = code === 'noPermission' ? 'no permission' : MAIL_TEXTS[code],
  ) {
    super(text);
  }
}

export function fail(code: keyof typeof MAIL_TEXTS): never {
  throw new MailError(code);
}
