import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { boolOf, expectInnerXml, expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';

/** spec §4.4 GetInTransit and SetInTransit. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.in-transit.round-trip',
    spec: [
      { anchor: '§4.4/GetInTransit', quote: 'GetInTransitResult: the InTransit state of the message' },
      { anchor: '§4.4/SetInTransit', quote: 'SetInTransit | SessionKey, FolderType (int), MID (int), InTransitValue (boolean)' },
    ],
    operation: ['messaging-soap.GetInTransit', 'messaging-soap.SetInTransit'],
    title: 'GetInTransit answers the InTransitValue that SetInTransit last set on the copy, true and then false',
    needs,
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    for (const value of [true, false]) {
      expectSoapSuccess(await t.soap.setInTransit(peerSoap.key, 0, mid, value), `SetInTransit ${value}`);
      const a = await t.soap.getInTransit(peerSoap.key, 0, mid);
      const said = boolOf(a, expectInnerXml(a, expectSoapResult(a, 'GetInTransitResult'), 'the InTransit state'), 'Value', 'the InTransit state');
      check(said === value, `GetInTransit of ${mid} says ${said} after SetInTransit ${value}.`);
    }
  },
);
