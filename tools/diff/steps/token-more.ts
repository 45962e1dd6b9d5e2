import fc from 'fast-check';
import { totp } from '../../../contract/wire/totp.js';
import type { DiffSession, Observation } from '../session.js';
import { skipped, type StepFamily } from './family.js';

/**
 * More token requests (spec §4.1, §5.1, §7.1; clarifications T1-T10): what a client of the
 * interface sends where the spec leaves the answer open. Each request is a realistic one: the
 * access token used on the messaging interface with the scheme vendor-wire §2 shows ('Bearer'),
 * the identity provider named as the default binding names it ('OpenIdConnect', B2), a numeric
 * user id sent as a JSON number, a forgotten secret, JSON labelled text/plain, a mistyped
 * one-time password, an MFA challenge. Tokens are secrets: learnt as such, never observed.
 */
export type TokenMoreOp =
  | { kind: 'tokenOnMessaging' }
  | { kind: 'tokenIdToken' }
  | { kind: 'tokenNumericId' }
  | { kind: 'tokenNoSecret' }
  | { kind: 'tokenTextPlain' }
  | { kind: 'tokenWrongOtp' }
  | { kind: 'tokenChallenge' };

/** vendor-wire §2: 'Auth scheme for later calls: Authorization: Bearer <access_token>'. */
const VENDOR_SCHEME = 'Bearer';
/** default-binding B2: the resource_type of the external identity provider. */
const BINDING_RESOURCE_TYPE = 'OpenIdConnect';

/** An id token the provider never issued (JWT-shaped, unsigned): any server refuses it, by the §7.1 row it chooses. */
const foreignIdToken = (tag: string): string => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: tag, email: `${tag}@invalid.example` })}.${Buffer.from('not-signed').toString('base64url')}`;
};

/** The MFA tokens of the profile's TOTP account (401 MFARequired, B2), learnt as secrets; undefined when the profile has none. */
async function startMfa(s: DiffSession): Promise<{ mfa_token: string; user_token: string; secret: string } | undefined> {
  const a = s.profile.accounts.mfaTotp;
  if (!a?.totpSecret) return undefined;
  const res = await s.clients.token.clientCredentials(a);
  const j = res.json as { mfa_token?: unknown; user_token?: unknown } | undefined;
  if (typeof j?.mfa_token !== 'string' || typeof j.user_token !== 'string') return undefined;
  for (const t of [j.mfa_token, j.user_token]) {
    s.redact.learn(t);
    s.norm.word(t, '<secret>');
  }
  return { mfa_token: j.mfa_token, user_token: j.user_token, secret: a.totpSecret };
}

export const TOKEN_MORE: StepFamily<TokenMoreOp> = {
  operations: {
    tokenOnMessaging: ['token.Token', 'messaging-rest.GetAccountDetails'],
    tokenIdToken: ['token.Token'],
    tokenNumericId: ['token.Token'],
    tokenNoSecret: ['token.Token'],
    tokenTextPlain: ['token.Token'],
    tokenWrongOtp: ['token.Token'],
    tokenChallenge: ['token.Challenge'],
  },
  // one draw among them, so random sequences stay mostly mailbox moves (their axes are shown by the canonical part)
  steps: [[2, fc.constantFrom<TokenMoreOp>(...(['tokenOnMessaging', 'tokenIdToken', 'tokenNumericId', 'tokenNoSecret', 'tokenTextPlain', 'tokenWrongOtp', 'tokenChallenge'] as const).map((kind) => ({ kind })))]],
  canonical: [{ kind: 'tokenOnMessaging' }, { kind: 'tokenIdToken' }, { kind: 'tokenNumericId' }, { kind: 'tokenNoSecret' }, { kind: 'tokenTextPlain' }, { kind: 'tokenWrongOtp' }, { kind: 'tokenChallenge' }],
  async run(s, op, step): Promise<Observation> {
    const token = s.clients.token;
    const a = s.account('sender');
    switch (op.kind) {
      case 'tokenOnMessaging': {
        // spec §5.1: the access token goes in the Authorization header of the later calls
        const got = await token.clientCredentials(a);
        const access = (got.json as { access_token?: unknown } | undefined)?.access_token;
        if (typeof access !== 'string' || access === '') return s.observe(`${step}: get a token`, got);
        s.redact.learn(access);
        s.norm.word(access, '<secret>');
        return s.observe(step, await s.clients.rest.details({ authorization: `${VENDOR_SCHEME} ${access}` }));
      }
      case 'tokenIdToken':
        return s.observe(step, await token.token({ grant_type: 'authorization_code', code: foreignIdToken(s.tag), resource_type: BINDING_RESOURCE_TYPE }));
      case 'tokenNumericId':
        // a user id of digits sent as a JSON number (spec §2.1 types client_id string)
        return s.observe(step, await token.token({ grant_type: 'client_credentials', client_id: 4096, client_secret: a.password }));
      case 'tokenNoSecret':
        return s.observe(step, await token.token({ grant_type: 'client_credentials', client_id: a.username }));
      case 'tokenTextPlain':
        return s.observe(step, await token.clientCredentials(a, { contentType: 'text/plain' }));
      case 'tokenWrongOtp': {
        const mfa = await startMfa(s);
        if (!mfa) return skipped(step);
        // a code off by one digit from the current one: wrong now and in the neighbouring windows' likely codes
        const now = totp(mfa.secret);
        const wrong = `${now.slice(0, -1)}${(Number(now.slice(-1)) + 5) % 10}`;
        return s.observe(step, await token.token({ grant_type: 'mfa_otp', mfa_method: 'Auth', mfa_token: mfa.mfa_token, user_token: mfa.user_token, otp: wrong }));
      }
      case 'tokenChallenge': {
        const mfa = await startMfa(s);
        if (!mfa) return skipped(step);
        const res = await token.challenge({ challenge_type: 'Auth', mfa_token: mfa.mfa_token, user_token: mfa.user_token });
        const j = res.json as Record<string, unknown> | undefined;
        if (res.status >= 300 || !j) return s.observe(step, res);
        // T2: the tokens handed back are the ones given, or new ones; only which is compared (they are secrets)
        const same = (k: 'mfa_token' | 'user_token') => (typeof j[k] !== 'string' ? 'absent' : j[k] === mfa[k] ? 'as given' : 'new');
        for (const k of ['mfa_token', 'user_token'] as const) if (typeof j[k] === 'string') s.redact.learn(j[k]);
        return { step, status: res.status, type: res.mediaType, body: { mfa_token: same('mfa_token'), user_token: same('user_token') } };
      }
    }
  },
};
