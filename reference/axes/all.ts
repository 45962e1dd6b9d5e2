import type { Axis } from './axis.js';
import { COMMON_AXES } from './common.js';
import { TOKEN_AXES } from './token.js';
import { MAIL_AXES, MAIL_LISTING_AXES, MAIL_PARTY_AXES, MAIL_READ_BACK_AXES } from './mail.js';
import { PROVISIONING_AXES } from './provisioning.js';
import { VENDOR_AXES } from './vendor.js';
import { SOAP_AXES } from './messaging-soap.js';
import { ADMIN_AXES, USER_TYPE_IDS } from './admin.js';
import { SMTP_AXES } from './smtp.js';
import { DIRECTORY_AXES } from './directory.js';
import { PLATFORM_AXES } from './platform.js';
import { LENIENT_AXES, SHOWN_TEXT } from './lenient.js';

/**
 * Every variant axis of the reference server: one per silence of the spec that a server can
 * read more than one way (contract/silences/). A self-test checks that each silence has an
 * axis and each axis a silence. Interfaces add their list here; axes added later are appended at
 * the end, so adding one leaves every earlier axis's `random:<seed>` draw as it was.
 */
export const ALL_AXES: readonly Axis[] = [...COMMON_AXES, ...TOKEN_AXES, ...MAIL_AXES, ...PROVISIONING_AXES, ...VENDOR_AXES, ...SOAP_AXES, ...ADMIN_AXES, ...SMTP_AXES, ...DIRECTORY_AXES, ...PLATFORM_AXES, USER_TYPE_IDS, ...LENIENT_AXES, ...MAIL_READ_BACK_AXES, ...MAIL_PARTY_AXES, SHOWN_TEXT, ...MAIL_LISTING_AXES];
