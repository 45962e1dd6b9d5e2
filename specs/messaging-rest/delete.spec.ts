import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { check, expectDocumentedError, expectRefused, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface, trashAdvancedByDelete } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §3.2 'Delete message' rows (the trash sequence, own copy only, the permanent flag), §4.3 'Delete a message', §7.2 DeleteMessage. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.DeleteMessage', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];

async function received(t: RuleContext) {
  const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
  const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
  const [peerSystem, primarySystem] = await t.given('find the system folders', async () => {
    const found = await Promise.all([peer.systemFolders(), primary.systemFolders()]);
    check(found[0].trash.length > 0 && found[0].deletedTrash.length > 0, "peer's folder list shows no Trash or no Deleted Trash folder (spec §3.2; names: messaging.systemFolderNames).");
    return found;
  });
  /** whether the message is in any of the folders */
  const inAny = async (who: MailSession, folders: number[], mid: number) => {
    for (const f of folders) if ((await who.idsIn(f)).includes(mid)) return true;
    return false;
  };
  return { primary, peer, mid, peerSystem, primarySystem, inAny };
}

rule(
  {
    ...base,
    id: 'messaging-rest.delete.to-trash',
    spec: [
      { anchor: '§3.2/delete-message', quote: 'The message moves to a Trash folder' },
      { anchor: '§4.3/delete-message', quote: 'Delete a message' },
    ],
    title: 'a normal delete moves the message out of the Inbox into a Trash folder',
    needs,
  },
  async (t) => {
    const { peer, mid, peerSystem, inAny } = await received(t);
    expectSuccess(await t.rest.deleteMessage(peer.auth, mid), 'Delete a message');
    check(await inAny(peer, peerSystem.trash, mid), `message ${mid} is not in peer's Trash after a normal delete (spec §3.2).`);
    check(!(await peer.idsIn(peerSystem.inbox)).includes(mid), `message ${mid} is still in peer's Inbox after a delete.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.trash-sequence',
    spec: [
      { anchor: '§3.2/delete-message', quote: 'The message moves to a Trash folder, then to a Deleted Trash folder, then is permanently purged.' },
      { anchor: '§3.2/delete-message', quote: 'The server controls the trash mechanism.', silence: 'trash-mechanism' },
      { anchor: '§4.3/delete-message', quote: 'Delete a message' },
    ],
    title: 'deleting again moves the message from Trash to Deleted Trash, and once more purges it for good',
    needs: [...needs, trashAdvancedByDelete],
  },
  async (t) => {
    const { peer, mid, peerSystem, inAny } = await received(t);
    await t.given('peer deletes it once (into Trash)', async () => {
      expectSuccess(await t.rest.deleteMessage(peer.auth, mid), 'first delete');
      check(await inAny(peer, peerSystem.trash, mid), `message ${mid} did not reach Trash`);
    });
    expectSuccess(await t.rest.deleteMessage(peer.auth, mid), 'the delete from Trash');
    check(await inAny(peer, peerSystem.deletedTrash, mid), `message ${mid} is not in Deleted Trash after it was deleted from Trash (spec §3.2: Trash, then Deleted Trash).`);
    check(!(await inAny(peer, peerSystem.trash, mid)), `message ${mid} is still in Trash after it was deleted from there.`);
    expectSuccess(await t.rest.deleteMessage(peer.auth, mid), 'the delete from Deleted Trash');
    check(!(await inAny(peer, [...peerSystem.trash, ...peerSystem.deletedTrash, peerSystem.inbox], mid)), `message ${mid} is still in one of peer's folders after the delete from Deleted Trash (spec §3.2: then purged).`);
    expectRefused(await t.rest.getMessage(peer.auth, mid), `spec §3.2: the purged message ${mid} is no longer peer's to read`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.own-copy-only',
    spec: [
      { anchor: '§3.2/delete-message', quote: "Only the current user's copy is removed; other users' copies stay." },
      { anchor: '§4.3/delete-message', quote: 'Delete a message' },
    ],
    title: "a delete removes only the deleting user's copy: the other user's copy stays where it was",
    needs,
  },
  async (t) => {
    const { primary, peer, mid, peerSystem, primarySystem, inAny } = await received(t);
    expectSuccess(await t.rest.deleteMessage(peer.auth, mid), "the recipient's delete");
    check((await primary.idsIn(primarySystem.outbox)).includes(mid), `after peer deleted message ${mid}, primary's copy is gone from the Outbox (spec §3.2: other users' copies stay).`);
    expectSuccess(await t.rest.deleteMessage(primary.auth, mid), "the sender's delete");
    check(await inAny(peer, peerSystem.trash, mid), `after primary deleted message ${mid}, peer's copy is no longer where peer left it (Trash).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.permanent',
    spec: [
      { anchor: '§3.2/delete-message-permanent-delete-flag-true', quote: 'Permanent deletion (the flag exists on the SOAP form and in the REST client call)' },
      { anchor: '§4.3/delete-message', quote: 'permanent-delete flag (boolean)' },
    ],
    title: 'a delete with the permanent-delete flag purges the message at once: in no folder, Trash included, and no longer readable',
    needs,
  },
  async (t) => {
    const { peer, mid, peerSystem, inAny } = await received(t);
    expectSuccess(await t.rest.deleteMessage(peer.auth, mid, true), 'Delete a message with Permanently=true');
    check(!(await inAny(peer, [peerSystem.inbox, ...peerSystem.trash, ...peerSystem.deletedTrash], mid)), `message ${mid} is still in one of peer's folders after a permanent delete (spec §3.2).`);
    expectRefused(await t.rest.getMessage(peer.auth, mid), `spec §3.2: the permanently deleted message ${mid} is no longer peer's to read`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.already-deleted',
    spec: [
      { anchor: '§7.2/message-could-not-deleted', quote: 'Message could not be deleted | No permission, or already deleted from the system' },
      { anchor: '§4.3/delete-message', quote: 'Delete a message' },
    ],
    operation: 'messaging-rest.DeleteMessage',
    title: 'deleting a message already deleted from the system is refused with "Message could not be deleted"',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    await t.given('peer deletes it permanently', async () => expectSuccess(await t.rest.deleteMessage(peer.auth, mid, true), 'permanent delete'));
    expectDocumentedError(await t.rest.deleteMessage(peer.auth, mid), TEXT.messageNotDeleted);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.delete.outsider-refused',
    spec: [
      { anchor: '§7.2/message-could-not-deleted', quote: 'Message could not be deleted | No permission, or already deleted from the system' },
      { anchor: '§5/access-message-mid-limited-sender', quote: 'Access to a message by MID is limited to its sender and recipients' },
      { anchor: '§4.3/delete-message', quote: 'Delete a message' },
    ],
    operation: 'messaging-rest.DeleteMessage',
    title: 'Delete by a user without permission is refused with "Message could not be deleted", and every copy stays',
    needs: [...needs, account('outsider')],
  },
  async (t) => {
    const [primary, peer, outsider] = await t.given('log on as primary, peer and outsider', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), MailSession.open(t, 'outsider')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const [peerSystem, primarySystem] = await t.given('find the system folders', () => Promise.all([peer.systemFolders(), primary.systemFolders()]));
    expectDocumentedError(await t.rest.deleteMessage(outsider.auth, mid), TEXT.messageNotDeleted);
    check((await peer.idsIn(peerSystem.inbox)).includes(mid) && (await primary.idsIn(primarySystem.outbox)).includes(mid),
      `message ${mid} should still be in peer's Inbox and primary's Outbox after the outsider's refused delete.`);
  },
);
