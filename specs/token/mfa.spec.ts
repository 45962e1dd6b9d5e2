import { totp } from '../../contract/wire/totp.js';
import { ChallengeResponseSchema, REQUIRED_FIELDS } from '../../contract/token.js';
import { check, expectTokenError, expectTokenIssued, expectTokenRefusal } from '../../harness/expect.js';
import { authenticatorSignIn, inboxSession, mfaChallenge, readEmailedOtp, seenOtpMessages } from '../../harness/fixtures/mfa.js';
import { account, emailOtpReadable, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { omitFields } from '../../generators/token-request.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.mfa.required',
    section: '§5.3',
    operation: 'token.Token',
    title: 'client_credentials for a user with MFA, with the right secret, is answered 401 MFARequired instead of a token',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    expectTokenError(await t.token.clientCredentials(t.account('mfaTotp')), 'MFARequired');
  },
);

rule(
  {
    ...base,
    id: 'token.mfa.email-otp',
    operation: ['token.Challenge', 'token.Token'],
    section: '§5.3',
    title: 'MFA by e-mail: /token/challenge sends a one-time password, and mfa_otp with mfa_method Email and that password returns an access_token',
    needs: [iface('token'), iface('messaging-rest'), account('mfaEmail'), emailOtpReadable],
  },
  async (t) => {
    const user = t.account('mfaEmail');
    const sessionKey = await t.given('log on to the user\'s inbox', () => inboxSession(t, user));
    const seen = await t.given('list one-time password messages already there', () => seenOtpMessages(t, sessionKey));
    const tokens = await t.given('sign in and receive MFARequired', () => mfaChallenge(t, user));
    const res = await t.token.challenge({ challenge_type: 'Email', ...tokens });
    const challenged = ChallengeResponseSchema.safeParse(res.json);
    check(res.status === 200 && challenged.success, `${res.label}: expected HTTP 200 with mfa_token and user_token (spec §5.3, B2); got HTTP ${res.status} with body ${res.shown}.`);
    const otp = await readEmailedOtp(t, sessionKey, seen);
    const { mfa_token, user_token } = challenged.data;
    expectTokenIssued(await t.token.token({ grant_type: 'mfa_otp', mfa_method: 'Email', mfa_token, user_token, otp }));
  },
);

rule(
  {
    ...base,
    id: 'token.mfa.authenticator-otp',
    section: '§5.3',
    title: 'MFA by authenticator app: mfa_otp with mfa_method Auth, the MFA tokens and the current TOTP code returns an access_token',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    const { user, tokens } = await authenticatorSignIn(t);
    const otp = totp(user.totpSecret);
    t.redact.learn(otp);
    expectTokenIssued(await t.token.token({ grant_type: 'mfa_otp', mfa_method: 'Auth', ...tokens, otp }));
  },
);

rule(
  {
    ...base,
    id: 'token.mfa.wrong-otp-refused',
    section: '§5.3',
    title: 'mfa_otp with a one-time password that is not the current one is refused (400 or 401 with an error), never a token',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    const { user, tokens } = await authenticatorSignIn(t);
    const now = Date.now();
    const valid = new Set([-30_000, 0, 30_000].map((d) => totp(user.totpSecret, new Date(now + d))));
    let wrong = totp(user.totpSecret, new Date(now + 3_600_000));
    while (valid.has(wrong)) wrong = String((Number(wrong) + 1) % 1_000_000).padStart(6, '0');
    expectTokenRefusal(await t.token.token({ grant_type: 'mfa_otp', mfa_method: 'Auth', ...tokens, otp: wrong }));
  },
);

rule(
  {
    ...base,
    id: 'token.mfa-otp.unknown-method',
    section: '§2.1',
    title: 'mfa_otp with an mfa_method other than Email or Auth is refused with 400 InvalidRequest',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    const { user, tokens } = await authenticatorSignIn(t);
    expectTokenError(await t.token.token({ grant_type: 'mfa_otp', mfa_method: 'Sms', ...tokens, otp: totp(user.totpSecret) }), 'InvalidRequest');
  },
);

rule(
  {
    ...base,
    id: 'token.mfa-otp.required-fields',
    section: '§4.1',
    title: 'mfa_otp without mfa_method, mfa_token, user_token or otp (any of them absent or null) is refused with 400 InvalidRequest',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    const { user, tokens } = await authenticatorSignIn(t);
    const full = { grant_type: 'mfa_otp', mfa_method: 'Auth', ...tokens, otp: totp(user.totpSecret) };
    await property(t, omitFields(REQUIRED_FIELDS.mfa_otp), async (omission) => {
      expectTokenError(await t.token.token(omission.apply(full)), 'InvalidRequest');
    });
  },
);
