import { Hono } from 'hono';
import { REQUIRED_FIELDS, GRANT_TYPES, MFA_METHODS, type GrantType, type TokenErrorName } from '../../contract/token.js';
import { verifyHs256 } from '../../contract/wire/jwt.js';
import { verifyTotp } from '../../contract/wire/totp.js';
import type { ReferenceState } from '../state.js';
import { ipInRange, type User } from '../core/domain.js';
import { mediaType, readBody, type AppEnv, type Ctx } from '../http.js';

/** spec §7.1 descriptions, sent as error_description (B2). */
const DESCRIPTIONS: Record<TokenErrorName, string> = {
  InvalidGrantType: 'Invalid grant type',
  InvalidResourceType: 'Invalid resource type',
  InvalidRequest: 'The request is invalid',
  IdTokenInvalid: 'Invalid id token',
  InvalidCredentials: 'Invalid credentials',
  AccountUnverified: 'User account has not been verified',
  IpRestriction: "The user's current IP address is not permitted",
  PasswordExpired: 'The user must change the password',
  AccountDisabled: 'Account is disabled',
  AccountLockedOut: 'Too many invalid login attempts; the account has been disabled',
  RefreshTokenInvalid: 'Refresh token invalid or expired',
  MFARequired: 'MFA required',
};

const STRING_FIELDS = ['grant_type', 'scope', 'client_id', 'client_secret', 'refresh_token', 'code', 'resource_type', 'otp', 'mfa_method', 'user_token', 'mfa_token'];

type Body = Record<string, unknown>;
class TokenError {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly error: TokenErrorName,
    readonly extra: Record<string, string> = {},
  ) {}
}

export function tokenRoutes(state: ReferenceState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { domain, credentials, variant } = state;

  /** spec §4.1: the response type follows Accept: application/json (default) or text/json. */
  const respond = (c: Ctx, status: number, body: object) => {
    const accept = c.req.header('accept') ?? '';
    let type = /\btext\/json\b/i.test(accept) && !c.get('fault')('token.accept-ignored') ? 'text/json' : 'application/json';
    if (!c.req.header('accept') && c.get('fault')('token.default-type-text-plain')) type = 'text/plain';
    const extra = variant.extraFields ? { '.issued': domain.clock.now().toUTCString(), server: 'reference-alt' } : {};
    return c.body(JSON.stringify({ ...body, ...extra }), status as 200, { 'content-type': `${type}; charset=utf-8` });
  };
  const fail = (c: Ctx, e: TokenError) => respond(c, e.status, { error: e.error, error_description: DESCRIPTIONS[e.error], ...e.extra });

  const tokensFor = (user: User) => {
    const { accessToken, refreshToken, expiresIn } = credentials.issueTokens(user);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refreshToken };
  };

  /** Reads and validates the JSON body shared by /Token and /token/challenge. */
  const parse = async (c: Ctx): Promise<Body> => {
    const type = mediaType(c.req.header('content-type'));
    const textJsonRefused = type === 'text/json' && c.get('fault')('token.text-json-body-refused');
    if ((type && type !== 'application/json' && type !== 'text/json') || textJsonRefused) {
      // spec §4.1: failures are 400 or 401, so an unsupported media type is an invalid request
      throw new TokenError(400, 'InvalidRequest');
    }
    const read = await readBody(c);
    if (!read.ok) throw new TokenError(400, 'InvalidRequest');
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      if (c.get('fault')('token.malformed-json-500')) throw new Error('unexpected token in JSON');
      throw new TokenError(400, 'InvalidRequest');
    }
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
  };

  const str = (body: Body, field: string): string => (typeof body[field] === 'string' ? (body[field] as string) : '');

  /** spec §4.1: every required field of the grant must be present (missing: InvalidRequest). */
  const requireFields = (c: Ctx, grant: GrantType, body: Body) => {
    const missing = REQUIRED_FIELDS[grant].filter((f) => str(body, f) === '');
    if (missing.length === 0) return;
    const f = c.get('fault');
    if (grant === 'client_credentials' && missing.includes('client_secret') && f('token.cc-missing-field-401')) throw new TokenError(401, 'InvalidCredentials');
    if (grant === 'refresh_token' && f('token.refresh-missing-field-401')) throw new TokenError(401, 'RefreshTokenInvalid');
    if (grant === 'authorization_code' && missing.includes('resource_type') && f('token.code-missing-field-resource')) throw new TokenError(400, 'InvalidResourceType');
    if (grant === 'mfa_otp' && missing.includes('otp') && f('token.mfa-missing-field-401')) throw new TokenError(401, 'InvalidCredentials');
    throw new TokenError(400, 'InvalidRequest');
  };

  /** The account checks that follow a correct secret (spec §7.1 rows), then MFA (spec §5.3). */
  const admit = (c: Ctx, user: User, viaMfa = false) => {
    const f = c.get('fault');
    if (!user.verified && !f('token.unverified-accepted')) throw new TokenError(401, 'AccountUnverified');
    if (user.disabled) throw new TokenError(f('token.disabled-403') ? 403 : 401, 'AccountDisabled');
    if (user.allowedIps.length > 0 && !user.allowedIps.some((r) => ipInRange(c.get('clientIp'), r)) && !f('token.ip-ignored')) {
      throw new TokenError(401, 'IpRestriction');
    }
    if (user.passwordExpired) throw new TokenError(401, f('token.expired-as-invalid') ? 'InvalidCredentials' : 'PasswordExpired');
    if (user.mfa && !viaMfa && !f('token.mfa-bypassed')) {
      const { mfaToken, userToken } = credentials.startMfa(user);
      throw new TokenError(401, 'MFARequired', { mfa_token: mfaToken, user_token: userToken });
    }
    return tokensFor(user);
  };

  const clientCredentials = (c: Ctx, body: Body) => {
    const f = c.get('fault');
    const user = domain.findUser(str(body, 'client_id'));
    if (!user) throw new TokenError(f('token.bad-secret-400') ? 400 : 401, 'InvalidCredentials');
    if (user.lockedOut) throw new TokenError(401, 'AccountLockedOut');
    if (user.password !== str(body, 'client_secret')) {
      if (!f('token.never-locks')) user.failedAttempts += 1;
      if (user.failedAttempts >= domain.lockoutThreshold) {
        user.lockedOut = true;
        throw new TokenError(401, variant.lockingAttemptError);
      }
      throw new TokenError(f('token.bad-secret-400') ? 400 : 401, 'InvalidCredentials');
    }
    user.failedAttempts = 0;
    return admit(c, user);
  };

  const refresh = (c: Ctx, body: Body) => {
    const user = credentials.spendRefreshToken(str(body, 'refresh_token'));
    if (!user) throw new TokenError(c.get('fault')('token.refresh-invalid-400') ? 400 : 401, c.get('fault')('token.refresh-invalid-400') ? 'InvalidRequest' : 'RefreshTokenInvalid');
    if (c.get('fault')('token.refresh-refused')) throw new TokenError(401, 'RefreshTokenInvalid');
    if (user.disabled || user.lockedOut) throw new TokenError(401, 'RefreshTokenInvalid');
    return tokensFor(user);
  };

  const authorizationCode = (c: Ctx, body: Body) => {
    const f = c.get('fault');
    if (str(body, 'resource_type') !== state.identityProvider.resourceType && !f('token.unknown-resource-accepted')) {
      throw new TokenError(400, 'InvalidResourceType');
    }
    const code = str(body, 'code');
    const claims = f('token.id-token-unchecked') ? decodeUnchecked(code) : verifyHs256(code, state.identityProvider.jwtSecret, domain.clock.now());
    if (!claims) throw new TokenError(variant.idTokenInvalidStatus, 'IdTokenInvalid');
    let user = domain.findUserByEmail(claims.email);
    if (user && f('token.code-known-user-refused')) throw new TokenError(401, 'IdTokenInvalid');
    if (!user) {
      // spec §4.1: the company id is required when the user is provisioned automatically
      const companyId = f('token.no-auto-provision') ? undefined : (body.company_id as number | undefined);
      if (f('token.no-auto-provision')) throw new TokenError(401, 'IdTokenInvalid');
      if (companyId === undefined || !domain.companies.has(companyId)) throw new TokenError(400, 'InvalidRequest');
      user = domain.addUser({ companyId, username: claims.email, email: claims.email, password: '' });
    }
    return admit(c, user);
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
    if (!valid && !f('token.any-otp-accepted')) throw new TokenError(401, 'InvalidCredentials');
    credentials.finishMfa(str(body, 'mfa_token'));
    return admit(c, pending.user, true);
  };

  const grants: Record<GrantType, (c: Ctx, body: Body) => object> = {
    client_credentials: clientCredentials,
    refresh_token: refresh,
    authorization_code: authorizationCode,
    mfa_otp: mfaOtp,
  };

  const token = async (c: Ctx) => {
    try {
      const body = await parse(c);
      let grant = body.grant_type;
      if (grant === undefined || grant === '') {
        if (!c.get('fault')('token.missing-grant-defaults')) throw new TokenError(400, 'InvalidRequest');
        grant = 'client_credentials';
      }
      if (!(GRANT_TYPES as readonly unknown[]).includes(grant)) {
        throw new TokenError(400, c.get('fault')('token.unknown-grant-invalid-request') ? 'InvalidRequest' : 'InvalidGrantType');
      }
      requireFields(c, grant as GrantType, body);
      const tokens = grants[grant as GrantType](c, body) as Record<string, unknown>;
      if (c.get('fault')('token.no-access-token') && grant === 'client_credentials') delete tokens.access_token;
      return respond(c, 200, tokens);
    } catch (e) {
      if (e instanceof TokenError) return fail(c, e);
      throw e;
    }
  };

  /** B2: POST /token/challenge { challenge_type, mfa_token, user_token }; Email sends the code. */
  const challenge = async (c: Ctx) => {
    try {
      const body = await parse(c);
      const type = str(body, 'challenge_type');
      if (!(MFA_METHODS as readonly string[]).includes(type)) throw new TokenError(400, 'InvalidRequest');
      const pending = credentials.pendingMfa(str(body, 'mfa_token'), str(body, 'user_token'));
      if (!pending) throw new TokenError(401, 'InvalidCredentials');
      let tokens = { mfaToken: str(body, 'mfa_token'), userToken: pending.userToken };
      if (variant.challengeRotatesTokens) tokens = credentials.rotateMfa(tokens.mfaToken) ?? tokens;
      if (type === 'Email') {
        const otp = String(Math.floor(100000 + Math.random() * 900000));
        credentials.setEmailOtp(tokens.mfaToken, otp);
        state.mailbox.deliver(pending.user, {
          from: 'no-reply@reference.invalid',
          subject: 'Your one-time password',
          textBody: `Your one-time password is ${otp}. It expires in ${credentials.lifetimes.mfaSeconds / 60} minutes.`,
        });
      }
      return respond(c, 200, { mfa_token: tokens.mfaToken, user_token: tokens.userToken });
    } catch (e) {
      if (e instanceof TokenError) return fail(c, e);
      throw e;
    }
  };

  // vendor-wire §2: the docs write /Token, the demos call /token
  for (const path of ['/Token', '/token']) app.post(path, token);
  for (const path of ['/token/challenge', '/Token/challenge']) app.post(path, challenge);
  return app;
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
