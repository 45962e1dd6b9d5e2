import { soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault } from '../../harness/soap-expect.js';

/** spec §5 rule 4: log on must come before any other function (SessionKey element, SOAP). */
const base = { interface: 'messaging-soap', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-soap.session.unknown-key-refused',
    spec: [
      { anchor: '§5/log-must-come-before-any', quote: 'Log on must come before any other function, except change password.' },
      { anchor: '§5/messaging-interface-authenticates-session-key', quote: 'in a SessionKey element (SOAP)' },
      { anchor: '§4.4/GetFolderList', quote: 'GetFolderList | SessionKey' },
    ],
    operation: 'messaging-soap.GetFolderList',
    title: 'GetFolderList with a session key the server never issued, or none, is a SOAP Fault and lists no folders',
    needs: [soapService],
  },
  async (t) => {
    expectSoapFault(await t.soap.folderList(`${t.prefix}0123456789ABCDEF`), undefined, 'spec §5 rule 4: log on first');
    expectSoapFault(await t.soap.folderList(''), undefined, 'spec §5 rule 4: log on first');
  },
);
