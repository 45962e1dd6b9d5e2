import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { check, expectDocumentedError, expectRefused, expectSuccess } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { answeredFolderId, createdFolderId } from '../../harness/fixtures/mail-folders.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectNoneMade, removeIfCreated } from './folders.js';

/**
 * spec §4.3 'List all folders', 'Create a new folder', 'Delete a folder'; §8 folder type limits
 * and 'custom folders only'; §3.2 'Delete folder'; §7.2 CreateFolder texts. The §8 folder name
 * rules (length, duplicates, also over generated names) are in folder-names.spec.ts.
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const create = { ...base, operation: 'messaging-rest.CreateFolder' as const, needs: [iface('messaging-rest'), account('primary')] };
const remove = { ...base, operation: 'messaging-rest.DeleteFolder' } as const;
const TYPE_INVALID = TEXT.folderTypeInvalid;

rule(
  {
    id: 'messaging-rest.folder.list-statistics',
    spec: [
      { anchor: '§4.3/list-all-folders', quote: "user's folders with statistics" },
    ],
    ...base,
    operation: 'messaging-rest.ListFolders',
    title: "List all folders shows the user's folders with statistics: a custom folder holding two messages reports TotalMessages 2",
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const folder = await t.given('peer files two messages from primary in a custom folder', async () => {
      const id = await peer.createFolder(0);
      for (const mid of [await primary.send([peer]), await primary.send([peer])]) await peer.move(mid, id);
      return id;
    });
    const listed = (await peer.folders()).find((f) => f.FolderId === folder);
    check(listed, `GET /Folder/List: peer's folder ${folder} is not listed.`);
    // statistics: spec §4.3 'with statistics'; field name TotalMessages from vendor-wire §1.2 (B3)
    check(listed.TotalMessages === 2, `GET /Folder/List: folder ${folder} holds 2 messages, so its statistics should say TotalMessages 2; they say ${JSON.stringify(listed.TotalMessages)}.`);
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.create',
    spec: [
      { anchor: '§4.3/create-new-folder', quote: 'Create a new folder' },
      { anchor: '§2.3/folder-create', quote: 'FolderType (int: 0 = inbox, 1 = outbox)' },
      { anchor: '§4.3/create-new-folder', quote: 'string response (folder creation result)', silence: 'folder-create-response' },
      { anchor: '§2.3/folder-id', quote: 'FolderId (REST) or FID (SOAP), int' },
    ],
    title: 'Create a new folder succeeds, and the folder list shows one new folder with the name and type given (0 inbox, 1 outbox), whose FolderId is the one answered, if any',
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    for (const type of [0, 1] as const) {
      const name = primary.folderName();
      const res = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: type });
      await removeIfCreated(primary, res, name);
      // spec §4.3: 'string response (folder creation result)'; `{FolderId}` is one reading (M15)
      const FolderId = await createdFolderId(primary, res, name);
      const named = (await primary.folders()).filter((f) => f.FolderName === name);
      check(named.length === 1 && named[0]!.FolderId === FolderId,
        `GET /Folder/List: after creating "${name}" (answered FolderId ${answeredFolderId(res) ?? 'none'}) the list should show one folder of that name with id ${FolderId}; it shows ${JSON.stringify(named.map((f) => f.FolderId))}.`);
      const listed = named[0]!;
      check(listed.FolderName === name && listed.FolderType === type,
        `GET /Folder/List: folder ${FolderId} should be listed as "${name}" of type ${type}; it is "${listed.FolderName}" of type ${listed.FolderType}.`);
    }
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.type-0-or-1',
    spec: [
      { anchor: '§8/folder-type', quote: '0 (inbox) or 1 (outbox) only' },
      { anchor: '§7.2/folder-could-not-created-folder-type', quote: 'Folder could not be created. The Folder Type and Folder Name is invalid | Folder type is not 0 or 1' },
      { anchor: '§2.3/folder-create', quote: 'FolderType (int: 0 = inbox, 1 = outbox)' },
    ],
    title: `a FolderType other than 0 or 1 (2, -1, 99) is refused with "${TYPE_INVALID}"`,
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    for (const type of [2, -1, 99]) {
      const name = primary.folderName();
      const res = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: type });
      await removeIfCreated(primary, res, name);
      expectDocumentedError(res, TYPE_INVALID);
      await expectNoneMade(primary, name);
    }
  },
);

rule(
  {
    ...remove,
    id: 'messaging-rest.folder.delete',
    spec: [
      { anchor: '§4.3/delete-folder', quote: 'Delete a folder | folder id | string response' },
    ],
    title: 'Delete a folder removes a custom folder from the folder list',
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const folder = await t.given('create a custom folder', () => primary.createFolder(0));
    expectSuccess(await t.rest.deleteFolder(primary.auth, folder), 'Delete a folder (spec §4.3: string response)');
    check(!(await primary.folders()).some((f) => f.FolderId === folder), `GET /Folder/List: the deleted folder ${folder} is still listed.`);
  },
);

rule(
  {
    ...remove,
    id: 'messaging-rest.folder.system-undeletable',
    spec: [
      { anchor: '§8/delete-folder', quote: 'custom folders only' },
      { anchor: '§4.3/delete-folder', quote: 'Only custom folders can be deleted.' },
    ],
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
    ...remove,
    id: 'messaging-rest.folder.delete-moves-to-parent',
    spec: [
      { anchor: '§3.2/delete-folder', quote: 'The messages move to the parent Inbox or Outbox folder.' },
      { anchor: '§4.3/delete-folder', quote: 'Delete a folder' },
    ],
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
