import { check } from '../../harness/expect.js';
import { passwordChangeAccounts, soapService } from '../../harness/needs.js';
import { passwordChangeShares } from '../../harness/fixtures/password-change-accounts.js';
import { rule } from '../../harness/rule.js';
import { expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';

/** spec §4.4 ChangePassword (§2.3: the SOAP form also has EmailAddr); §5 rule 6: no session key. */
const base = { interface: 'messaging-soap', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-soap.change-password.email-without-key',
    spec: [
      { anchor: '§2.3/ChangePassword', quote: 'SOAP form also EmailAddr (string)' },
      { anchor: '§4.4/ChangePassword', quote: 'ChangePassword | EmailAddr, NewPassword, OldPassword (strings)' },
      { anchor: '§5/change-password-accepts-account-credentials', quote: 'Change password accepts account credentials, without a session key' },
    ],
    operation: ['messaging-soap.ChangePassword', 'messaging-soap.Logon'],
    title: 'ChangePassword names the user by EmailAddr with no session key; afterwards Logon takes the new password and refuses the old one',
    needs: [soapService, passwordChangeAccounts],
  },
  async (t) => {
    const who = passwordChangeShares(t).soap!;
    const next = `${who.password}-S1`;
    t.redact.learn(next);
    expectSoapSuccess(await t.soap.changePassword(who.email, who.password, next), 'ChangePassword (EmailAddr, NewPassword, OldPassword)');
    t.onCleanup('change the password back', () => t.soap.changePassword(who.email, next, who.password));
    const withNew = await t.soap.logon(who, next);
    const key = expectSoapResult(withNew, 'a session key for the new password').trim();
    t.onCleanup('log out', () => t.soap.logout(key));
    const withOld = await t.soap.logon(who);
    check(withOld.fault !== undefined, `SOAP Logon with the old password of ${who.username} still succeeded after ChangePassword.`);
  },
);
