import { axis } from './axis.js';

/**
 * Axes shared by every interface of the reference: where the spec leaves the shape of ids,
 * keys, lists and error envelopes open (default-binding B2, B3).
 */

/** spec §2: ids are ints, their range and order unstated. */
export const IDS = axis('common.ids', 'ids');
/** spec §4.3 'session key string'; vendor-wire §1 shows 32 upper-case hex. */
export const SESSION_KEY_FORMAT = axis('common.session-key-format', 'session-key-format');
/** spec §2.1 'Token response fields: not shown'. */
export const TOKEN_FORMAT = axis('common.token-format', 'token-response');
/** B2/B3: extra JSON fields are tolerated in every response. */
export const EXTRA_FIELDS = axis('common.extra-fields', 'response-fields');
/** spec §7.2 'the HTTP status and body shape of these: not shown'; B3 lists the envelopes. */
export const ERROR_ENVELOPE = axis('common.error-envelope', 'error-envelope');
/** the order of unrelated list items is not shown anywhere. */
export const LIST_ORDER = axis('common.list-order', 'list-order');
/** spec §7.2: the status of refusals the spec gives no status for (B3: any 4xx). */
export const UNDOCUMENTED_4XX = axis('common.undocumented-4xx', 'error-status');

export const COMMON_AXES = [IDS, SESSION_KEY_FORMAT, TOKEN_FORMAT, EXTRA_FIELDS, ERROR_ENVELOPE, LIST_ORDER, UNDOCUMENTED_4XX];
