import { MAIL_TEXT } from './texts.js';
import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, passwordChangeAccounts, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapFault, expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';

/** spec §4.4 Logon, GetAccountDetails, ChangePassword, Logout; §5 rule 4; §7.2 Login. */
const base = { interface: 'messaging-soap', level: 'must' } as const;

rule(
  { ...base, id: 'messaging-soap.logon.session-key', section: '§4.4', operation: ['messaging-soap.Logon', 'messaging-soap.GetAccountDetails'], title: 'Logon answers LogonResult with a session key that GetAccountDetails accepts', needs: [soapService, account('primary')] },
  async (t) => {
    const key = expectSoapResult(await t.soap.logon(t.account('primary')), 'LogonResult: session key string').trim();
    t.onCleanup('log out', () => t.soap.logout(key));
    expectSoapResult(await t.soap.details(key), 'GetAccountDetailsResult with the new key');
  },
);

rule(
  { ...base, id: 'messaging-soap.logon.invalid-credentials', section: '§7.2', operation: 'messaging-soap.Logon', title: 'Logon with an unknown user id gets a SOAP Fault (HTTP 500) whose faultstring is "User credentials are invalid."', needs: [soapService] },
  async (t) => {
    // an unknown user, so no real account creeps towards lockout
    expectSoapFault(await t.soap.logon({ username: `${t.prefix}-nobody@unknown.invalid`, password: 'not-a-password' }), MAIL_TEXT.invalidCredentials);
  },
);

rule(
  { ...base, id: 'messaging-soap.account-details.xml-result', section: '§4.4', operation: 'messaging-soap.GetAccountDetails', title: 'GetAccountDetailsResult is an XML document in a string (B4; fields not shown, unknown elements allowed)', needs: [soapService, account('primary')] },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const a = await t.soap.details(me.key);
    expectInnerXml(a, expectSoapResult(a, 'GetAccountDetailsResult'), 'the account details');
  },
);

rule(
  { ...base, id: 'messaging-soap.session.unknown-key-refused', section: '§5', operation: 'messaging-soap.GetFolderList', title: 'GetFolderList with a session key the server never issued, or none, is a SOAP Fault and lists no folders', needs: [soapService] },
  async (t) => {
    expectSoapFault(await t.soap.folderList(`${t.prefix}0123456789ABCDEF`), undefined, 'spec §5 rule 4: log on first');
    expectSoapFault(await t.soap.folderList(''), undefined, 'spec §5 rule 4: log on first');
  },
);

rule(
  { ...base, id: 'messaging-soap.logout.invalidates-key', section: '§4.4', operation: 'messaging-soap.Logout', title: 'after Logout the session key is refused with a SOAP Fault (spec §4.3: later calls with it are invalid)', needs: [soapService, account('primary')] },
  async (t) => {
    const key = await t.given('log on as primary (SOAP)', async () => expectSoapResult(await t.soap.logon(t.account('primary')), 'a session key').trim());
    await t.given('the key works before Logout (SOAP GetFolderList)', async () => expectSoapResult(await t.soap.folderList(key), 'the folder list before Logout'));
    expectSoapSuccess(await t.soap.logout(key), 'Logout');
    expectSoapFault(await t.soap.folderList(key), undefined, 'spec §4.3 Log out: invalidates the session key');
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.change-password.email-without-key',
    section: '§2.3',
    operation: ['messaging-soap.ChangePassword', 'messaging-soap.Logon'],
    title: 'ChangePassword names the user by EmailAddr with no session key; afterwards Logon takes the new password and refuses the old one',
    needs: [soapService, passwordChangeAccounts],
  },
  async (t) => {
    const pool = t.profile.messaging.passwordChangeAccounts!;
    const who = pool[(t.run.settings.seed + 1) % pool.length]!;
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
