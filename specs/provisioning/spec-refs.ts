import type { SpecRef } from '../../contract/spec/index.js';

/**
 * The spec units most provisioning rules rest on besides their own row: the operation
 * they exercise, and how a refusal is reported.
 */
export const PROVISION: SpecRef = { anchor: '§4.5/provision-company', quote: 'Provisions, updates or deletes a company.' };
/** a refusal is any status below 500 with a ResponseModel naming the §7.3 error (clarification P10; B5) */
export const NAMED_ERROR: SpecRef = { anchor: '§2.4/ResponseModel', quote: 'Its fields: not shown.', silence: 'provisioning-status' };
