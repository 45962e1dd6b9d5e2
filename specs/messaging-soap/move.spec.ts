import { check } from '../../harness/expect.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapResult, expectSoapSuccess } from '../../harness/soap-expect.js';
import { delivered } from './delivered.js';

/**
 * spec §3.2 'Move message' through the SOAP form (§4.4 MoveMessage; the library's Un-delete), judged by REST listings of the same mailbox (clarification R1).
 * §8 'Move: only within the same mailbox type'.
 */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.move.same-type',
    spec: [
      { anchor: '§3.2/move-message', quote: 'The message is placed in that folder.' },
      { anchor: '§8/Move', quote: 'only within the same mailbox type' },
      { anchor: '§4.4/MoveMessage', quote: 'MoveMessage | SessionKey, MID (int), DestFID (int)' },
    ],
    operation: 'messaging-soap.MoveMessage',
    title: 'MoveMessage of a received message to a custom inbox folder places it there and takes it out of the Inbox',
    needs,
  },
  async (t) => {
    const { peer, peerSoap, mid, folders } = await delivered(t);
    const fid = await t.given('peer creates an inbox folder (SOAP)', () => peerSoap.createFolder(0));
    expectSoapSuccess(await t.soap.move(peerSoap.key, mid, fid), 'MoveMessage');
    check((await peer.idsIn(fid)).includes(mid), `message ${mid} is not in folder ${fid} after MoveMessage.`);
    check(!(await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} is still in the Inbox after MoveMessage to ${fid}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.move.across-types-refused',
    spec: [
      { anchor: '§8/Move', quote: 'only within the same mailbox type' },
      { anchor: '§3.2/move-message', quote: 'Moves across types are not allowed.' },
      { anchor: '§4.4/MoveMessage', quote: 'MoveMessage | SessionKey, MID (int), DestFID (int)' },
    ],
    operation: 'messaging-soap.MoveMessage',
    title: 'MoveMessage of a received message into an outbox folder is a Fault and the message stays in the Inbox',
    needs,
  },
  async (t) => {
    const { peer, peerSoap, mid, folders } = await delivered(t);
    const fid = await t.given('peer creates an outbox folder (SOAP)', () => peerSoap.createFolder(1));
    expectSoapFault(await t.soap.move(peerSoap.key, mid, fid), undefined, 'spec §3.2, §8: moves only within the same mailbox type');
    check((await peer.idsIn(folders.inbox)).includes(mid), `message ${mid} left the Inbox although the move across types was refused.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.move.undelete',
    spec: [
      { anchor: '§4.4/library-only-operations-older-form', quote: 'Un-delete a message (input: MID; performs a move of a message deleted from the inbox, using the move operation)' },
      { anchor: '§4.4/MoveMessage', quote: 'MoveMessage | SessionKey, MID (int), DestFID (int)' },
    ],
    operation: 'messaging-soap.MoveMessage',
    title: 'un-delete: MoveMessage of a message deleted from the inbox back to the Inbox puts it there again',
    needs,
  },
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
