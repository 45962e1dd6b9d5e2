import { check, expectRefused, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §3.2 'Move message', §8 'Move: only within the same mailbox type'. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.MoveMessage', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-rest.move.same-type',
    spec: [
      { anchor: '§3.2/move-message', quote: 'The message is placed in that folder.' },
      { anchor: '§8/Move', quote: 'only within the same mailbox type' },
      { anchor: '§4.3/move-message', quote: 'Move a message' },
      { anchor: '§2.3/MessageOperations', quote: 'MessageId (int), DestinationFolderId (int; used by move only)' },
    ],
    title: 'moving a received message to a custom inbox folder places it there and takes it out of the Inbox',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const folder = await t.given('peer creates a custom inbox folder', () => peer.createFolder(0));
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    expectSuccess(await t.rest.move(peer.auth, mid, folder), 'Move a message (spec §4.3: string response)');
    check((await peer.idsIn(folder)).includes(mid), `message ${mid} is not in the destination folder ${folder} after the move.`);
    check(!(await peer.idsIn(inbox)).includes(mid), `message ${mid} is still in the Inbox after it was moved to folder ${folder}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.move.across-types-refused',
    spec: [
      { anchor: '§3.2/move-message', quote: 'Moves across types are not allowed.' },
      { anchor: '§8/Move', quote: 'only within the same mailbox type' },
      { anchor: '§4.3/move-message', quote: 'Move a message' },
    ],
    title: 'moves across mailbox types are refused (4xx) and the message stays: a received message into an outbox folder, a sent one into an inbox folder',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const [peerOutboxFolder, primaryInboxFolder] = await t.given('create an outbox folder for peer and an inbox folder for primary', () =>
      Promise.all([peer.createFolder(1), primary.createFolder(0)]),
    );
    const [peerSystem, primarySystem] = await t.given('find the system folders', () => Promise.all([peer.systemFolders(), primary.systemFolders()]));
    expectRefused(await t.rest.move(peer.auth, mid, peerOutboxFolder), 'spec §3.2: a received (inbox) message cannot move into an outbox folder');
    expectRefused(await t.rest.move(primary.auth, mid, primaryInboxFolder), 'spec §3.2: a sent (outbox) message cannot move into an inbox folder');
    check((await peer.idsIn(peerSystem.inbox)).includes(mid), `message ${mid} left peer's Inbox although the move was refused.`);
    check((await primary.idsIn(primarySystem.outbox)).includes(mid), `message ${mid} left primary's Outbox although the move was refused.`);
  },
);
