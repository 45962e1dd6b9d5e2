import { MFA_METHODS, type GrantType } from '../../contract/token.js';
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
    const f = c.get('fault');
    const viaMfa = kind === 'access-token-mfa-otp';
    if (!user.verified && !f('token.unverified-accepted')) throw new TokenError(401, 'AccountUnverified');
    if (refusesDisabled(user, kind === 'access-token-client-credentials' ? 'token.client_credentials' : undefined, c.get('credentialPolicy'))) throw new TokenError(f('token.disabled-403') ? 403 : 401, 'AccountDisabled');
    if (user.allowedIps.length > 0 && !user.allowedIps.some((r) => ipInRange(c.get('clientIp'), r)) && !f('token.ip-ignored')) {
      throw new TokenError(401, 'IpRestriction');
    }
    if (user.passwordExpired) throw new TokenError(401, f('token.expired-as-invalid') ? 'InvalidCredentials' : 'PasswordExpired');
    if (user.mfa && !viaMfa && !f('token.mfa-bypassed')) {
      const { mfaToken, userToken } = credentials.startMfa(user);
      throw new TokenError(401, 'MFARequired', { mfa_token: mfaToken, user_token: userToken });
    }
    return tokensFor(user, kind);
  };

  const clientCredentials = (c: Ctx, body: Body) => {
    const f = c.get('fault');
    const policy = c.get('credentialPolicy');
    const user = logOnUser(domain, str(body, 'client_id'), 'token.client_credentials', policy);
    if (!user) throw new TokenError(f('token.bad-secret-400') ? 400 : 401, 'InvalidCredentials');
    if (user.lockedOut) throw new TokenError(401, 'AccountLockedOut');
    // fault: a boolean secret compared loosely, as `==` against a non-empty string would in some stacks
    const loose = body.client_secret === true && f('token.mistyped-secret-matches');
    // fault: a missing client_secret skips the password check
    const skipped = f('token.cc-secret-optional') && (body.client_secret === undefined || body.client_secret === null);
    if (!passwordOpens(user, str(body, 'client_secret'), 'token.client_credentials', policy) && !loose && !skipped) {
      if (!f('token.never-locks')) user.failedAttempts += 1;
      if (user.failedAttempts >= domain.lockoutThreshold) {
        user.lockedOut = true;
        throw new TokenError(401, variant.get(LOCKING_ATTEMPT_ERROR));
      }
      throw new TokenError(f('token.bad-secret-400') ? 400 : 401, 'InvalidCredentials');
    }
    user.failedAttempts = 0;
    return admit(c, user, 'access-token-client-credentials');
  };

  const refresh = (c: Ctx, body: Body) => {
    const user = credentials.spendRefreshToken(str(body, 'refresh_token'), c.get('credentialPolicy'));
    if (!user) throw new TokenError(c.get('fault')('token.refresh-invalid-400') ? 400 : 401, c.get('fault')('token.refresh-invalid-400') ? 'InvalidRequest' : 'RefreshTokenInvalid');
    if (c.get('fault')('token.refresh-refused')) throw new TokenError(401, 'RefreshTokenInvalid');
    if (user.disabled || user.lockedOut) throw new TokenError(401, 'RefreshTokenInvalid');
    return tokensFor(user, 'access-token-refresh-token');
  };

  const authorizationCode = (c: Ctx, body: Body) => {
    const f = c.get('fault');
    const resourceType = f('token.code-resource-type-defaults') && str(body, 'resource_type') === '' ? state.identityProvider.resourceType : str(body, 'resource_type');
    if (resourceType !== state.identityProvider.resourceType && !f('token.unknown-resource-accepted')) {
      throw new TokenError(400, 'InvalidResourceType');
    }
    const code = str(body, 'code');
    const claims = f('token.id-token-unchecked') ? decodeUnchecked(code) : verifyHs256(code, state.identityProvider.jwtSecret, domain.clock.now());
    if (!claims) throw new TokenError(variant.get(ID_TOKEN_INVALID_STATUS) as 400 | 401, 'IdTokenInvalid');
    let user = domain.findUserByEmail(claims.email);
    if (user && f('token.code-known-user-refused')) throw new TokenError(401, 'IdTokenInvalid');
    if (!user) {
      // spec §4.1: the company id is required when the user is provisioned automatically
      const companyId = f('token.no-auto-provision') ? undefined : (body.company_id as number | undefined);
      if (f('token.no-auto-provision')) throw new TokenError(401, 'IdTokenInvalid');
      if (companyId === undefined || !domain.companies.has(companyId)) throw new TokenError(400, 'InvalidRequest');
      user = domain.addUser({ companyId, username: claims.email, email: claims.email, password: '' });
      state.accounts.wrote(user, ['CompanyId'], 'token.Token:authorization_code');
    }
    return admit(c, user, 'access-token-authorization-code');
  };

  const mfaOtp = (c: Ctx, body: Body) => {
    const f = c.get('fault');
    const method = str(body, 'mfa_method');
    if (!(MFA_METHODS as readonly string[]).includes(method) && !f('token.unknown-mfa-method-as-auth')) throw new TokenError(400, 'InvalidRequest');
    const pending = credentials.pendingMfa(str(body, 'mfa_token'), str(body, 'user_token'));
    if (!pending) throw new TokenError(401, 'InvalidCredentials');
    const otp = str(body, 'otp');
    const valid =
      method === 'Email'
        ? pending.emailOtp !== undefined && pending.emailOtp === otp && !f('token.email-otp-refused')
        : pending.user.mfa?.totpSecret !== undefined && verifyTotp(pending.user.mfa.totpSecret, otp, domain.clock.now()) && !f('token.totp-refused');
    if (!valid && !f('token.any-otp-accepted')) throw variant.get(WRONG_OTP_ERROR) === 'InvalidRequest' ? new TokenError(400, 'InvalidRequest') : new TokenError(401, 'InvalidCredentials');
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

/** For the unchecked-signature fault only: reads claims without verifying anything. */
function decodeUnchecked(code: string) {
  try {
    const claims = JSON.parse(Buffer.from(code.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown; sub?: unknown };
    return typeof claims.email === 'string' ? { email: claims.email, sub: String(claims.sub ?? '') } : undefined;
  } catch {
    return undefined;
  }
}
