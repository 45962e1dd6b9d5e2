import type { Reading } from '../../contract/silences/index.js';
import type { AxisReader } from '../axes/axis.js';
import { SMTP_REFUSAL_CODE, SMTP_REFUSAL_STAGE, SMTP_REMOVED_WHITELIST, SMTP_REPLY_TEXTS, SMTP_SUBNET_FORM, SMTP_WHITELIST_PASSWORD } from '../axes/smtp.js';
import type { SmtpSettingsReadings } from '../core/readings.js';

/** The gateway's readings: its reply texts and refusal, over the company settings' readings the core takes. */
export interface SmtpReadings extends SmtpSettingsReadings {
  readonly banner: string;
  readonly heloResponse: string;
  readonly refusalCode: Reading<'smtp-refusal-code'>;
  readonly refusalStage: Reading<'smtp-refusal-stage'>;
}

export function smtpReadings(variant: AxisReader): SmtpReadings {
  const vendorLike = variant.get(SMTP_REPLY_TEXTS) === 'vendor-like';
  return {
    banner: vendorLike ? 'Secure Messaging SMTP gateway; TLS routing available' : 'reference gateway ready',
    heloResponse: vendorLike ? '%s at your service, [%s]' : '%s greets %s',
    refusalCode: variant.get(SMTP_REFUSAL_CODE),
    refusalStage: variant.get(SMTP_REFUSAL_STAGE),
    removedWhitelist: variant.get(SMTP_REMOVED_WHITELIST),
    renewPasswordOnWhitelist: variant.get(SMTP_WHITELIST_PASSWORD) === 'renewed',
    subnetForm: variant.get(SMTP_SUBNET_FORM),
  };
}
