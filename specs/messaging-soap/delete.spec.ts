import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService, trashAdvancedByDelete } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult } from '../../harness/soap-expect.js';
import { delivered, deliveredBoth } from './delivered.js';

/**
 * spec §3.2 'Delete message' rows through the SOAP form (§4.4 DeleteMessage), judged by REST listings of the same mailbox (clarification R1).
 * §7.2 DeleteMessage texts.
 */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.delete.to-trash',
    spec: [
      { anchor: '§3.2/delete-message', quote: 'The message moves to a Trash folder' },
      { anchor: '§4.4/DeleteMessage', quote: 'DeleteMessage | SessionKey, FolderType (int), MID (int), PermanentlyDelete (boolean) | DeleteMessageResult' },
    ],
    operation: 'messaging-soap.DeleteMessage',
    title: "DeleteMessage with PermanentlyDelete false moves the recipient's copy out of the Inbox into a Trash folder (read through REST), whoever advances the trash later",
    needs,
  },
  async (t) => {
    const { peer, peerSoap, mid } = await deliveredBoth(t);
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

rule(
  {
    ...base,
    id: 'messaging-soap.delete.trash-sequence',
    spec: [
      { anchor: '§3.2/delete-message', quote: 'The message moves to a Trash folder, then to a Deleted Trash folder, then is permanently purged.' },
      { anchor: '§3.2/delete-message', quote: 'The server controls the trash mechanism.', silence: 'trash-mechanism' },
      { anchor: '§4.4/DeleteMessage', quote: 'DeleteMessage | SessionKey, FolderType (int), MID (int), PermanentlyDelete (boolean) | DeleteMessageResult' },
    ],
    operation: 'messaging-soap.DeleteMessage',
    title: 'DeleteMessage answers DeleteMessageResult and moves the copy to Trash, a second one to Deleted Trash, a third purges it',
    needs: [...needs, trashAdvancedByDelete],
  },
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
  {
    ...base,
    id: 'messaging-soap.delete.permanent',
    spec: [
      { anchor: '§3.2/delete-message-permanent-delete-flag-true', quote: 'Permanent deletion (the flag exists on the SOAP form and in the REST client call)' },
      { anchor: '§3.2/delete-message', quote: "Only the current user's copy is removed; other users' copies stay." },
      { anchor: '§4.4/DeleteMessage', quote: 'DeleteMessage | SessionKey, FolderType (int), MID (int), PermanentlyDelete (boolean) | DeleteMessageResult' },
    ],
    operation: 'messaging-soap.DeleteMessage',
    title: "PermanentlyDelete true removes the user's copy at once; the sender's copy stays",
    needs,
  },
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
  {
    ...base,
    id: 'messaging-soap.delete.not-deletable',
    spec: [
      { anchor: '§7.2/message-could-not-deleted', quote: 'Message could not be deleted | No permission, or already deleted from the system' },
      { anchor: '§4.4/DeleteMessage', quote: 'DeleteMessage | SessionKey, FolderType (int), MID (int), PermanentlyDelete (boolean) | DeleteMessageResult' },
    ],
    operation: 'messaging-soap.DeleteMessage',
    title: 'DeleteMessage of a message the user has no copy of is a Fault with "Message could not be deleted", and the copies stay',
    needs: [...needs, account('outsider')],
  },
  async (t) => {
    const { peer, mid, folders } = await delivered(t);
    const outsider = await t.given('log on as outsider (SOAP)', () => SoapSession.open(t, 'outsider'));
    expectSoapFault(await t.soap.deleteMessage(outsider.key, 0, mid, false), TEXT.messageNotDeleted);
    check((await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} left peer's Inbox after an outsider's refused delete.`);
  },
);
