import { REQUIRED_FIELDS, type GrantType } from '../../contract/token.js';
import { mediaType, type Ctx } from '../http.js';
import { readJson } from '../json.js';
import { STRING_FIELDS, TokenError, str, type Body } from './errors.js';

/** Reads and validates the JSON body shared by /Token and /token/challenge. */
export async function parseTokenBody(c: Ctx): Promise<Body> {
  const type = mediaType(c.req.header('content-type'));
  const textJsonRefused = type === 'text/json' && c.get('fault')('token.text-json-body-refused');
  if ((type && type !== 'application/json' && type !== 'text/json') || textJsonRefused) {
    // spec §4.1: failures are 400 or 401, so an unsupported media type is an invalid request
    throw new TokenError(400, 'InvalidRequest');
  }
  const read = await readJson(c);
  if ((read.ok ? read.empty : read.reason !== 'too-large') && c.get('fault')('token.malformed-json-500')) throw new Error('unexpected token in JSON');
  const body = read.ok ? read.value : undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new TokenError(400, 'InvalidRequest');
  const record = body as Body;
  for (const field of STRING_FIELDS) {
    const value = record[field];
    if (value === undefined || value === null || typeof value === 'string') continue;
    if (c.get('fault')('token.wrong-type-coerced')) record[field] = String(value);
    else throw new TokenError(400, 'InvalidRequest');
  }
  if (record.company_id !== undefined && record.company_id !== null && !Number.isInteger(record.company_id)) {
    throw new TokenError(400, 'InvalidRequest');
  }
  return record;
}

/** spec §4.1: every required field of the grant must be present (missing: InvalidRequest). */
export function requireFields(c: Ctx, grant: GrantType, body: Body): void {
  const missing = REQUIRED_FIELDS[grant].filter((f) => str(body, f) === '');
  if (missing.length === 0) return;
  const f = c.get('fault');
  if (grant === 'client_credentials' && missing.includes('client_secret') && f('token.cc-missing-field-401')) throw new TokenError(401, 'InvalidCredentials');
  if (grant === 'refresh_token' && f('token.refresh-missing-field-401')) throw new TokenError(401, 'RefreshTokenInvalid');
  if (grant === 'authorization_code' && missing.includes('resource_type') && f('token.code-missing-field-resource')) throw new TokenError(400, 'InvalidResourceType');
  if (grant === 'mfa_otp' && missing.includes('otp') && f('token.mfa-missing-field-401')) throw new TokenError(401, 'InvalidCredentials');
  throw new TokenError(400, 'InvalidRequest');
}
