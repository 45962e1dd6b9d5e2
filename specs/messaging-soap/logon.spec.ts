import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult } from '../../harness/soap-expect.js';

/** spec §4.4 Logon; §7.2 Login texts. */
const base = { interface: 'messaging-soap', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-soap.logon.session-key',
    spec: [
      { anchor: '§4.4/Logon', quote: 'LogonResult: session key string' },
      { anchor: '§4.4/GetAccountDetails', quote: 'GetAccountDetails | SessionKey (string)' },
      { anchor: '§5/messaging-interface-authenticates-session-key', quote: 'in a SessionKey element (SOAP)' },
    ],
    operation: ['messaging-soap.Logon', 'messaging-soap.GetAccountDetails'],
    title: 'Logon answers LogonResult with a session key that GetAccountDetails accepts',
    needs: [soapService, account('primary')],
  },
  async (t) => {
    const key = expectSoapResult(await t.soap.logon(t.account('primary')), 'LogonResult: session key string').trim();
    t.onCleanup('log out', () => t.soap.logout(key));
    expectSoapResult(await t.soap.details(key), 'GetAccountDetailsResult with the new key');
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.logon.invalid-credentials',
    spec: [
      { anchor: '§7.2/user-credentials-invalid', quote: 'User credentials are invalid. | Incorrect user id or password' },
      { anchor: '§4.4/Logon', quote: 'Logon | UserIDorEmail (string), Password (string)' },
    ],
    operation: 'messaging-soap.Logon',
    title: 'Logon with an unknown user id gets a SOAP Fault (HTTP 500) whose faultstring is "User credentials are invalid."',
    needs: [soapService],
  },
  async (t) => {
    // an unknown user, so no real account creeps towards lockout
    expectSoapFault(await t.soap.logon({ username: t.wrong('UserIdOrEmail', `${t.prefix}-nobody@unknown.invalid`), password: t.wrong('Password') }), TEXT.invalidCredentials);
  },
);
