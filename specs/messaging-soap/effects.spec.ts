import { STATUS_RETRACTED } from '../../contract/message-status.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';

/**
 * The effect of a SOAP state change read back through another operation (issue 15 item 7,
 * clarification R1): REST and SOAP are one mailbox, so the REST listings show what a SOAP call did,
 * under every reading the trash-advance axis allows.
 */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

/** primary (REST and SOAP) sends peer (REST and SOAP) a message. */
async function delivered(t: RuleContext) {
  const [primary, primarySoap, peer, peerSoap] = await t.given('log on as primary and peer (REST and SOAP)', () =>
    Promise.all([MailSession.open(t, 'primary'), SoapSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
  );
  const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
  return { primary, primarySoap, peer, peerSoap, mid };
}

rule(
  {
    ...base,
    id: 'messaging-soap.retract.sender-status',
    section: '§3.2',
    operation: 'messaging-soap.RetractMessage',
    sentence: "Retract message | recipients have received it, read or unread | The message is retracted from recipients, but stays in a recipient's account until it expires or the recipient deletes it.",
    title: "RetractMessage retracts: afterwards the sender's copy is listed (through REST) with status Retracted (-2), and the recipient still has the message",
    needs,
  },
  async (t) => {
    const { primary, primarySoap, peer, mid } = await delivered(t);
    expectSoapSuccess(await t.soap.retract(primarySoap.key, mid), 'RetractMessage');
    // spec §3.1 names one status for a retracted message, the sender-only Retracted (-2) (clarification M13)
    const copies = await primary.copiesListed(mid);
    check(copies.length === 1, `after RetractMessage, primary's folders list ${copies.length} copies of message ${mid}, not one.`);
    check(copies[0]!.MessageStatus === STATUS_RETRACTED, `after RetractMessage, primary's copy of ${mid} is listed with MessageStatus ${copies[0]!.MessageStatus}; a retracted message is Retracted (-2) (spec §3.1), so the retraction did not take effect.`);
    check((await peer.locate(mid)).length === 1, `after RetractMessage, peer no longer has message ${mid} (spec §3.2: it stays in the recipient's account).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.delete.to-trash',
    section: '§3.2',
    operation: 'messaging-soap.DeleteMessage',
    sentence: 'Delete message | normal delete | The message moves to a Trash folder, then to a Deleted Trash folder, then is permanently purged.',
    title: "DeleteMessage with PermanentlyDelete false moves the recipient's copy out of the Inbox into a Trash folder (read through REST), whoever advances the trash later",
    needs,
  },
  async (t) => {
    const { peer, peerSoap, mid } = await delivered(t);
    const { trash } = await t.given("find peer's Trash", async () => {
      const found = await peer.systemFolders();
      check(found.trash.length > 0, "peer's folder list shows no Trash folder (spec §3.2; names: messaging.systemFolderNames).");
      return found;
    });
    expectSoapResult(await t.soap.deleteMessage(peerSoap.key, 0, mid, false), 'DeleteMessageResult');
    const at = await peer.locate(mid);
    check(at.length === 1 && trash.includes(at[0]!), `after DeleteMessage, message ${mid} should be in peer's Trash (spec §3.2); it is in ${at.length ? `folder(s) ${at.join(', ')}` : 'no folder'}.`);
  },
);
