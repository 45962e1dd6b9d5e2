import { MAIL_TEXT } from './texts.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService, trashAdvancedByDelete } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';

/** spec §3.2 move, delete, retract through the SOAP form (§4.4), judged by REST listings of the same mailbox. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

/** primary (REST) sends peer a message; peer is logged on through both forms. */
async function delivered(t: Parameters<Parameters<typeof rule>[1]>[0]) {
  const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
    Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
  );
  const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
  const folders = await t.given("find peer's system folders", () => peer.systemFolders());
  return { primary, peer, peerSoap, mid, folders };
}

rule(
  { ...base, id: 'messaging-soap.move.same-type', section: '§3.2', operation: 'messaging-soap.MoveMessage', title: 'MoveMessage of a received message to a custom inbox folder places it there and takes it out of the Inbox', needs },
  async (t) => {
    const { peer, peerSoap, mid, folders } = await delivered(t);
    const fid = await t.given('peer creates an inbox folder (SOAP)', () => peerSoap.createFolder(0));
    expectSoapSuccess(await t.soap.move(peerSoap.key, mid, fid), 'MoveMessage');
    check((await peer.idsIn(fid)).includes(mid), `message ${mid} is not in folder ${fid} after MoveMessage.`);
    check(!(await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} is still in the Inbox after MoveMessage to ${fid}.`);
  },
);

rule(
  { ...base, id: 'messaging-soap.move.across-types-refused', section: '§8', operation: 'messaging-soap.MoveMessage', title: 'MoveMessage of a received message into an outbox folder is a Fault and the message stays in the Inbox', needs },
  async (t) => {
    const { peer, peerSoap, mid, folders } = await delivered(t);
    const fid = await t.given('peer creates an outbox folder (SOAP)', () => peerSoap.createFolder(1));
    expectSoapFault(await t.soap.move(peerSoap.key, mid, fid), undefined, 'spec §3.2, §8: moves only within the same mailbox type');
    check((await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} left the Inbox although the move across types was refused.`);
  },
);

rule(
  { ...base, id: 'messaging-soap.move.undelete', section: '§4.4', operation: 'messaging-soap.MoveMessage', title: 'un-delete: MoveMessage of a message deleted from the inbox back to the Inbox puts it there again', needs },
  async (t) => {
    const { peer, peerSoap, mid, folders } = await delivered(t);
    await t.given('peer deletes the message from the Inbox (SOAP DeleteMessage)', async () => {
      expectSoapResult(await t.soap.deleteMessage(peerSoap.key, 0, mid, false), 'DeleteMessageResult');
      check(!(await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} is still in the Inbox after DeleteMessage.`);
    });
    expectSoapSuccess(await t.soap.move(peerSoap.key, mid, folders.inbox), 'MoveMessage back to the Inbox (spec §4.4 Un-delete)');
    check((await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} is not back in the Inbox after the un-delete move.`);
  },
);

rule(
  { ...base, id: 'messaging-soap.delete.trash-sequence', section: '§3.2', operation: 'messaging-soap.DeleteMessage', title: 'DeleteMessage answers DeleteMessageResult and moves the copy to Trash, a second one to Deleted Trash, a third purges it', needs: [...needs, trashAdvancedByDelete] },
  async (t) => {
    const { peer, peerSoap, mid, folders } = await delivered(t);
    const stages: Array<[string, number[]]> = [['Trash', folders.trash], ['Deleted Trash', folders.deletedTrash], ['nowhere (purged)', []]];
    for (const [name, expected] of stages) {
      expectSoapResult(await t.soap.deleteMessage(peerSoap.key, 0, mid, false), 'DeleteMessageResult');
      const at = await peer.locate(mid);
      const ok = expected.length === 0 ? at.length === 0 : at.length === 1 && expected.includes(at[0]!);
      check(ok, `after DeleteMessage, message ${mid} should be in ${name} (spec §3.2); it is in ${at.length ? `folder(s) ${at.join(', ')}` : 'no folder'}.`);
    }
  },
);

rule(
  { ...base, id: 'messaging-soap.delete.permanent', section: '§3.2', operation: 'messaging-soap.DeleteMessage', title: "PermanentlyDelete true removes the user's copy at once; the sender's copy stays", needs },
  async (t) => {
    const { primary, peer, peerSoap, mid } = await delivered(t);
    const { outbox } = await t.given("find primary's sent-items folder", () => primary.systemFolders());
    expectSoapResult(await t.soap.deleteMessage(peerSoap.key, 0, mid, true), 'DeleteMessageResult');
    const at = await peer.locate(mid);
    check(at.length === 0, `message ${mid} is still in peer's folder(s) ${at.join(', ')} after a permanent DeleteMessage.`);
    check((await primary.idsIn(outbox)).includes(mid), `the sender's copy of ${mid} is gone after the recipient's delete (spec §3.2: other users' copies stay).`);
  },
);

rule(
  { ...base, id: 'messaging-soap.delete.not-deletable', section: '§7.2', operation: 'messaging-soap.DeleteMessage', title: 'DeleteMessage of a message the user has no copy of is a Fault with "Message could not be deleted", and the copies stay', needs: [...needs, account('outsider')] },
  async (t) => {
    const { peer, mid, folders } = await delivered(t);
    const outsider = await t.given('log on as outsider (SOAP)', () => SoapSession.open(t, 'outsider'));
    expectSoapFault(await t.soap.deleteMessage(outsider.key, 0, mid, false), MAIL_TEXT.messageNotDeleted);
    check((await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} left peer's Inbox after an outsider's refused delete.`);
  },
);

rule(
  { ...base, id: 'messaging-soap.retract.recipient-keeps', section: '§3.2', operation: 'messaging-soap.RetractMessage', title: "RetractMessage by the sender succeeds and the recipient's copy stays in the recipient's account", needs },
  async (t) => {
    const { primary, peer, mid, folders } = await delivered(t);
    const sender = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, primary.account));
    expectSoapSuccess(await t.soap.retract(sender.key, mid), 'RetractMessage');
    check((await peer.idsIn(folders.inbox)).includes(mid), `the recipient's copy of ${mid} left the Inbox after RetractMessage (spec §3.2: it stays).`);
  },
);
