import type { GrantType } from '../../contract/token.js';
import { verifyHs256 } from '../../contract/wire/jwt.js';
import { verifyTotp } from '../../contract/wire/totp.js';
import { ipInRange, type User } from '../core/domain.js';
import { logOnUser, passwordOpens, refusesDisabled } from '../core/credential-policy.js';
import type { AccessTokenKind } from '../../contract/credentials.js';
import type { Ctx } from '../http.js';
import type { ReferenceState } from '../state.js';
import { WRONG_OTP_ERROR } from '../axes/token.js';
import { TokenError, str, type Body } from './errors.js';
import { ID_TOKEN_INVALID_STATUS, LOCKING_ATTEMPT_ERROR } from '../axes/token.js';

export type Grant = (c: Ctx, body: Body) => object;

/** The four grants of spec §2.1 / §4.1 over the shared domain and credential state. */
export function createGrants(state: ReferenceState): Record<GrantType, Grant> {
  const { domain, credentials, variant } = state;

  const tokensFor = (user: User, kind: AccessTokenKind) => {
    const { accessToken, refreshToken, expiresIn } = credentials.issueTokens(user, kind);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refreshToken };
  };

  /** The account checks that follow a correct secret (spec §7.1 rows), then MFA (spec §5.3); `kind` names the grant. */
  const admit = (c: Ctx, user: User, kind: AccessTokenKind) => {
    const policy = c.get('tokenPolicy');
    const viaMfa = kind === 'access-token-mfa-otp';
    if (!user.verified && policy.refusesUnverified()) throw new TokenError(401, 'AccountUnverified');
    if (refusesDisabled(user, kind === 'access-token-client-credentials' ? 'token.client_credentials' : undefined, c.get('credentialPolicy'))) throw new TokenError(policy.disabledStatus(), 'AccountDisabled');
    if (user.allowedIps.length > 0 && !user.allowedIps.some((r) => ipInRange(c.get('clientIp'), r)) && policy.enforcesIpRestriction()) {
      throw new TokenError(401, 'IpRestriction');
    }
    if (user.passwordExpired) throw new TokenError(401, policy.expiredPasswordError());
    if (user.mfa && !viaMfa && policy.requiresMfa()) {
      const { mfaToken, userToken } = credentials.startMfa(user);
      throw new TokenError(401, 'MFARequired', { mfa_token: mfaToken, user_token: userToken });
    }
    return tokensFor(user, kind);
  };

  const clientCredentials = (c: Ctx, body: Body) => {
    const policy = c.get('tokenPolicy');
    const credentialPolicy = c.get('credentialPolicy');
    const user = logOnUser(domain, str(body, 'client_id'), 'token.client_credentials', credentialPolicy);
    if (!user) throw new TokenError(policy.wrongSecretStatus(), 'InvalidCredentials');
    if (user.lockedOut) throw new TokenError(401, 'AccountLockedOut');
    if (policy.secretChecked(body.client_secret) && !passwordOpens(user, str(body, 'client_secret'), 'token.client_credentials', credentialPolicy)) {
      if (policy.countsFailedAttempt()) user.failedAttempts += 1;
      if (user.failedAttempts >= domain.lockoutThreshold) {
        user.lockedOut = true;
        throw new TokenError(401, variant.get(LOCKING_ATTEMPT_ERROR));
      }
      throw new TokenError(policy.wrongSecretStatus(), 'InvalidCredentials');
    }
    user.failedAttempts = 0;
    return admit(c, user, 'access-token-client-credentials');
  };

  const refresh = (c: Ctx, body: Body) => {
    const policy = c.get('tokenPolicy');
    const user = credentials.spendRefreshToken(str(body, 'refresh_token'), c.get('credentialPolicy'));
    if (!user) throw new TokenError(...policy.unknownRefreshTokenRefusal());
    if (!policy.honoursRefreshToken()) throw new TokenError(401, 'RefreshTokenInvalid');
    if (user.disabled || user.lockedOut) throw new TokenError(401, 'RefreshTokenInvalid');
    return tokensFor(user, 'access-token-refresh-token');
  };

  const authorizationCode = (c: Ctx, body: Body) => {
    const policy = c.get('tokenPolicy');
    const { resourceType: identityProvider, jwtSecret } = state.identityProvider;
    if (!policy.resourceTypeKnown(policy.resourceType(str(body, 'resource_type'), identityProvider), identityProvider)) {
      throw new TokenError(400, 'InvalidResourceType');
    }
    const code = str(body, 'code');
    const claims = policy.idTokenClaims(code, () => verifyHs256(code, jwtSecret, domain.clock.now()));
    if (!claims) throw new TokenError(variant.get(ID_TOKEN_INVALID_STATUS) as 400 | 401, 'IdTokenInvalid');
    let user = domain.findUserByEmail(claims.email);
    if (user && !policy.acceptsKnownUser()) throw new TokenError(401, 'IdTokenInvalid');
    if (!user) {
      if (!policy.provisionsUnknownUser()) throw new TokenError(401, 'IdTokenInvalid');
      // spec §4.1: the company id is required when the user is provisioned automatically
      const companyId = body.company_id as number | undefined;
      if (companyId === undefined || !domain.companies.has(companyId)) throw new TokenError(400, 'InvalidRequest');
      user = domain.addUser({ companyId, username: claims.email, email: claims.email, password: '' });
      state.accounts.wrote(user, ['CompanyId'], 'token.Token:authorization_code');
    }
    return admit(c, user, 'access-token-authorization-code');
  };

  const mfaOtp = (c: Ctx, body: Body) => {
    const policy = c.get('tokenPolicy');
    const method = str(body, 'mfa_method');
    if (!policy.mfaMethodKnown(method)) throw new TokenError(400, 'InvalidRequest');
    const pending = credentials.pendingMfa(str(body, 'mfa_token'), str(body, 'user_token'));
    if (!pending) throw new TokenError(401, 'InvalidCredentials');
    const otp = str(body, 'otp');
    // a method other than Email is the authenticator app's (spec §2.1 Auth)
    const correct =
      method === 'Email'
        ? pending.emailOtp !== undefined && pending.emailOtp === otp
        : pending.user.mfa?.totpSecret !== undefined && verifyTotp(pending.user.mfa.totpSecret, otp, domain.clock.now());
    if (!policy.otpAccepted(method, correct)) throw variant.get(WRONG_OTP_ERROR) === 'InvalidRequest' ? new TokenError(400, 'InvalidRequest') : new TokenError(401, 'InvalidCredentials');
    credentials.finishMfa(str(body, 'mfa_token'));
    return admit(c, pending.user, 'access-token-mfa-otp');
  };

  const grants: Record<GrantType, Grant> = {
    client_credentials: clientCredentials,
    refresh_token: refresh,
    authorization_code: authorizationCode,
    mfa_otp: mfaOtp,
  };
  return grants;
}
