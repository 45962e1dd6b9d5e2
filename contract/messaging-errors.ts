/**
 * The error texts of spec §7.2 (messaging errors), word for word, once: the specs expect them and
 * the reference sends them. The HTTP status and body shape that carry them are not shown (§7.2
 * heading); only the text is the spec's. `[DateTime]`, `[SessionKey]` and `[MID]` are the spec's
 * placeholders, filled by the functions below.
 */
export const MESSAGING_ERROR_TEXTS = {
  // General
  sessionExpired: 'SessionKey Expired',
  // Login
  unverified: 'User account has not been verified',
  passwordExpired: 'Password expired. User must change their password to use this function',
  invalidCredentials: 'User credentials are invalid.',
  disabled: 'User Disabled',
  lockedOut: 'Too many invalid logon attempts. User automatically disabled',
  notApiUser: 'User is not authorized to use the Web Service API',
  notAuthenticated: 'User could not be authenticated',
  // GetMIMEMessage
  deletedFromTrackSent: 'This message has been deleted from Track Sent and is no longer available',
  deletedFromInbox: 'The message has been deleted from the Inbox and is no longer available.',
  // SendMIMEMessage
  fileTooLarge: 'File sizes > 2gb are not supported',
  // CreateFolder
  folderTypeInvalid: 'Folder could not be created. The Folder Type and Folder Name is invalid',
  folderExists: 'Folder could not be created. The Folder Name already exists',
  folderNameTooLong: 'Folder could not be created. The Folder Name is too long',
  folderUnknown: 'Folder could not be created. Unknown error',
  // DeleteMessage
  messageNotDeleted: 'Message could not be deleted',
  notPermanentlyDeletedFromServer: 'The message could not be permanently deleted from the server',
  notPermanentlyDeletedFromAccount: "Message could not be permanently deleted from the user's account",
  notMovedToDeletedTrash: 'Message could not be moved to the deleted trash folder',
  notMovedToTrash: 'Message could not be moved to the trash folder',
} as const;

export type MessagingErrorText = keyof typeof MESSAGING_ERROR_TEXTS;

/** §7.2 General: 'An error has occurred at [DateTime] please check the server logs for details.' */
export const internalErrorText = (at: string) => `An error has occurred at ${at} please check the server logs for details.`;

/** §7.2 GetMIMEMessage: the permission text, its placeholders filled. */
export const noPermissionText = (sessionKey: string, mid: number) =>
  `The user associated with the SessionKey: ${sessionKey} does not have permission to access MID: ${mid}`;
