import { axis } from './axis.js';

/**
 * The administration interface's readings where spec §2.2, §4.2 and §7.2 are silent (clarifications
 * A1-A7). `default` follows B3 and CS-ADMIN; the others are what another conforming server may do.
 */

/** A2: session key and PSK answers ('session key (string)'): a JSON string, plain text, or an object with one field. */
export const KEY_ANSWER = axis('admin.key-answer', 'admin-key-answer');
/** A3: AccountListModel 'Its fields: not shown': the vendor's object, or a bare array of accounts. */
export const LIST_SHAPE = axis('admin.list-shape', 'account-list-model');
/** A4: UserTypeModel 'Its fields: not shown': TypeId as int (CS-ADMIN), as string (DMWEB-CS), or named Id. */
export const USER_TYPE_FIELDS = axis('admin.user-type-fields', 'user-type-model');
/** A5: LoginModel TimeStamp is a 'datetime'; the forms accepted (vendor-wire §3.1 shows two). */
export const TIMESTAMP_FORMS = axis('admin.timestamp-formats', 'login-timestamp-format');
/** A6: 'Errors of the administration … interfaces: not shown': the status of a refusal. */
export const REFUSAL_STATUS = axis('admin.refusal-status', 'admin-errors');
/** A7: Delete a user account's output: not shown. */
export const DELETE_ANSWER = axis('admin.delete-answer', 'admin-delete-answer');
/** A8: a field 'left blank or null … is stored blank or null': stored as sent, or as null, or as "". */
export const BLANK_STORED = axis('admin.blank-stored-as', 'account-update-blank');

/**
 * A1: 'Some administration methods cannot be used on the direct-messaging edition' (which: not
 * shown); the profile lists them (admin.unavailableOperations). Only the direct edition lacks
 * any. `alt` takes encryption-key, not smtp-settings: alt runs every rule under the second
 * reading of every silence, and lacking the SMTP settings methods would switch every SMTP rule off.
 */
export const EDITION_LACKS = axis('admin.edition-lacks', 'direct-edition-admin-methods');

/** I1 (listed after every interface's axes in reference/axes/all.ts): a TypeId is the platform's (one numbering for every company), or the company's own (spec §2.2, §4.2: not shown). */
export const USER_TYPE_IDS = axis('admin.user-type-ids', 'user-type-id-scope');

export const ADMIN_AXES = [KEY_ANSWER, LIST_SHAPE, USER_TYPE_FIELDS, TIMESTAMP_FORMS, REFUSAL_STATUS, DELETE_ANSWER, BLANK_STORED, EDITION_LACKS];
