import { LogOnResponseSchema } from '../../contract/messaging.js';
import { check, documentedErrorText, expectBody, expectDocumentedError, expectSuccess } from '../../harness/expect.js';
import { account, iface, messagingLockableAccounts } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { freshAccount } from '../../harness/fixtures/account-pools.js';

/** spec §4.3 'Get a session key (log on)' and the §7.2 'Login' texts. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.LogOn', level: 'must' } as const;
const LOGIN = {
  invalid: 'User credentials are invalid.',
  disabled: 'User Disabled',
  unverified: 'User account has not been verified',
  expired: 'Password expired. User must change their password to use this function',
  notApi: 'User is not authorized to use the Web Service API',
  lockedOut: 'Too many invalid logon attempts. User automatically disabled',
} as const;

rule(
  { ...base, id: 'messaging-rest.logon.session-key', operation: ['messaging-rest.LogOn', 'messaging-rest.GetAccountDetails'], section: '§4.3', title: 'Log on with valid credentials returns a session key that opens the account', needs: [iface('messaging-rest'), account('primary')] },
  async (t) => {
    const { SessionKey } = expectBody(await t.rest.logon(t.account('primary')), LogOnResponseSchema, 'a non-empty SessionKey (spec §4.3; vendor-wire §1.1)');
    t.onCleanup('log out', () => t.rest.logout({ sessionKey: SessionKey }));
    expectSuccess(await t.rest.details({ sessionKey: SessionKey }), 'Account details with the new session key (spec §5 rule 4)');
  },
);

rule(
  { ...base, id: 'messaging-rest.logon.invalid-credentials', section: '§7.2', title: 'Log on with an unknown user id is refused with "User credentials are invalid."', needs: [iface('messaging-rest'), account('primary')] },
  async (t) => {
    // an unknown id, not a wrong password: no real account's lockout counter moves
    const res = await t.rest.logon({ username: `${t.prefix}-nobody@example.invalid`, password: t.account('primary').password });
    expectDocumentedError(res, LOGIN.invalid);
  },
);

const refusedAccount = (role: 'disabled' | 'unverified' | 'expiredPassword' | 'nonApi', id: string, text: string, why: string) =>
  rule({ ...base, id, section: '§7.2', title: `Log on by ${why} is refused with "${text}"`, needs: [iface('messaging-rest'), account(role)] }, async (t) => {
    const res = await t.rest.logon(t.account(role));
    const key = (res.json as { SessionKey?: unknown } | undefined)?.SessionKey;
    if (typeof key === 'string') t.onCleanup('log out the wrongly issued key', () => t.rest.logout({ sessionKey: key }));
    expectDocumentedError(res, text);
  });

refusedAccount('disabled', 'messaging-rest.logon.disabled', LOGIN.disabled, 'a user an administrator disabled');
refusedAccount('unverified', 'messaging-rest.logon.unverified', LOGIN.unverified, 'a user whose account is not verified');
refusedAccount('expiredPassword', 'messaging-rest.logon.password-expired', LOGIN.expired, 'a user whose password expired');
refusedAccount('nonApi', 'messaging-rest.logon.not-api-user', LOGIN.notApi, 'a user not enabled for the Web Service API (spec §5 rule 7)');

rule(
  {
    ...base,
    id: 'messaging-rest.logon.lockout',
    section: '§7.2',
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
    const wrong = { username: victim.username, password: `${victim.password}-wrong` };
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
