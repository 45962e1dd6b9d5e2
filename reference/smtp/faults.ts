import type { FaultDef } from '../faults.js';

/**
 * Deliberate violations of the SMTP gateway's rules (spec §1 SMTP paragraph, §4.2 SMTP rows,
 * §4.3 Get unread status 5, B7). The gateway knows a connection's rule from its EHLO name
 * (harness/clients/smtp.ts), as HTTP routes know it from the rule header.
 */
export const SMTP_FAULTS: readonly FaultDef[] = [
  { id: 'smtp.ehlo-refused', rule: 'smtp.gateway.ehlo', breaks: 'the gateway answers EHLO with 502, so no extended session can start' },
  { id: 'smtp.starttls-hidden', rule: 'smtp.starttls.offered', breaks: 'EHLO does not offer STARTTLS' },
  { id: 'smtp.starttls-unavailable', rule: 'smtp.starttls.offered', breaks: 'STARTTLS is offered but answered 454 TLS not available' },
  { id: 'smtp.auth-plain-refused', rule: 'smtp.auth.plain', breaks: 'AUTH PLAIN with the company credentials is refused with 535' },
  { id: 'smtp.auth-login-refused', rule: 'smtp.auth.login', breaks: 'AUTH LOGIN with the company credentials is refused with 535' },
  { id: 'smtp.auth-any-password', rule: 'smtp.auth.wrong-credentials', breaks: 'the company SMTP user id is accepted with any password' },
  { id: 'smtp.auth-any-user', rule: 'smtp.auth.wrong-credentials', breaks: 'the company SMTP password is accepted with any user id' },
  { id: 'smtp.reset-new-refused', rule: 'smtp.reset.new-password', breaks: 'after Reset password the gateway still knows only the first password, so the new one is refused' },
  { id: 'smtp.reset-old-accepted', rule: 'smtp.reset.old-password', breaks: 'after Reset password the gateway still accepts the old password' },
  { id: 'smtp.whitelist-ignored', rule: 'smtp.whitelist.outside-refused', breaks: 'an address outside the whitelist may send mail' },
  { id: 'smtp.whitelist-refusal-4xx', rule: 'smtp.whitelist.outside-refused', breaks: 'an address outside the whitelist is put off with 451 (try later) instead of a 5xx refusal' },
  { id: 'smtp.whitelist-after-data', rule: 'smtp.whitelist.outside-refused', breaks: 'mail from an address outside the whitelist is accepted with 250 and then discarded' },
  { id: 'smtp.whitelist-first-entry-only', rule: 'smtp.whitelist.inside-accepted', breaks: 'only the first entry of the whitelist admits an address' },
  { id: 'smtp.whitelist-listed-refused', rule: 'smtp.whitelist.inside-accepted', breaks: 'once a whitelist is set, every address is refused, listed or not' },
  { id: 'smtp.whitelist-additive', rule: 'smtp.whitelist.exclusive', breaks: 'a whitelist update adds to the earlier lists instead of replacing them' },
  { id: 'smtp.whitelist-removal-ignored', rule: 'smtp.whitelist.removed', breaks: 'an empty-string body leaves the last whitelist in force' },
  { id: 'smtp.delivery-ordinary-unread', rule: 'smtp.delivery.unread-status-5', breaks: 'mail from the gateway is delivered as an ordinary unread message (status 3), not as SentPlainText (5)' },
  { id: 'smtp.delivery-dropped', rule: 'smtp.delivery.unread-status-5', breaks: 'mail is accepted with 250 but never reaches the inbox' },
  { id: 'smtp.delivery-subject-lost', rule: 'smtp.delivery.content', breaks: 'the delivered message loses its subject' },
  { id: 'smtp.delivery-body-lost', rule: 'smtp.delivery.content', breaks: 'the delivered message loses its plain-text body' },
];
