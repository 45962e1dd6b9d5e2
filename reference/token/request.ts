import { FIELD_ERRORS, TOKEN_ERRORS, type GrantType } from '../../contract/token.js';
import { mediaType, type Ctx } from '../http.js';
import { readJson } from '../json.js';
import type { AxisReader } from '../axes/axis.js';
import { ID_TOKEN_INVALID_STATUS, JSON_SCALARS, MISSING_FIELD_ERROR, OTHER_MEDIA_TYPES } from '../axes/token.js';
import { STRING_FIELDS, TokenError, str, type Body } from './errors.js';

/** Reads and validates the JSON body shared by /Token and /token/challenge. */
export async function parseTokenBody(c: Ctx, variant: AxisReader): Promise<Body> {
  const policy = c.get('tokenPolicy');
  const type = mediaType(c.req.header('content-type'));
  const textJsonRefused = type === 'text/json' && !policy.readsTextJson();
  const otherType = type !== undefined && type !== 'application/json' && type !== 'text/json' && variant.get(OTHER_MEDIA_TYPES) === 'refused';
  if (otherType || textJsonRefused) {
    // spec §4.1: failures are 400 or 401, so an unsupported media type is an invalid request
    throw new TokenError(400, 'InvalidRequest');
  }
  const read = await readJson(c);
  if (!read.ok && read.reason !== 'too-large') throw new TokenError(...policy.notJsonRefusal());
  const body = read.ok ? read.value : undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new TokenError(400, 'InvalidRequest');
  const record = body as Body;
  for (const field of STRING_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || typeof value === 'string') continue;
    // a secret the policy does not compare is passed on as it is (grants.ts)
    if (field === 'client_secret' && !policy.secretChecked(value)) continue;
    if (variant.get(JSON_SCALARS) === 'coerce') {
      // T7 / .NET model binding: scalars become strings, an object or array binds to null (missing)
      if (typeof value === 'number' || typeof value === 'boolean') record[field] = String(value);
      else delete record[field];
    } else throw new TokenError(400, policy.wrongTypeError());
  }
  if (record.company_id !== undefined && record.company_id !== null && !Number.isInteger(record.company_id)) {
    throw new TokenError(400, 'InvalidRequest');
  }
  return record;
}

/**
 * spec §4.1: every required field of the grant must be present. Missing: InvalidRequest, or (the
 * field-error reading, T8) the §7.1 row of the first missing field that has one.
 */
export function requireFields(c: Ctx, grant: GrantType, body: Body, variant: AxisReader): void {
  const policy = c.get('tokenPolicy');
  // a field is missing when absent or empty; a secret the policy does not compare (a kept non-string) is not
  const missing = policy.requiredFields(grant).filter((field) => str(body, field) === '' && (field !== 'client_secret' || policy.secretChecked(body[field])));
  if (missing.length === 0) return;
  const refusal = policy.missingFieldRefusal(grant, missing);
  if (refusal) throw new TokenError(...refusal);
  const own = missing.map((m) => FIELD_ERRORS[m]).find((e) => e !== undefined);
  if (variant.get(MISSING_FIELD_ERROR) === 'field-error' && own) {
    const status = own === 'IdTokenInvalid' ? variant.get(ID_TOKEN_INVALID_STATUS) : TOKEN_ERRORS[own][0];
    throw new TokenError(status as 400 | 401, own);
  }
  throw new TokenError(400, 'InvalidRequest');
}
