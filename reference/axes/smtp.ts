import { axis } from './axis.js';

/**
 * The reference gateway's readings where spec §1, §4.2 and B7 are silent: the texts of its
 * replies, the 5xx code and the point at which a non-whitelisted address is refused, what a
 * removed whitelist means (B7 open question), and whether a whitelist update also renews the
 * SMTP password (§4.2 'existing SMTP credentials are overwritten').
 */

/** The greeting and EHLO texts (RFC 5321 leaves the text after the code to the server). */
export const SMTP_REPLY_TEXTS = axis('smtp.reply-texts', 'smtp-reply-texts');
/** B7: 'a 5xx reply'; which one is not shown (RFC 5321: 550 or 554 are both usual). */
export const SMTP_REFUSAL_CODE = axis('smtp.refusal-code', 'smtp-refusal-code');
/** B7: 'before any mail is accepted'; the command that gets the refusal is not shown. */
export const SMTP_REFUSAL_STAGE = axis('smtp.refusal-stage', 'smtp-refusal-stage');
/** B7 open question: a removed whitelist means no restriction, or no address at all. */
export const SMTP_REMOVED_WHITELIST = axis('smtp.removed-whitelist', 'smtp-removed-whitelist');
/** spec §4.2 Update IP whitelist: 'existing SMTP credentials are overwritten' (the password kept, or renewed). */
export const SMTP_WHITELIST_PASSWORD = axis('smtp.whitelist-update-password', 'smtp-whitelist-credentials');

/** spec §2.2 SMTPEndpoint2Model 'Subnet (string)': a dotted mask or a prefix length (the target declares which). */
export const SMTP_SUBNET_FORM = axis('smtp.subnet-form', 'smtp-whitelist-entry');

export const SMTP_AXES = [SMTP_REPLY_TEXTS, SMTP_REFUSAL_CODE, SMTP_REFUSAL_STAGE, SMTP_REMOVED_WHITELIST, SMTP_WHITELIST_PASSWORD, SMTP_SUBNET_FORM];
