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
  readonly refusalStatus: 400 | 403;
  /** a recipient's metadata request: security envelope without tracking, or refused (§4.3) */
  readonly recipientMetadata: 'envelope-only' | 'refused';
  /** a purged copy: the specific §7.2 'deleted from ...' text, or the permission text */
  readonly purgedText: 'specific' | 'permission';
  /** dates as ISO 8601, or the vendor's display form '3/21/2018 5:20:00 PM (UTC+00:00)' */
  readonly timeFormat: 'iso' | 'display';
  /** 'string response' operations answer a JSON string, or plain text */
  readonly plainTextResponses: boolean;
}

export const DEFAULT_MAIL_CHOICES: MailChoices = {
  fixedSystemFolderIds: true,
  outboxName: 'Track Sent',
  nameLength: 'code-points',
  sendMimeIdAsString: true,
  deleteTextKey: 'Results',
  refusalStatus: 400,
  recipientMetadata: 'envelope-only',
  purgedText: 'specific',
  timeFormat: 'iso',
  plainTextResponses: false,
};

export const ALT_MAIL_CHOICES: MailChoices = {
  fixedSystemFolderIds: false,
  outboxName: 'Outbox',
  nameLength: 'utf16',
  sendMimeIdAsString: false,
  deleteTextKey: 'Result',
  refusalStatus: 403,
  recipientMetadata: 'refused',
  purgedText: 'permission',
  timeFormat: 'display',
  plainTextResponses: true,
};

/** spec §2.3 leaves date formats open; vendor-wire §1.2 shows the display form. */
export function formatTime(date: Date, choices: MailChoices): string {
  if (choices.timeFormat === 'iso') return date.toISOString();
  const h = date.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()} ${h % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} (UTC+00:00)`;
}
