import type { SmtpEndpoint } from '../core/smtp-settings.js';

/** A message as the gateway delivers it (B7: plain text over TLS). */
export interface DeliveredFields {
  readonly from: string;
  readonly subject: string;
  readonly textBody: string;
}

/**
 * The decisions of the SMTP gateway (spec §1 SMTP paragraph, §4.2 SMTP rows, §4.3 Get unread
 * status 5, B7), each named for the spec sentence it keeps. The gateway asks its policy at each
 * decision; SPEC_SMTP_POLICY answers as the spec says, and a fault replaces one answer (`smtp` in
 * its catalogue entry, reference/smtp/faults.ts), so the gateway holds no fault id.
 */
export interface SmtpPolicy {
  // B7: an extended session inside TLS
  offersEhlo(): boolean;
  /** EHLO offers STARTTLS */
  offersStartTls(): boolean;
  /** STARTTLS, once offered, starts TLS */
  startsTls(): boolean;
  // spec §1, §4.2 Get company SMTP credentials, Reset password
  /** AUTH `method` (PLAIN, LOGIN) is offered with the company credentials */
  acceptsAuthMethod(method: string): boolean;
  /** a password that is not the company's opens the gateway, given every password the company was issued (oldest first) */
  wrongPasswordOpens(password: string, issued: readonly string[]): boolean;
  /** the company an SMTP user id no company has authenticates as, given each company's issued passwords; undefined: none */
  companyForUnknownUser(password: string, issued: ReadonlyMap<number, readonly string[]>): number | undefined;
  /** the company's current password opens the gateway, given every password it was issued (Reset password: the new one replaces the old) */
  currentPasswordOpens(password: string, issued: readonly string[]): boolean;
  // spec §4.2 Update IP whitelist (exclusive; a removal lifts it), B7
  /** the entries that admit an address, given the company's current list and every list it set (undefined: no restriction) */
  whitelistInForce(current: readonly SmtpEndpoint[] | undefined, lists: readonly (readonly SmtpEndpoint[])[]): readonly SmtpEndpoint[] | undefined;
  /** an address outside the whitelist is refused before any mail is accepted (false: accepted, then thrown away) */
  refusesOutsider(): boolean;
  /** the reply code of that refusal, given the reading's */
  outsiderRefusalCode(code: number): number;
  // §4.3 Get unread status 5 (SentPlainText), B7 delivery
  delivers(): boolean;
  /** the message as delivered, given the one received */
  deliveredMessage(received: DeliveredFields): DeliveredFields;
  /** mail from the gateway is delivered as SentPlainText (status 5), not as an ordinary unread message */
  deliversAsPlainTextTls(): boolean;
}

const yes = () => true;

/** The spec's answer to every decision. */
export const SPEC_SMTP_POLICY: SmtpPolicy = {
  offersEhlo: yes,
  offersStartTls: yes,
  startsTls: yes,
  acceptsAuthMethod: yes,
  wrongPasswordOpens: () => false,
  companyForUnknownUser: () => undefined,
  currentPasswordOpens: yes,
  whitelistInForce: (current) => current,
  refusesOutsider: yes,
  outsiderRefusalCode: (code) => code,
  delivers: yes,
  deliveredMessage: (received) => received,
  deliversAsPlainTextTls: yes,
};
