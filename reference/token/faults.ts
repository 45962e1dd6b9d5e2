import type { FaultDef } from '../fault-def.js';
import { declining, DECLINE } from '../policy.js';
import { SPEC_TOKEN_POLICY } from './policy.js';
import type { IdTokenClaims } from '../../contract/wire/jwt.js';
import { TOKEN_ERRORS, tokenErrorSlug, tokenTrafficRuleId, type GrantType, type TokenErrorName } from '../../contract/token.js';

const no = () => false;
/** A grant's required fields without `field`, for grant `of` only. */
const without = (grant: GrantType, of: GrantType, field: string) => SPEC_TOKEN_POLICY.requiredFields(grant).filter((f) => grant !== of || f !== field);
const withoutAccessToken = ({ access_token: _dropped, ...rest }: Record<string, unknown>) => rest;

/** A code's claims read without verifying anything (no signature, no lifetime). */
function decodeUnchecked(code: string): IdTokenClaims | undefined {
  try {
    const claims = JSON.parse(Buffer.from(code.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown; sub?: unknown };
    return typeof claims.email === 'string' ? { email: claims.email, sub: String(claims.sub ?? '') } : undefined;
  } catch {
    return undefined;
  }
}

/** One deliberate violation per token rule, each a hook of the token policy (policy.ts) answered otherwise; see reference/faults.ts. */
export const TOKEN_FAULTS = [
  { id: 'token.no-access-token', token: { issuedAnswer: (grant, tokens) => (grant === 'client_credentials' ? withoutAccessToken(tokens) : tokens) }, rule: 'token.client-credentials.issues-token', breaks: 'client_credentials success body lacks access_token' },
  { id: 'token.cc-secret-optional', token: { requiredFields: (g) => without(g, 'client_credentials', 'client_secret'), secretChecked: (s) => s !== undefined && s !== null }, rule: 'token.client-credentials.required-fields', breaks: 'a missing client_secret skips the password check, so client_id alone is issued a token (spec §4.1 requires both)' },
  { id: 'token.cc-missing-id-grant-error', token: { missingFieldRefusal: (g, m) => (g === 'client_credentials' && m.includes('client_id') ? [400, 'InvalidGrantType'] : undefined) }, rule: 'token.client-credentials.required-fields', breaks: 'a missing client_id is answered 400 InvalidGrantType, although the grant type is valid (spec §7.1)' },
  { id: 'token.refresh-missing-grant-error', token: { missingFieldRefusal: (g) => (g === 'refresh_token' ? [400, 'InvalidGrantType'] : undefined) }, rule: 'token.refresh-token.required-fields', breaks: 'a missing refresh_token is answered 400 InvalidGrantType, although the grant type is valid (spec §7.1)' },
  { id: 'token.code-resource-type-defaults', token: { requiredFields: (g) => without(g, 'authorization_code', 'resource_type'), resourceType: (given, idp) => (given === '' ? idp : given) }, rule: 'token.authorization-code.required-fields', breaks: 'a missing resource_type defaults to the identity provider, so a token is issued (spec §4.1 requires it)' },
  { id: 'token.code-missing-as-resource-error', token: { missingFieldRefusal: (g, m) => (g === 'authorization_code' && m.length === 1 && m[0] === 'code' ? [400, 'InvalidResourceType'] : undefined) }, rule: 'token.authorization-code.required-fields', breaks: 'a missing code (resource_type given and valid) is answered InvalidResourceType, a row about the other field' },
  { id: 'token.mfa-missing-field-401', token: { missingFieldRefusal: (g, m) => (g === 'mfa_otp' && m.includes('otp') ? [401, 'InvalidCredentials'] : undefined) }, rule: 'token.mfa-otp.required-fields', breaks: 'a missing otp is answered 401 InvalidCredentials' },
  { id: 'token.unknown-grant-invalid-request', token: { unknownGrantError: () => 'InvalidRequest' }, rule: 'token.grant-type.unknown', breaks: 'an unknown grant_type is answered InvalidRequest instead of InvalidGrantType' },
  { id: 'token.unknown-grant-as-client-credentials', token: { grantForUnknownType: ({ clientId, clientSecret }) => (clientId && clientSecret ? 'client_credentials' : undefined) }, rule: 'token.grant-type.unknown', breaks: 'an unknown grant_type that carries client_id and client_secret is taken for client_credentials and issued a token' },
  { id: 'token.missing-grant-defaults', token: { grantForMissingType: () => 'client_credentials' }, rule: 'token.grant-type.missing', breaks: 'a body without grant_type is treated as client_credentials' },
  { id: 'token.unknown-resource-accepted', token: { resourceTypeKnown: () => true }, rule: 'token.resource-type.unknown', breaks: 'any resource_type is treated as the identity provider' },
  { id: 'token.malformed-json-as-credentials', token: { notJsonRefusal: () => [401, 'InvalidCredentials'] }, rule: 'token.request.malformed-json', breaks: 'a body that is not JSON is answered 401 InvalidCredentials instead of 400 InvalidRequest (spec §7.1)' },
  { id: 'token.mistyped-secret-matches', token: { secretChecked: (s) => s !== true }, rule: 'token.request.wrong-field-type', breaks: 'client_secret: true is compared loosely and matches any password, so a token is issued' },
  { id: 'token.mistyped-field-grant-error', token: { wrongTypeError: () => 'InvalidGrantType' }, rule: 'token.request.wrong-field-type', breaks: 'a mistyped field is answered 400 InvalidGrantType, a row about a valid grant type (spec §7.1)' },
  { id: 'token.id-token-unchecked', token: { idTokenClaims: (code) => decodeUnchecked(code) }, rule: 'token.id-token.invalid', breaks: 'the code signature is not verified' },
  { id: 'token.bad-secret-400', token: { wrongSecretStatus: () => 400 }, rule: 'token.credentials.invalid', breaks: 'a wrong client_secret is answered 400 instead of 401' },
  { id: 'token.unverified-accepted', token: { refusesUnverified: no }, rule: 'token.account.unverified', breaks: 'an unverified account is issued a token' },
  { id: 'token.ip-ignored', token: { enforcesIpRestriction: no }, rule: 'token.account.ip-restricted', breaks: 'the IP restriction is not enforced' },
  { id: 'token.expired-as-invalid', token: { expiredPasswordError: () => 'InvalidCredentials' }, rule: 'token.account.password-expired', breaks: 'an expired password is answered InvalidCredentials' },
  { id: 'token.disabled-403', token: { disabledStatus: () => 403 }, rule: 'token.account.disabled', breaks: 'a disabled account is answered 403' },
  { id: 'token.never-locks', token: { countsFailedAttempt: no }, rule: 'token.account.lockout', breaks: 'repeated bad secrets never lock the account' },
  { id: 'token.refresh-refused', token: { honoursRefreshToken: no }, rule: 'token.refresh-token.issues-token', breaks: 'valid refresh tokens are refused' },
  { id: 'token.refresh-invalid-400', token: { unknownRefreshTokenRefusal: () => [400, 'InvalidRequest'] }, rule: 'token.refresh-token.invalid', breaks: 'an unknown refresh token is answered 400 InvalidRequest' },
  { id: 'token.code-known-user-refused', token: { acceptsKnownUser: no }, rule: 'token.authorization-code.issues-token', breaks: 'a valid code of a known user is answered IdTokenInvalid' },
  { id: 'token.no-auto-provision', token: { provisionsUnknownUser: no }, rule: 'token.authorization-code.auto-provisions', breaks: 'company_id is ignored, so unknown users are refused' },
  { id: 'token.mfa-bypassed', token: { requiresMfa: no }, rule: 'token.mfa.required', breaks: 'an MFA user is issued a token without MFA' },
  { id: 'token.email-otp-refused', token: { otpAccepted: (method, correct) => method !== 'Email' && correct }, rule: 'token.mfa.email-otp', breaks: 'the e-mailed one-time password is not accepted' },
  { id: 'token.totp-refused', token: { otpAccepted: (method, correct) => method === 'Email' && correct }, rule: 'token.mfa.authenticator-otp', breaks: 'a valid authenticator-app code is refused' },
  { id: 'token.any-otp-accepted', token: { otpAccepted: () => true }, rule: 'token.mfa.wrong-otp-refused', breaks: 'any one-time password is accepted' },
  { id: 'token.unknown-mfa-method-as-auth', token: { mfaMethodKnown: () => true }, rule: 'token.mfa-otp.unknown-method', breaks: 'an unknown mfa_method is treated as Auth' },
  { id: 'token.default-type-text-plain', token: { defaultMediaType: () => 'text/plain' }, rule: 'token.media-type.default-json', breaks: 'without Accept the response is text/plain' },
  { id: 'token.accept-ignored', token: { answersTextJson: no }, rule: 'token.media-type.accept-text-json', breaks: 'Accept: text/json is ignored' },
  { id: 'token.text-json-body-refused', token: { readsTextJson: no }, rule: 'token.media-type.request-text-json', breaks: 'a Content-Type text/json body is refused' },
  { id: 'token.bearer-ignored', rule: 'token.access-token.authorizes', breaks: 'the messaging interface does not accept the access token', rest: { acceptsAccessToken: () => false } },
  { id: 'token.bearer-wrong-user', rule: 'token.access-token.authorizes', breaks: "a valid access token opens another user's account on the messaging interface", rest: { accessTokenUser: (user, users) => [...users].find((u) => u !== user) ?? user } },
  { id: 'token.any-bearer-accepted', rule: 'token.access-token.invalid-refused', breaks: 'any bearer token is accepted on the messaging interface', rest: { userForUnknownAccessToken: (users) => users[Symbol.iterator]().next().value } },
] as const satisfies readonly FaultDef[];

/** A status §7.1 does not list `name` under (of 400, 401, 403). */
const unlisted = (name: TokenErrorName): number => [401, 400, 403].find((s) => !(TOKEN_ERRORS[name] as readonly number[]).includes(s))!;

/**
 * One fault per §7.1 error name: its answers leave with a status §7.1 does not list it under.
 * Judged by the traffic rule observe derives for the name (judge/observe/server-checks.ts), so
 * `observed`: the fault rounds leave them out, the observe self-test shows each fail its rule.
 */
export const TOKEN_TRAFFIC_FAULTS: readonly (FaultDef & { id: `token.traffic-${string}` })[] = (Object.keys(TOKEN_ERRORS) as TokenErrorName[]).map((name) => ({
  id: `token.traffic-${tokenErrorSlug(name)}-status`,
  token: { errorStatus: declining<[TokenErrorName, number], number>((error) => (error === name ? unlisted(name) : DECLINE)) },
  rule: tokenTrafficRuleId(name),
  observed: true,
  breaks: `an answer naming ${name} leaves with HTTP ${unlisted(name)}, which §7.1 does not list it under`,
}));
