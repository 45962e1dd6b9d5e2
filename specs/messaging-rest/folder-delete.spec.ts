import { check, expectRefused, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.3 'Delete a folder', §8 'custom folders only', §3.2 'Delete folder'. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.DeleteFolder', level: 'must' } as const;

rule(
  { ...base, id: 'messaging-rest.folder.delete', section: '§4.3', title: 'Delete a folder removes a custom folder from the folder list', needs: [iface('messaging-rest'), account('primary')] },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const folder = await t.given('create a custom folder', () => primary.createFolder(0));
    expectSuccess(await t.rest.deleteFolder(primary.auth, folder), 'Delete a folder (spec §4.3: string response)');
    check(!(await primary.folders()).some((f) => f.FolderId === folder), `GET /Folder/List: the deleted folder ${folder} is still listed.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.folder.system-undeletable',
    section: '§8',
    title: 'a system folder (Inbox, Outbox/Track Sent, Drafts, Trash, Deleted Trash) cannot be deleted: the delete is refused (4xx) and the folder stays',
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const system = await t.given('find the system folders', () => primary.systemFolders());
    const ids = [system.inbox, system.outbox, system.drafts, ...system.trash, ...system.deletedTrash];
    for (const id of ids) expectRefused(await t.rest.deleteFolder(primary.auth, id), `spec §8: folder ${id} is a system folder; only custom folders can be deleted`);
    const listed = new Set((await primary.folders()).map((f) => f.FolderId));
    check(ids.every((id) => listed.has(id)), `GET /Folder/List: system folders ${ids.filter((id) => !listed.has(id)).join(', ')} are gone after refused deletes.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.folder.delete-moves-to-parent',
    section: '§3.2',
    title: 'deleting a custom folder that holds messages moves them to the parent Inbox (inbox folders) or Outbox (outbox folders)',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const [received, sent] = await t.given('peer files it in a custom inbox folder, primary in a custom outbox folder', async () => {
      const inboxFolder = await peer.createFolder(0);
      const outboxFolder = await primary.createFolder(1);
      await peer.move(mid, inboxFolder);
      await primary.move(mid, outboxFolder);
      return [inboxFolder, outboxFolder];
    });
    const [peerSystem, primarySystem] = await t.given('find the system folders', () => Promise.all([peer.systemFolders(), primary.systemFolders()]));
    expectSuccess(await t.rest.deleteFolder(peer.auth, received), 'Delete a folder (inbox type, holding a message)');
    expectSuccess(await t.rest.deleteFolder(primary.auth, sent), 'Delete a folder (outbox type, holding a message)');
    check((await peer.idsIn(peerSystem.inbox)).includes(mid), `message ${mid} should be back in peer's Inbox after its inbox folder was deleted (spec §3.2); it is not.`);
    check((await primary.idsIn(primarySystem.outbox)).includes(mid), `message ${mid} should be back in primary's Outbox (Track Sent) after its outbox folder was deleted (spec §3.2); it is not.`);
  },
);
