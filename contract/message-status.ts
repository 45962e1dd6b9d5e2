/**
 * spec §3.1 'Message status', the table as data: every value, its name and group, and the
 * Read/Unread column that GetInboxUnreadOnly relies on. Reviewed row by row against the spec.
 */
export type ReadColumn = 'Read' | 'Unread' | 'Unread (Tracking)' | null;

export interface MessageStatusRow {
  value: number;
  name: string;
  group: string;
  /** the Read/Unread column; null where the table says '(none)' */
  column: ReadColumn;
}

export const MESSAGE_STATUSES: readonly MessageStatusRow[] = [
  { value: -8, name: 'DirectMessageFailed', group: 'Sender-only', column: null },
  { value: -7, name: 'PendingUpload', group: 'Sender-only', column: null },
  { value: -6, name: 'PendingLicense', group: 'Sender-only', column: null },
  { value: -5, name: 'Pending', group: 'Sender-only', column: null },
  { value: -4, name: 'Restricted', group: 'Sender-only', column: null },
  { value: -3, name: 'Deleted', group: 'Sender-only', column: null },
  { value: -2, name: 'Retracted', group: 'Sender-only', column: null },
  { value: -1, name: 'Draft', group: 'Sender-only', column: null },
  { value: 0, name: 'EditMode', group: 'Sender-only', column: null },
  { value: 1, name: 'NoticeInQueue', group: 'Sender/recipient', column: 'Unread' },
  { value: 2, name: 'NoticeSent', group: 'Sender/recipient', column: 'Unread' },
  { value: 3, name: 'UnRead', group: 'Per recipient', column: 'Unread' },
  { value: 4, name: 'Read', group: 'Per recipient', column: 'Read' },
  { value: 5, name: 'SentPlainText', group: 'Push', column: 'Read' },
  { value: 6, name: 'NoticeError', group: 'Push', column: 'Unread' },
  { value: 7, name: 'Pop3Delivered', group: 'Push', column: 'Read' },
  { value: 8, name: 'PushedZip', group: 'Push', column: 'Read' },
  { value: 9, name: 'SecureFax', group: 'Push', column: 'Read' },
  { value: 10, name: 'PushedPdf', group: 'Push', column: 'Read' },
  { value: 11, name: 'DistributionRequestProcessed', group: 'Secure forms', column: 'Unread' },
  { value: 12, name: 'DistributionRequestFailed', group: 'Secure forms', column: 'Unread' },
  { value: 13, name: 'WorkflowDestinationEnroute', group: 'Workflow bridge', column: 'Unread' },
  { value: 14, name: 'WorkflowDestinationDelivered', group: 'Workflow bridge', column: 'Read' },
  { value: 15, name: 'WorkflowDestinationUnreachable', group: 'Workflow bridge', column: 'Unread' },
  { value: 16, name: 'DirectMessageQueued', group: 'Direct messaging', column: 'Unread (Tracking)' },
  { value: 17, name: 'DirectMessageSent', group: 'Direct messaging', column: 'Unread (Tracking)' },
  { value: 18, name: 'DirectMessageDispatched', group: 'Direct messaging', column: 'Unread (Tracking)' },
  { value: 19, name: 'DirectMessageProcessed', group: 'Direct messaging', column: 'Unread (Tracking)' },
];

const BY_VALUE = new Map(MESSAGE_STATUSES.map((row) => [row.value, row]));

/** spec §3.1 'Plain text over TLS' push status, the one *Get unread* lists although its column says Read (§4.3). */
export const STATUS_SENT_PLAIN_TEXT = 5;
/** spec §3.1 'Sender-only | Retracted | -2' */
export const STATUS_RETRACTED = -2;

export const statusRow = (value: number): MessageStatusRow | undefined => BY_VALUE.get(value);

export const isTableStatus = (value: unknown): value is number => typeof value === 'number' && BY_VALUE.has(value);

/** Unread in the table's column ('Unread (Tracking)' counts as Unread; see docs/clarifications.md). */
export const inUnreadColumn = (value: number): boolean => {
  const column = BY_VALUE.get(value)?.column;
  return column === 'Unread' || column === 'Unread (Tracking)';
};

export const inReadColumn = (value: number): boolean => BY_VALUE.get(value)?.column === 'Read';
