import { STATUS_RETRACTED } from '../../contract/message-status.js';
import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapSuccess } from '../../harness/soap-expect.js';
import { delivered, deliveredBoth } from './delivered.js';

/** spec §3.2 'Retract message' through the SOAP form (§4.4 RetractMessage), judged by REST listings of the same mailbox (clarification R1). */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.retract.recipient-keeps',
    spec: [
      { anchor: '§3.2/retract-message', quote: "but stays in a recipient's account until it expires or the recipient deletes it" },
      { anchor: '§4.4/RetractMessage', quote: 'RetractMessage | SessionKey, MID (int)' },
    ],
    operation: 'messaging-soap.RetractMessage',
    title: "RetractMessage by the sender succeeds and the recipient's copy stays in the recipient's account",
    needs,
  },
  async (t) => {
    const { primary, peer, mid, folders } = await delivered(t);
    const sender = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, primary.account));
    expectSoapSuccess(await t.soap.retract(sender.key, mid), 'RetractMessage');
    check((await peer.idsIn(folders.inbox)).includes(mid), `the recipient's copy of ${mid} left the Inbox after RetractMessage (spec §3.2: it stays).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.retract.sender-status',
    spec: [
      { anchor: '§3.2/retract-message', quote: "The message is retracted from recipients, but stays in a recipient's account until it expires or the recipient deletes it." },
      { anchor: '§3.1/Retracted', quote: 'Retracted | -2' },
      { anchor: '§3.2/retract-message', quote: 'The message is retracted from recipients', silence: 'retraction' },
      { anchor: '§4.4/RetractMessage', quote: 'RetractMessage | SessionKey, MID (int)' },
    ],
    operation: 'messaging-soap.RetractMessage',
    title: "RetractMessage retracts: afterwards the sender's copy is listed (through REST) with status Retracted (-2), and the recipient still has the message",
    needs,
  },
  async (t) => {
    const { primary, primarySoap, peer, mid } = await deliveredBoth(t);
    expectSoapSuccess(await t.soap.retract(primarySoap.key, mid), 'RetractMessage');
    // spec §3.1 names one status for a retracted message, the sender-only Retracted (-2) (clarification M13)
    const copies = await primary.copiesListed(mid);
    check(copies.length === 1, `after RetractMessage, primary's folders list ${copies.length} copies of message ${mid}, not one.`);
    check(copies[0]!.MessageStatus === STATUS_RETRACTED, `after RetractMessage, primary's copy of ${mid} is listed with MessageStatus ${copies[0]!.MessageStatus}; a retracted message is Retracted (-2) (spec §3.1), so the retraction did not take effect.`);
    check((await peer.locate(mid)).length === 1, `after RetractMessage, peer no longer has message ${mid} (spec §3.2: it stays in the recipient's account).`);
  },
);
