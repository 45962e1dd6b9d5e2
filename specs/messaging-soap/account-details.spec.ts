import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapResult } from '../../harness/soap-expect.js';

/** spec §4.4 GetAccountDetails: a string child GetAccountDetailsResult (an XML document, B4). */
const base = { interface: 'messaging-soap', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'messaging-soap.account-details.xml-result',
    spec: [
      { anchor: '§4.4/GetAccountDetails', quote: 'GetAccountDetails | SessionKey (string) | GetAccountDetailsResult' },
      { anchor: '§4.4/success-http-200-whose-body', quote: 'a string child <OperationName>Result' },
    ],
    operation: 'messaging-soap.GetAccountDetails',
    title: 'GetAccountDetailsResult is an XML document in a string (B4; fields not shown, unknown elements allowed)',
    needs: [soapService, account('primary')],
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const a = await t.soap.details(me.key);
    expectInnerXml(a, expectSoapResult(a, 'GetAccountDetailsResult'), 'the account details');
  },
);
