import type { Credentials } from '../credentials.js';
import type { Domain, User } from '../domain.js';
import { MailAccounts } from './accounts.js';
import type { MailReadings } from './readings.js';
import { MailFolders } from './folders.js';
import { MailListing } from './listing.js';
import { MailMessages } from './messages.js';
import { MailParties } from './parties.js';
import { STATUS, type Content } from './model.js';
import { MailStore } from './store.js';
import { MailTransit } from './transit.js';

export { MailError, MAIL_TEXTS } from './errors.js';
export type { MailErrorCode } from './errors.js';
export type { Actor } from './model.js';

/**
 * The messaging domain core (spec §2.3, §3, §4.3, §5, §7.2, §8). The REST adapter, and later
 * the SOAP one, call these operations and map MailError codes to their own error form; no
 * adapter keeps mail state of its own.
 */
export class MailCore {
  readonly store: MailStore;
  readonly accounts: MailAccounts;
  readonly folders: MailFolders;
  readonly messages: MailMessages;
  readonly listing: MailListing;
  /** the InTransit flag of the SOAP form (spec §4.4); additive, no REST operation reads it */
  readonly transit: MailTransit;

  constructor(
    readonly domain: Domain,
    credentials: Credentials,
    readonly readings: MailReadings,
  ) {
    this.store = new MailStore(domain, readings);
    const parties = new MailParties(domain, this.store);
    this.accounts = new MailAccounts(domain, credentials, this.store);
    this.folders = new MailFolders(this.store, parties, readings);
    this.messages = new MailMessages(domain, this.store, parties, readings);
    this.listing = new MailListing(this.store, parties, readings);
    this.transit = new MailTransit(parties);
  }

  /** A secure message from outside the service into the user's Inbox (B2: e-mailed one-time passwords). */
  deliver(to: User, fields: { from: string; subject: string; textBody: string; htmlBody?: string }): Content {
    return this.messages.deliver(to, fields);
  }

  /** A plain-text message delivered over TLS (spec §4.3 Get unread: MessageStatus 5; B7). */
  deliverPlainTextTls(to: User, fields: { from: string; subject: string; textBody: string }): Content {
    return this.messages.deliver(to, fields, STATUS.sentPlainText);
  }
}
