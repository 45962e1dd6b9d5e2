import type { User } from '../domain.js';
import { SPEC_MAIL_POLICY, type MailPolicy } from './policy.js';

/**
 * The messaging domain model (spec §2.3, §3). Both messaging adapters (REST now, SOAP later)
 * work on these records through MailCore; neither keeps mail state of its own.
 */

/** spec §2.3 Folder (create): FolderType 0 = inbox, 1 = outbox. */
export type FolderType = 0 | 1;
export const INBOX_TYPE: FolderType = 0;
export const OUTBOX_TYPE: FolderType = 1;

/** The system folders every mailbox has (spec §3.2 names them; §7.2 names Track Sent). */
export type SystemRole = 'inbox' | 'drafts' | 'outbox' | 'trash' | 'deletedTrash';

export interface Folder {
  id: number;
  ownerId: number;
  name: string;
  type: FolderType;
  /** set for system folders, which cannot be deleted (spec §8) */
  system?: SystemRole;
  /** the write that made it (reference/shown.ts: what a read shows of it) */
  origin?: string;
}

/** spec §3.1 values the reference produces. */
export const STATUS = {
  retracted: -2,
  draft: -1,
  noticeSent: 2,
  unread: 3,
  read: 4,
  sentPlainText: 5,
} as const;

/** spec §3.1: statuses whose Read/Unread column says Unread (the ones the reference uses). */
export const UNREAD_COLUMN: ReadonlySet<number> = new Set([1, 2, 3, 6, 11, 12, 13, 15, 16, 17, 18, 19]);

export type ReceiverField = 'TO' | 'CC' | 'BCC';

/** Per-recipient tracking (spec §3.2 'tracking information is written'; §4.3 metadata). */
export interface Tracking {
  email: string;
  userId?: number;
  field: ReceiverField;
  status: number;
  openedAt?: Date;
}

export interface Attachment {
  fileName: string;
  contentType: string;
  contentId?: string;
  data: Buffer;
}

/** The message itself, shared by its copies; one MID (spec §2.3 'Message id'). */
export interface Content {
  mid: number;
  /** undefined for mail from outside the service (e-mailed OTPs, plain-text TLS deliveries) */
  senderId?: number;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: Attachment[];
  createdAt: Date;
  expiresAt: Date;
  retracted: boolean;
  tracking: Tracking[];
  /** the write that made it, with its encoding (reference/shown.ts: what a read shows of it) */
  origin?: string;
}

/** One user's copy of a message: the sender's, or one per recipient (spec §3.2). */
export interface Copy {
  mid: number;
  ownerId: number;
  side: 'sent' | 'received';
  folderId: number;
  /** the sender's copy keeps its own status; a recipient's copy reads its tracking entry */
  status: number;
  tracking?: Tracking;
}

/** A copy's mailbox type: received copies belong in inbox folders, sent ones in outbox folders. */
export const copyType = (copy: Copy): FolderType => (copy.side === 'received' ? INBOX_TYPE : OUTBOX_TYPE);

export const statusOf = (copy: Copy): number => copy.tracking?.status ?? copy.status;

/** Who is acting, with the credential presented and the policy the core asks at each decision. */
export interface Actor {
  user: User;
  /** the session key (or access token) the caller presented, quoted by one §7.2 text */
  credential: string;
  policy: MailPolicy;
  /** the spec operation being served (contract/operations.ts id), which the party hook names */
  operation?: string;
}

export { SPEC_MAIL_POLICY, type MailPolicy };
