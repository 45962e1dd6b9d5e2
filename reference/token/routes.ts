import { Hono } from 'hono';
import { GRANT_TYPES, MFA_METHODS, type GrantType, type TokenErrorName } from '../../contract/token.js';
import type { ReferenceState } from '../state.js';
import type { AppEnv, Ctx } from '../http.js';
import { DESCRIPTIONS, TokenError, str } from './errors.js';
import { createGrants } from './grants.js';
import { parseTokenBody as parse, requireFields } from './request.js';
import { withExtraFields } from '../common-readings.js';
import { CHALLENGE_ROTATES, GRANT_TYPE_CASE, MISSING_GRANT_TYPE } from '../axes/token.js';

/** A refusal with 400 and `error` (spec §7.1 grant_type rows). */
const refuse = (error: TokenErrorName): never => {
  throw new TokenError(400, error);
};

export function tokenRoutes(state: ReferenceState): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { domain, credentials, variant } = state;

  /** spec §4.1: the response type follows Accept: application/json (default) or text/json. */
  const respond = (c: Ctx, status: number, body: object) => {
    const policy = c.get('tokenPolicy');
    const accept = c.req.header('accept') ?? '';
    const asked = /\btext\/json\b/i.test(accept) && policy.answersTextJson() ? 'text/json' : 'application/json';
    const type = c.req.header('accept') ? asked : policy.defaultMediaType();
    const shaped = withExtraFields(variant, body, { '.issued': domain.clock.now().toUTCString(), server: 'reference-variant' });
    return c.body(JSON.stringify(shaped), status as 200, { 'content-type': `${type}; charset=utf-8` });
  };
  const fail = (c: Ctx, e: TokenError) => respond(c, c.get('tokenPolicy').errorStatus(e.error, e.status), { error: e.error, error_description: DESCRIPTIONS[e.error], ...e.extra });
  const grants = createGrants(state);

  const token = async (c: Ctx) => {
    try {
      const body = await parse(c, variant);
      const policy = c.get('tokenPolicy');
      let grant = body.grant_type;
      if (grant === undefined || grant === '') grant = policy.grantForMissingType() ?? refuse(variant.get(MISSING_GRANT_TYPE));
      // T9: grant_type compared as written, or without regard to case
      if (variant.get(GRANT_TYPE_CASE) === 'insensitive' && typeof grant === 'string') grant = GRANT_TYPES.find((g) => g === (grant as string).toLowerCase()) ?? grant;
      if (!(GRANT_TYPES as readonly unknown[]).includes(grant)) {
        grant = policy.grantForUnknownType({ clientId: str(body, 'client_id'), clientSecret: str(body, 'client_secret') }) ?? refuse(policy.unknownGrantError());
      }
      requireFields(c, grant as GrantType, body, variant);
      const tokens = grants[grant as GrantType](c, body) as Record<string, unknown>;
      return respond(c, 200, policy.issuedAnswer(grant as GrantType, tokens));
    } catch (e) {
      if (e instanceof TokenError) return fail(c, e);
      throw e;
    }
  };

  /** B2: POST /token/challenge { challenge_type, mfa_token, user_token }; Email sends the code. */
  const challenge = async (c: Ctx) => {
    try {
      const body = await parse(c, variant);
      const type = str(body, 'challenge_type');
      if (!(MFA_METHODS as readonly string[]).includes(type)) throw new TokenError(400, 'InvalidRequest');
      const pending = credentials.pendingMfa(str(body, 'mfa_token'), str(body, 'user_token'));
      if (!pending) throw new TokenError(401, 'InvalidCredentials');
      let tokens = { mfaToken: str(body, 'mfa_token'), userToken: pending.userToken };
      if (variant.get(CHALLENGE_ROTATES)) tokens = credentials.rotateMfa(tokens.mfaToken) ?? tokens;
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
