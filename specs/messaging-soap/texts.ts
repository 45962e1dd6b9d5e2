import { MESSAGING_ERROR_TEXTS, noPermissionText } from '../../contract/messaging-errors.js';

/** spec §7.2 texts the SOAP rules expect in faultstring, word for word (contract/messaging-errors.ts). */
export const MAIL_TEXT = { ...MESSAGING_ERROR_TEXTS, noPermission: noPermissionText } as const;
