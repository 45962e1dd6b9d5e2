import { MFA_METHODS, REQUIRED_FIELDS, type GrantType, type TokenErrorName } from '../../contract/token.js';
import type { IdTokenClaims } from '../../contract/wire/jwt.js';

/** A refusal of the token endpoint: HTTP status and spec §7.1 name. */
export type TokenRefusal = readonly [status: 400 | 401 | 403, error: TokenErrorName];

/**
 * The token endpoint's decisions (spec §2.1, §4.1, §5.3, §7.1), each named for the sentence it
 * keeps. The routes (routes.ts, request.ts, grants.ts) ask the request's policy;
 * SPEC_TOKEN_POLICY answers as the spec says (undefined where a reading of the variant decides),
 * and a fault of reference/token/faults.ts replaces one hook (`token: { … }`), never a check
 * inside a handler. The last hooks shape an answer as it leaves (an edge patch): the spec's
 * leaves it as it is.
 */
export interface TokenPolicy {
  // §4.1 request media types and body
  /** §4.1: a body sent as text/json is read like application/json */
  readsTextJson(): boolean;
  /** §7.1 InvalidRequest: the refusal of a body that is not JSON */
  notJsonRefusal(): TokenRefusal;
  /** §7.1: the error of a field of the wrong type (T7's refusing reading) */
  wrongTypeError(): TokenErrorName;
  /** §4.1: whether the client_secret given is compared with the password at all (a string always is; it may not be left out) */
  secretChecked(secret: unknown): boolean;
  /** §4.1: the fields a grant requires */
  requiredFields(grant: GrantType): readonly string[];
  /** §7.1: the refusal of a request missing `missing`; undefined: InvalidRequest or the field's row, as the reading says (T8) */
  missingFieldRefusal(grant: GrantType, missing: readonly string[]): TokenRefusal | undefined;
  // §2.1 grant_type, §7.1 InvalidGrantType
  /** the grant a request without grant_type is taken for; undefined: refused (T1) */
  grantForMissingType(): GrantType | undefined;
  /** the grant a request of an unknown grant_type is taken for; undefined: refused */
  grantForUnknownType(credentials: { clientId: string; clientSecret: string }): GrantType | undefined;
  /** §7.1: the error of an unknown grant_type */
  unknownGrantError(): TokenErrorName;
  // §4.1 client_credentials, §7.1 rows that follow a correct secret
  /** §7.1 InvalidCredentials: the status of a wrong client_id or client_secret */
  wrongSecretStatus(): 400 | 401;
  /** §7.1 AccountLockedOut: a wrong secret counts towards the lockout */
  countsFailedAttempt(): boolean;
  /** §7.1 AccountUnverified */
  refusesUnverified(): boolean;
  /** §7.1 AccountDisabled: its status */
  disabledStatus(): 401 | 403;
  /** §7.1 IpRestriction */
  enforcesIpRestriction(): boolean;
  /** §7.1 PasswordExpired: the error of an expired password */
  expiredPasswordError(): TokenErrorName;
  /** §5.3: an MFA user gets a token through mfa_otp only */
  requiresMfa(): boolean;
  // §4.1 refresh_token
  /** §7.1 RefreshTokenInvalid: the refusal of a refresh token the server does not know */
  unknownRefreshTokenRefusal(): TokenRefusal;
  /** §4.1: a valid refresh token is issued new tokens */
  honoursRefreshToken(): boolean;
  // §4.1 authorization_code
  /** the resource_type a request names, given what it sent */
  resourceType(given: string, identityProvider: string): string;
  /** §7.1 InvalidResourceType: whether `given` names the identity provider */
  resourceTypeKnown(given: string, identityProvider: string): boolean;
  /** §7.1 IdTokenInvalid: the claims of the code, as `verified` reads them (undefined: the signature or lifetime does not hold) */
  idTokenClaims(code: string, verified: () => IdTokenClaims | undefined): IdTokenClaims | undefined;
  /** §4.1: a valid code of a known user is issued a token */
  acceptsKnownUser(): boolean;
  /** §4.1: an unknown user is provisioned automatically into company_id */
  provisionsUnknownUser(): boolean;
  // §4.1 mfa_otp, §5.3
  /** §2.1: mfa_method is Email or Auth */
  mfaMethodKnown(method: string): boolean;
  /** whether the one-time password of `method` is taken, given whether it is the right one */
  otpAccepted(method: string, correct: boolean): boolean;
  // edge: the answer as it leaves
  /** §4.1 Accept: text/json is answered as text/json */
  answersTextJson(): boolean;
  /** §4.1: the media type of an answer to a request without Accept */
  defaultMediaType(): string;
  /** §4.1: the tokens a grant issues, as the answer shows them */
  issuedAnswer(grant: GrantType, tokens: Record<string, unknown>): Record<string, unknown>;
  /** §7.1: the status an answer naming `error` leaves with, given the one the endpoint decided */
  errorStatus(error: TokenErrorName, status: number): number;
}

const yes = () => true;

export const SPEC_TOKEN_POLICY: TokenPolicy = {
  readsTextJson: yes,
  notJsonRefusal: () => [400, 'InvalidRequest'],
  wrongTypeError: () => 'InvalidRequest',
  secretChecked: yes,
  requiredFields: (grant) => REQUIRED_FIELDS[grant],
  missingFieldRefusal: () => undefined,
  grantForMissingType: () => undefined,
  grantForUnknownType: () => undefined,
  unknownGrantError: () => 'InvalidGrantType',
  wrongSecretStatus: () => 401,
  countsFailedAttempt: yes,
  refusesUnverified: yes,
  disabledStatus: () => 401,
  enforcesIpRestriction: yes,
  expiredPasswordError: () => 'PasswordExpired',
  requiresMfa: yes,
  unknownRefreshTokenRefusal: () => [401, 'RefreshTokenInvalid'],
  honoursRefreshToken: yes,
  resourceType: (given) => given,
  resourceTypeKnown: (given, identityProvider) => given === identityProvider,
  idTokenClaims: (_code, verified) => verified(),
  acceptsKnownUser: yes,
  provisionsUnknownUser: yes,
  mfaMethodKnown: (method) => (MFA_METHODS as readonly string[]).includes(method),
  otpAccepted: (_method, correct) => correct,
  answersTextJson: yes,
  defaultMediaType: () => 'application/json',
  issuedAnswer: (_grant, tokens) => tokens,
  errorStatus: (_error, status) => status,
};
