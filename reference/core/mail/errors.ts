import { MESSAGING_ERROR_TEXTS } from '../../../contract/messaging-errors.js';

/**
 * The one table of messaging errors. A core operation throws MailError with a code; each
 * adapter maps the code to its own form (REST: a 4xx status, SOAP: a SoapFault) and sends the
 * text. Texts marked §7.2 are the spec's, word for word; the others are the reference's own
 * wording for refusals the spec does not document.
 */
export const MAIL_TEXTS = {
  // §7.2, word for word (contract/messaging-errors.ts)
  ...MESSAGING_ERROR_TEXTS,
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

export { noPermissionText } from '../../../contract/messaging-errors.js';

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
