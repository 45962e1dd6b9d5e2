import type { TimeStampFormat } from '../../contract/wire/admin-login.js';
import type { AxisReader } from '../axes/axis.js';
import { seeded } from '../axes/seeded.js';
import { ADMIN_OPERATIONS, type AdminOperation } from '../../contract/profile-blocks.js';
import type { Edition } from '../../contract/profile.js';
import { EDITION_LACKS, TIMESTAMP_FORMS, USER_TYPE_FIELDS } from '../axes/admin.js';

// What the administration interface does with its readings; the axes are in reference/axes/admin.ts.

/** spec §4.2's SMTP settings methods: what the vendor's direct-messaging servers refuse. */
export const SMTP_SETTINGS: readonly AdminOperation[] = ['GetSmtpCredentials', 'ResetSmtpPassword', 'UpdateIpWhitelist'];

/**
 * The administration operations the reference lacks under `variant` on `edition` (its profile
 * lists them: admin.unavailableOperations). `random` draws a non-empty subset from the variant's
 * seed (`random:<seed>`; a fixed seed otherwise), so a run replays; Get a session key is never
 * drawn, since without it no other operation could be reached.
 */
export function lackedOperations(variant: AxisReader, edition: Edition): AdminOperation[] {
  if (edition !== 'direct') return [];
  switch (variant.get(EDITION_LACKS)) {
    case 'encryption-key':
      return ['GetEncryptionKey'];
    case 'smtp-settings':
      return [...SMTP_SETTINGS];
    case 'random': {
      const next = seeded(Number(/^random:(\d+)$/.exec(variant.name)?.[1] ?? 15) ^ 0xed17);
      const drawable = ADMIN_OPERATIONS.filter((o) => o !== 'GetSessionKey');
      const drawn = drawable.filter(() => next() < 1 / 3);
      return drawn.length > 0 ? drawn : [drawable[Math.floor(next() * drawable.length)]!];
    }
    default:
      return [];
  }
}

/** The TimeStamp forms the reference accepts under `variant`, and the one its profile declares. */
export function timeStampForms(variant: AxisReader): { accepted: TimeStampFormat[]; declared: TimeStampFormat } {
  const reading = variant.get(TIMESTAMP_FORMS);
  if (reading === 'both') return { accepted: ['iso', 'us'], declared: 'iso' };
  return { accepted: [reading], declared: reading };
}

/** The UserTypeModel's id field and its JSON type under `variant`, as the profile declares them. */
export function userTypeIdField(variant: AxisReader): string {
  return variant.get(USER_TYPE_FIELDS) === 'id-int' ? 'Id' : 'TypeId';
}
