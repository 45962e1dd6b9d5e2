import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';

/** spec §4.4 Logout; §5 rule 4 and §4.3 'Log out': logout invalidates the key. */
const base = { interface: 'messaging-soap', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-soap.logout.invalidates-key',
    spec: [
      { anchor: '§4.4/Logout', quote: 'Logout | SessionKey' },
      { anchor: '§5/logout-invalidates-key', quote: 'Logout invalidates the key.' },
      { anchor: '§4.3/log-out', quote: 'later calls with it are invalid' },
    ],
    operation: 'messaging-soap.Logout',
    title: 'after Logout the session key is refused with a SOAP Fault (spec §4.3: later calls with it are invalid)',
    needs: [soapService, account('primary')],
  },
  async (t) => {
    const key = await t.given('log on as primary (SOAP)', async () => expectSoapResult(await t.soap.logon(t.account('primary')), 'a session key').trim());
    await t.given('the key works before Logout (SOAP GetFolderList)', async () => expectSoapResult(await t.soap.folderList(key), 'the folder list before Logout'));
    expectSoapSuccess(await t.soap.logout(key), 'Logout');
    expectSoapFault(await t.soap.folderList(key), undefined, 'spec §4.3 Log out: invalidates the session key');
  },
);
