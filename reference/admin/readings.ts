import type { TimeStampFormat } from '../../contract/wire/admin-login.js';
import type { AxisReader } from '../axes/axis.js';
import { seeded } from '../axes/seeded.js';
import { ADMIN_OPERATIONS, type AdminOperation } from '../../contract/profile-blocks.js';
import type { Edition } from '../../contract/profile.js';
import { axis } from '../axes/axis.js';

/**
 * The administration interface's readings where spec §2.2, §4.2 and §7.2 are silent (clarifications
 * A1-A7). `default` follows B3 and CS-ADMIN; the others are what another conforming server may do.
 */

/** A2: session key and PSK answers ('session key (string)'): a JSON string, plain text, or an object with one field. */
export const KEY_ANSWER = axis('admin.key-answer', 'admin-key-answer', ['json-string', 'plain-text', 'object']);
/** A3: AccountListModel 'Its fields: not shown': the vendor's object, or a bare array of accounts. */
export const LIST_SHAPE = axis('admin.list-shape', 'account-list-model', ['object', 'array']);
/** A4: UserTypeModel 'Its fields: not shown': TypeId as int (CS-ADMIN), as string (DMWEB-CS), or named Id. */
export const USER_TYPE_FIELDS = axis('admin.user-type-fields', 'user-type-model', ['typeid-int', 'typeid-string', 'id-int']);
/** A5: LoginModel TimeStamp is a 'datetime'; the forms accepted (vendor-wire §3.1 shows two). */
export const TIMESTAMP_FORMS = axis('admin.timestamp-formats', 'login-timestamp-format', ['both', 'us', 'iso']);
/** A6: 'Errors of the administration … interfaces: not shown': the status of a refusal. */
export const REFUSAL_STATUS = axis('admin.refusal-status', 'admin-errors', [400, 401, 403]);
/** A7: Delete a user account's output: not shown. */
export const DELETE_ANSWER = axis('admin.delete-answer', 'admin-delete-answer', ['empty', 'json-string', 'no-content']);
/** A8: a field 'left blank or null … is stored blank or null': stored as sent, or as null, or as "". */
export const BLANK_STORED = axis('admin.blank-stored-as', 'account-update-blank', ['as-sent', 'null', 'empty']);

/**
 * A1: 'Some administration methods cannot be used on the direct-messaging edition' (which: not
 * shown); the profile lists them (admin.unavailableOperations). Only the direct edition lacks
 * any. `alt` takes encryption-key, not smtp-settings: alt runs every rule under the second
 * reading of every silence, and lacking the SMTP settings methods would switch every SMTP rule off.
 */
export const EDITION_LACKS = axis('admin.edition-lacks', 'direct-edition-admin-methods', ['none', 'encryption-key', 'smtp-settings', 'random']);

/** I1 (listed after every interface's axes in reference/axes/all.ts): a TypeId is the platform's (one numbering for every company), or the company's own (spec §2.2, §4.2: not shown). */
export const USER_TYPE_IDS = axis('admin.user-type-ids', 'user-type-id-scope', ['global', 'per-company']);

export const ADMIN_AXES = [KEY_ANSWER, LIST_SHAPE, USER_TYPE_FIELDS, TIMESTAMP_FORMS, REFUSAL_STATUS, DELETE_ANSWER, BLANK_STORED, EDITION_LACKS];

/** spec §4.2's SMTP settings methods: what the vendor's direct-messaging servers refuse (issue 15, Found 1). */
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
