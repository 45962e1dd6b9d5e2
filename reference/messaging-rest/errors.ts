import type { Context } from 'hono';
import { MailError, type MailErrorCode } from '../core/mail/index.js';
import type { AxisReader } from '../axes/axis.js';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorEnvelope } from '../common-readings.js';
import { UNDOCUMENTED_4XX } from '../axes/common.js';

/**
 * B3: a documented error is a 4xx whose body is the spec §7.2 text (wrapped as the variant
 * chooses); 400 for invalid input, 401 for credentials, keys and inaccessible messages.
 * 'refusal' marks refusals whose status neither the spec nor B3 names (the variant picks).
 */
const STATUS: Record<MailErrorCode, 400 | 401 | 'refusal'> = {
  sessionExpired: 401,
  unverified: 401,
  passwordExpired: 401,
  invalidCredentials: 401,
  disabled: 401,
  lockedOut: 401,
  notApiUser: 401,
  notAuthenticated: 401,
  deletedFromTrackSent: 401,
  deletedFromInbox: 401,
  noPermission: 401,
  messageNotDeleted: 401,
  // §7.2 texts the reference never sends (it does not fail these ways); typed for completeness
  fileTooLarge: 400,
  notPermanentlyDeletedFromServer: 400,
  notPermanentlyDeletedFromAccount: 400,
  notMovedToDeletedTrash: 400,
  notMovedToTrash: 400,
  folderNotFound: 401,
  folderTypeInvalid: 400,
  folderExists: 400,
  folderNameTooLong: 400,
  folderUnknown: 400,
  invalidInput: 400,
  noRecipients: 400,
  badPaging: 400,
  samePassword: 400,
  systemFolder: 'refusal',
  moveAcrossTypes: 'refusal',
  moveToTrash: 'refusal',
  notSender: 'refusal',
  draftNotSent: 'refusal',
};

export function errorResponse(c: Context, variant: AxisReader, error: MailError) {
  const code = STATUS[error.code];
  const status = (code === 'refusal' ? variant.get(UNDOCUMENTED_4XX) : code) as ContentfulStatusCode;
  const envelope = errorEnvelope(variant, error.text);
  return envelope.kind === 'text' ? c.text(envelope.body, status) : c.json(envelope.body as object, status);
}
