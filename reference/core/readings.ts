import type { Reading } from '../../contract/silences/index.js';
import type { MailReadings } from './mail/readings.js';

/**
 * The readings the core takes where the spec is silent, resolved once when the server starts
 * (reference/readings.ts builds them from the variant). The core reads these values; it never
 * looks an axis up, so a reader of the core sees the behaviour, not the variant machinery.
 */
export interface CoreReadings {
  /** spec §2: ids are ints, their range and order unstated (increasing by one, with gaps, or scattered) */
  readonly ids: Reading<'ids'>;
  /** the shapes of the credentials the core issues (spec §4.3 'session key string', §2.1 'Token response fields: not shown') */
  readonly credentialShapes: CredentialShapes;
  /** spec §8 'session key lifetime: not shown': counted from log on, or from the key's last use */
  readonly sessionLifetime: Reading<'session-key-lifetime'>;
  /** clarification T4: the error of the attempt that reaches the lockout threshold is not documented */
  readonly lockingAttemptError: Reading<'lockout-threshold-attempt'>;
  /** B7 and spec §4.2: what the company SMTP settings do where the spec is silent */
  readonly smtp: SmtpSettingsReadings;
  /** the messaging readings (spec §2.3, §4.3 'wire shapes: not shown'), shared by both messaging adapters */
  readonly mail: MailReadings;
}

export interface CredentialShapes {
  sessionKey(): string;
  accessToken(): string;
  refreshToken(): string;
}

export interface SmtpSettingsReadings {
  /** B7 open question: a removed whitelist means no restriction, or no address at all */
  readonly removedWhitelist: Reading<'smtp-removed-whitelist'>;
  /** spec §4.2 Update IP whitelist: 'existing SMTP credentials are overwritten' (the password renewed, or kept) */
  readonly renewPasswordOnWhitelist: boolean;
  /** how a whitelist entry's Subnet is written; an entry in the other form admits nothing */
  readonly subnetForm: Reading<'smtp-whitelist-entry'>;
}
