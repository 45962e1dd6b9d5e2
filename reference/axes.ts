import type { Axis } from './variant/axis.js';
import { COMMON_AXES } from './variant/common.js';
import { TOKEN_AXES } from './token/choices.js';
import { MAIL_AXES, MAIL_READ_BACK_AXES } from './core/mail/choices.js';
import { PROVISIONING_AXES } from './provisioning/choices.js';
import { VENDOR_AXES } from './variant/vendor.js';
import { SOAP_AXES } from './messaging-soap/choices.js';
import { ADMIN_AXES } from './admin/choices.js';
import { SMTP_AXES } from './smtp/choices.js';
import { DIRECTORY_AXES } from './directory/choices.js';
import { PLATFORM_AXES } from './variant/platform.js';
import { USER_TYPE_IDS } from './admin/choices.js';
import { LENIENT_AXES } from './variant/lenient.js';

/**
 * Every variant axis of the reference server: one per silence of the spec that a server can
 * read more than one way (contract/silences.ts). A self-test checks that each silence has an
 * axis and each axis a silence. Interfaces add their list here; axes added later are appended at
 * the end, so adding one leaves every earlier axis's `random:<seed>` draw as it was.
 */
export const ALL_AXES: readonly Axis[] = [...COMMON_AXES, ...TOKEN_AXES, ...MAIL_AXES, ...PROVISIONING_AXES, ...VENDOR_AXES, ...SOAP_AXES, ...ADMIN_AXES, ...SMTP_AXES, ...DIRECTORY_AXES, ...PLATFORM_AXES, USER_TYPE_IDS, ...LENIENT_AXES, ...MAIL_READ_BACK_AXES];
