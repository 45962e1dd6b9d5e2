import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { randomBytes } from 'node:crypto';
import { LogOnResponseSchema } from '../../contract/messaging.js';
import type { Account } from '../../contract/profile.js';
import { documentedErrorText, expectBody, expectRefused, expectSuccess } from '../../harness/expect.js';
import { expiredPasswordAccounts, iface, passwordChangeAccounts } from '../../harness/needs.js';
import { passwordChangeShares } from '../../harness/fixtures/password-change-accounts.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import type { HttpResponse } from '../../harness/http.js';
import { freshAccount } from '../../harness/fixtures/account-pools.js';

/** spec §4.3 'Change your password' and §5 rule 6: no session key, works on an expired password. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.ChangePassword', level: 'must' } as const;
const EXPIRED = TEXT.passwordExpired;

const newPassword = () => `Np-${randomBytes(12).toString('base64url')}`;

const INVALID = TEXT.invalidCredentials;

/** Log on with the profile password and log straight out; fresh when that worked. */
async function logsOn(t: RuleContext, account: Account) {
  const res = await t.rest.logon(account);
  const key = (res.json as { SessionKey?: unknown } | undefined)?.SessionKey;
  if (res.status === 200 && typeof key === 'string') await t.rest.logout({ sessionKey: key });
  // an account whose password an earlier run failed to restore no longer logs on with it
  return { res, fresh: (r: HttpResponse) => r.status === 200, usedUpText: INVALID };
}

rule(
  {
    ...base,
    id: 'messaging-rest.change-password.without-key',
    spec: [
      { anchor: '§4.3/change-password', quote: 'Needs no session key' },
      { anchor: '§5/change-password-accepts-account-credentials', quote: 'Change password accepts account credentials, without a session key' },
    ],
    title: 'Change password with the old and new password and no session key succeeds: the new password logs on, the old one no longer does',
    needs: [iface('messaging-rest'), passwordChangeAccounts],
  },
  async (t) => {
    const user = await freshAccount(
      t,
      'find a password-change account whose profile password works',
      // none another rule of the run changes meanwhile (clarification M19)
      passwordChangeShares(t).rest,
      (candidate) => logsOn(t, candidate),
      'no account in messaging.passwordChangeAccounts logs on with its profile password',
    );
    const fresh = newPassword();
    t.redact.learn(fresh);
    const res = await t.rest.changePasswordWithoutKey(user, user.password, fresh);
    // whatever happened, put the profile password back for the next run
    t.onCleanup('restore the profile password', () => t.rest.changePasswordWithoutKey(user, fresh, user.password));
    expectSuccess(res, 'spec §4.3: Change password needs no session key');
    expectBody(await t.rest.logon({ ...user, password: fresh }), LogOnResponseSchema, 'a SessionKey for the new password');
    expectRefused(await t.rest.logon(user), 'the old password no longer logs on');
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.change-password.expired',
    spec: [
      { anchor: '§5/change-password-accepts-account-credentials', quote: 'works on an expired password' },
      { anchor: '§4.3/change-password', quote: 'works when the password has expired' },
    ],
    title: 'Change password works for a user whose password expired (rule 6), after which the new password logs on',
    needs: [iface('messaging-rest'), expiredPasswordAccounts],
  },
  async (t) => {
    // each run renews one account for good: it cannot be made to expire again through the API
    // an account renewed by an earlier run no longer logs on with its profile password
    const user = await freshAccount(
      t,
      'find an account whose log-on still says the password expired',
      t.profile.messaging.expiredPasswordAccounts ?? [],
      async (candidate) => ({ res: await t.rest.logon(candidate), fresh: (r) => documentedErrorText(r) === EXPIRED, usedUpText: INVALID }),
      'no account in messaging.expiredPasswordAccounts still has an expired password; add more',
    );
    const fresh = newPassword();
    t.redact.learn(fresh);
    expectSuccess(
      await t.rest.changePasswordWithoutKey(user, user.password, fresh),
      'spec §5 rule 6: Change password works on an expired password',
    );
    const { SessionKey } = expectBody(await t.rest.logon({ ...user, password: fresh }), LogOnResponseSchema, 'a SessionKey for the new password');
    await t.rest.logout({ sessionKey: SessionKey });
  },
);
