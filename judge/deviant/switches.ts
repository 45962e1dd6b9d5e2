import type { ProfileInput } from '../../contract/profile.js';
import type { SmtpDeviation, Switch } from './client.js';
import { callSwitches } from './switches-calls.js';
import { WIRE_SWITCHES } from './switches-wire.js';

/**
 * The deviant client's switches, one per client rule (as reference/faults.ts has a fault per
 * server rule): under its switch the client breaks exactly what that rule judges, once, in the
 * session that exercises it. The self-test (selftest/client-rules.test.ts) proves each rule fails
 * under its switch and passes with the switch off, and that every rule has one.
 */
export function clientSwitches(profile: ProfileInput): Switch[] {
  return [...callSwitches(profile), ...WIRE_SWITCHES, ...SMTP_SWITCHES];
}

/** The SMTP client rules' switches: a wrong step in the admin session's SMTP dialogue (judge/deviant/smtp.ts). */
const smtpSwitch = (rule: string, smtp: SmtpDeviation): Switch => ({ rule, session: 'admin', smtp, mutate: () => undefined });
const SMTP_SWITCHES: readonly Switch[] = [
  smtpSwitch('smtp.client.starttls-before-auth', 'auth-in-clear'),
  smtpSwitch('smtp.client.auth-mechanism', 'auth-cram-md5'),
  smtpSwitch('smtp.client.auth-before-mail', 'mail-before-auth'),
  smtpSwitch('smtp.client.issued-credentials', 'stale-password'),
  smtpSwitch('smtp.client.whitelisted-address', 'outside-whitelist'),
];
