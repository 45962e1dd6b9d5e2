import type { Domain, User } from './domain.js';

/**
 * Minimal mail state: enough for the token interface to deliver e-mailed one-time passwords as
 * secure messages (B2). The messaging issue grows this into the full §3 model (folders, copies
 * per recipient, statuses, trash); REST and SOAP adapters both sit on it.
 */
export interface InboxMessage {
  messageId: number;
  ownerId: number;
  from: string;
  to: string[];
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: Date;
  /** spec §3.1: 3 UnRead, 4 Read */
  status: number;
}

export const STATUS_UNREAD = 3;
export const STATUS_READ = 4;

export class Mailbox {
  readonly messages = new Map<number, InboxMessage>();

  constructor(private readonly domain: Domain) {}

  deliver(to: User, fields: { from: string; subject: string; textBody: string; htmlBody?: string }): InboxMessage {
    const message: InboxMessage = {
      messageId: this.domain.ids.next('message'),
      ownerId: to.id,
      to: [to.email],
      htmlBody: '',
      ...fields,
      createdAt: this.domain.clock.now(),
      status: STATUS_UNREAD,
    };
    this.messages.set(message.messageId, message);
    return message;
  }

  inbox(user: User): InboxMessage[] {
    return [...this.messages.values()].filter((m) => m.ownerId === user.id);
  }

  find(user: User, messageId: number): InboxMessage | undefined {
    const message = this.messages.get(messageId);
    return message && message.ownerId === user.id ? message : undefined;
  }
}
