import { axis } from './axis.js';

/** The token interface's readings where spec §2.1, §4.1, §5.3 and §7.1 leave room (clarifications T1-T10). */

/** spec §7.1 lists IdTokenInvalid under both 400 and 401. */
export const ID_TOKEN_INVALID_STATUS = axis('token.id-token-invalid-status', 'id-token-invalid-status');
/** T4: the error of the attempt that reaches the lockout threshold is not documented. */
export const LOCKING_ATTEMPT_ERROR = axis('token.locking-attempt-error', 'lockout-threshold-attempt');
/** T2 / B2: /token/challenge may hand back new tokens or the ones it was given. */
export const CHALLENGE_ROTATES = axis('token.challenge-rotates-tokens', 'challenge-response');
/**
 * T7: spec §2.1 gives types, not a refusal. A server may refuse a mistyped field (400
 * InvalidRequest) or coerce JSON scalars to strings as .NET model binding does (then
 * `client_id: 12345` is a wrong credential, 401 InvalidCredentials; an object binds to null, so
 * the field is missing).
 */
export const JSON_SCALARS = axis('token.json-scalars', 'token-json-scalars');
/**
 * T8: a missing required field (spec §4.1) is an invalid request, or, where §7.1 has a row for
 * that field's bad value, that row: client_id / client_secret InvalidCredentials, refresh_token
 * RefreshTokenInvalid, code IdTokenInvalid, resource_type InvalidResourceType.
 */
export const MISSING_FIELD_ERROR = axis('token.missing-field-error', 'token-missing-field-error');
/** T9: spec §2.1 lists the grant_type values in lower case and says nothing of case. */
export const GRANT_TYPE_CASE = axis('token.grant-type-case', 'grant-type-case');

/** T1: a request without grant_type fits both InvalidRequest and InvalidGrantType (spec §7.1). */
export const MISSING_GRANT_TYPE = axis('token.missing-grant-type', 'missing-grant-type');
/** T6: request media types other than the two JSON types: refused, or read as JSON anyway. */
export const OTHER_MEDIA_TYPES = axis('token.other-media-types', 'token-media-types');
/** T3: a wrong one-time password fits no §7.1 row exactly. */
export const WRONG_OTP_ERROR = axis('token.wrong-otp-error', 'wrong-otp-error');
/** spec §2.1: the resource_type naming the identity provider (declared in identityProvider.resourceType). */
export const RESOURCE_TYPE_NAME = axis('token.resource-type-name', 'resource-type-values');
/** spec §5.1: the scheme word of the Authorization header (declared in token.scheme). */
export const AUTH_SCHEME = axis('token.auth-scheme', 'auth-scheme');

export const TOKEN_AXES = [
  ID_TOKEN_INVALID_STATUS,
  LOCKING_ATTEMPT_ERROR,
  CHALLENGE_ROTATES,
  JSON_SCALARS,
  MISSING_FIELD_ERROR,
  GRANT_TYPE_CASE,
  MISSING_GRANT_TYPE,
  OTHER_MEDIA_TYPES,
  WRONG_OTP_ERROR,
  RESOURCE_TYPE_NAME,
  AUTH_SCHEME,
];
