import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { LogOnResponseSchema } from '../../contract/messaging.js';
import { check, documentedErrorText, expectBody, expectDocumentedError, expectSuccess } from '../../harness/expect.js';
import { account, iface, messagingLockableAccounts } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { freshAccount } from '../../harness/fixtures/account-pools.js';

/** spec §4.3 'Get a session key (log on)' and the §7.2 'Login' texts. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.LogOn', level: 'must' } as const;
const LOGIN = {
  invalid: TEXT.invalidCredentials,
  disabled: TEXT.disabled,
  unverified: TEXT.unverified,
  expired: TEXT.passwordExpired,
  notApi: TEXT.notApiUser,
  lockedOut: TEXT.lockedOut,
} as const;

rule(
  {
    ...base,
    id: 'messaging-rest.logon.session-key',
    spec: [
      { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on) | LogOn | session key string' },
      { anchor: '§5/messaging-interface-authenticates-session-key', quote: 'The messaging interface authenticates with a session key from log on, sent in the X-Session-Key header (REST)' },
      { anchor: '§2.3/LogOn', quote: 'UserIdOrEmail (string), Password (string)' },
    ],
    operation: ['messaging-rest.LogOn', 'messaging-rest.GetAccountDetails'],
    title: 'Log on with valid credentials returns a session key that opens the account',
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const { SessionKey } = expectBody(await t.rest.logon(t.account('primary')), LogOnResponseSchema, 'a non-empty SessionKey (spec §4.3; vendor-wire §1.1)');
    t.onCleanup('log out', () => t.rest.logout({ sessionKey: SessionKey }));
    expectSuccess(await t.rest.details({ sessionKey: SessionKey }), 'Account details with the new session key (spec §5 rule 4)');
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.logon.invalid-credentials',
    spec: [
      { anchor: '§7.2/user-credentials-invalid', quote: 'User credentials are invalid. | Incorrect user id or password' },
      { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on)' },
    ],
    title: 'Log on with an unknown user id is refused with "User credentials are invalid."',
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    // an unknown id, not a wrong password: no real account's lockout counter moves
    const res = await t.rest.logon({ username: t.wrong('UserIdOrEmail', `${t.prefix}-nobody@example.invalid`), password: t.account('primary').password });
    expectDocumentedError(res, LOGIN.invalid);
  },
);

const refusedAccount = (role: 'disabled' | 'unverified' | 'expiredPassword' | 'nonApi', id: string, text: string, why: string, spec: readonly [SpecRef, ...SpecRef[]]) =>
  rule({ ...base, id, spec, title: `Log on by ${why} is refused with "${text}"`, needs: [iface('messaging-rest'), account(role)] }, async (t) => {
    const res = await t.rest.logon(t.account(role));
    const key = (res.json as { SessionKey?: unknown } | undefined)?.SessionKey;
    if (typeof key === 'string') t.onCleanup('log out the wrongly issued key', () => t.rest.logout({ sessionKey: key }));
    expectDocumentedError(res, text);
  });

refusedAccount('disabled', 'messaging-rest.logon.disabled', LOGIN.disabled, 'a user an administrator disabled', [
  { anchor: '§7.2/user-disabled', quote: 'User Disabled | Disabled by an administrator' },
  { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on)' },
]);
refusedAccount('unverified', 'messaging-rest.logon.unverified', LOGIN.unverified, 'a user whose account is not verified', [
  { anchor: '§7.2/user-account-has-not-been-verified', quote: 'User account has not been verified | Account not verified' },
  { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on)' },
]);
refusedAccount('expiredPassword', 'messaging-rest.logon.password-expired', LOGIN.expired, 'a user whose password expired', [
  { anchor: '§7.2/password-expired-user-must-change-their', quote: 'Password expired. User must change their password to use this function' },
  { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on)' },
]);
refusedAccount('nonApi', 'messaging-rest.logon.not-api-user', LOGIN.notApi, 'a user not enabled for the Web Service API (spec §5 rule 7)', [
  { anchor: '§7.2/user-not-authorized-use-web-service', quote: 'User is not authorized to use the Web Service API' },
  { anchor: '§5/user-must-authorized-use-web', quote: 'A user must be authorized to use the web service API; otherwise the error in 7.2 results.' },
  { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on)' },
]);

rule(
  {
    ...base,
    id: 'messaging-rest.logon.lockout',
    spec: [
      { anchor: '§7.2/too-many-invalid-logon-attempts-user', quote: 'Too many invalid logon attempts. User automatically disabled' },
      { anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on)' },
    ],
    title: 'after the profile\'s threshold of bad log-ons the user is disabled: even the right password is refused with "Too many invalid logon attempts. User automatically disabled"',
    needs: [iface('messaging-rest'), messagingLockableAccounts],
  },
  async (t) => {
    // the spec names the error, not the count; the profile's threshold is shared with §7.1
    const threshold = t.profile.token.lockoutThreshold;
    // each run disables one account for good (an administrator must re-enable it, spec §7.2)
    const victim = await freshAccount(
      t,
      'find a lockable account that can still log on',
      t.profile.messaging.lockableAccounts ?? [],
      async (candidate) => {
        const res = await t.rest.logon(candidate);
        const key = (res.json as { SessionKey?: unknown } | undefined)?.SessionKey;
        if (res.status === 200 && typeof key === 'string') await t.rest.logout({ sessionKey: key });
        return { res, fresh: (r) => r.status === 200 && typeof key === 'string', usedUpText: LOGIN.lockedOut };
      },
      'every account in messaging.lockableAccounts is already locked; re-enable them or add more',
    );
    const wrong = { username: victim.username, password: t.wrong('Password') };
    for (let attempt = 1; attempt < threshold; attempt++) expectDocumentedError(await t.rest.logon(wrong), LOGIN.invalid);
    // the attempt that reaches the threshold may say either; its own answer is not documented
    const locking = await t.rest.logon(wrong);
    check(
      locking.status >= 400 && locking.status < 500 && [LOGIN.invalid, LOGIN.lockedOut].includes(documentedErrorText(locking) as never),
      `${locking.label}: the bad log-on that reaches the threshold should be refused (4xx); got HTTP ${locking.status} with body ${locking.shown}.`,
    );
    expectDocumentedError(await t.rest.logon(victim), LOGIN.lockedOut);
  },
);
