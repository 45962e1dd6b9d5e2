import { FIELD_ERRORS, REQUIRED_FIELDS, TOKEN_ERRORS, type GrantType } from '../../contract/token.js';
import { mediaType, type Ctx } from '../http.js';
import { readJson } from '../json.js';
import type { AxisReader } from '../axes/axis.js';
import { ID_TOKEN_INVALID_STATUS, JSON_SCALARS, MISSING_FIELD_ERROR, OTHER_MEDIA_TYPES } from '../axes/token.js';
import { STRING_FIELDS, TokenError, str, type Body } from './errors.js';

/** Reads and validates the JSON body shared by /Token and /token/challenge. */
export async function parseTokenBody(c: Ctx, variant: AxisReader): Promise<Body> {
  const type = mediaType(c.req.header('content-type'));
  const textJsonRefused = type === 'text/json' && c.get('fault')('token.text-json-body-refused');
  const otherType = type !== undefined && type !== 'application/json' && type !== 'text/json' && variant.get(OTHER_MEDIA_TYPES) === 'refused';
  if (otherType || textJsonRefused) {
    // spec §4.1: failures are 400 or 401, so an unsupported media type is an invalid request
    throw new TokenError(400, 'InvalidRequest');
  }
  const read = await readJson(c);
  // fault: the parser's failure is taken for missing credentials (spec §7.1 InvalidRequest is the row)
  if (!read.ok && read.reason !== 'too-large' && c.get('fault')('token.malformed-json-as-credentials')) throw new TokenError(401, 'InvalidCredentials');
  const body = read.ok ? read.value : undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new TokenError(400, 'InvalidRequest');
  const record = body as Body;
  const f = c.get('fault');
  for (const field of STRING_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || typeof value === 'string') continue;
    // fault: a boolean secret is passed on as it is, and compared loosely (grants.ts)
    if (field === 'client_secret' && value === true && f('token.mistyped-secret-matches')) continue;
    if (variant.get(JSON_SCALARS) === 'coerce') {
      // T7 / .NET model binding: scalars become strings, an object or array binds to null (missing)
      if (typeof value === 'number' || typeof value === 'boolean') record[field] = String(value);
      else delete record[field];
    } else throw new TokenError(400, f('token.mistyped-field-grant-error') ? 'InvalidGrantType' : 'InvalidRequest');
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
  let missing = REQUIRED_FIELDS[grant].filter((field) => str(body, field) === '');
  const f = c.get('fault');
  // faults: a required field is treated as optional, so the grant goes ahead without it
  if (grant === 'client_credentials' && f('token.cc-secret-optional')) missing = missing.filter((m) => m !== 'client_secret');
  if (grant === 'authorization_code' && f('token.code-resource-type-defaults')) missing = missing.filter((m) => m !== 'resource_type');
  if (body.client_secret === true && f('token.mistyped-secret-matches')) missing = missing.filter((m) => m !== 'client_secret');
  if (missing.length === 0) return;
  // faults: a missing field is named by an error about another field (spec §7.1 rows)
  if (grant === 'client_credentials' && missing.includes('client_id') && f('token.cc-missing-id-grant-error')) throw new TokenError(400, 'InvalidGrantType');
  if (grant === 'refresh_token' && f('token.refresh-missing-grant-error')) throw new TokenError(400, 'InvalidGrantType');
  if (grant === 'authorization_code' && missing.length === 1 && missing[0] === 'code' && f('token.code-missing-as-resource-error')) throw new TokenError(400, 'InvalidResourceType');
  if (grant === 'mfa_otp' && missing.includes('otp') && f('token.mfa-missing-field-401')) throw new TokenError(401, 'InvalidCredentials');
  const own = missing.map((m) => FIELD_ERRORS[m]).find((e) => e !== undefined);
  if (variant.get(MISSING_FIELD_ERROR) === 'field-error' && own) {
    const status = own === 'IdTokenInvalid' ? variant.get(ID_TOKEN_INVALID_STATUS) : TOKEN_ERRORS[own][0];
    throw new TokenError(status as 400 | 401, own);
  }
  throw new TokenError(400, 'InvalidRequest');
}
