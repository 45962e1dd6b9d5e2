/**
 * spec §7.2 texts the SOAP rules expect in faultstring, word for word. Kept beside the specs
 * (specs never import reference/); the REST specs quote the same sentences.
 */
export const MAIL_TEXT = {
  invalidCredentials: 'User credentials are invalid.',
  folderTypeInvalid: 'Folder could not be created. The Folder Type and Folder Name is invalid',
  folderExists: 'Folder could not be created. The Folder Name already exists',
  folderNameTooLong: 'Folder could not be created. The Folder Name is too long',
  messageNotDeleted: 'Message could not be deleted',
  deletedFromInbox: 'The message has been deleted from the Inbox and is no longer available.',
  noPermission: (key: string, mid: number) => `The user associated with the SessionKey: ${key} does not have permission to access MID: ${mid}`,
} as const;
