import { axis } from './axis.js';

/**
 * How the reference reads what clients send, where the spec does not say
 * (docs/clarifications.md V1). The default reads as ASP.NET does (the vendor's server), so the
 * vendor's own client libraries work; the other reading is strict, so the suite cannot lean on
 * a lenient server: it must send the B1 paths and the vendor-wire names exactly.
 */

/** spec §2 'exact names on the wire … not shown': JSON property names matched without regard to case, or exactly. */
export const JSON_NAME_CASE = axis('common.json-name-case', 'json-name-case');
/** B1 gives the bases' spelling; path case and a trailing slash: ASP.NET ignores both, or routes are exact. */
export const PATH_CASE = axis('common.path-case', 'path-case');

export const VENDOR_AXES = [JSON_NAME_CASE, PATH_CASE];
