import fc from 'fast-check';
import { check, expectDocumentedError } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { createdFolderId, folderMadeAnyway } from '../../harness/fixtures/mail-folders.js';
import type { HttpResponse } from '../../harness/http.js';
import { account, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { acceptedFolderName, tooLongFolderName } from '../../generators/folder-name.js';

/** spec §8 folder name limits and §7.2 CreateFolder texts, over generated names (properties). */
const base = { interface: 'messaging-rest' as const, operation: 'messaging-rest.CreateFolder' as const, level: 'must' as const };

/** Deletes a folder the create made, at once (a property makes many) and again after the test. */
async function removeNow(session: MailSession, res: HttpResponse, name: string): Promise<void> {
  const id = await folderMadeAnyway(session, res, name);
  if (id === undefined) return;
  session.removeFolderAfter(id);
  await session.rest.deleteFolder(session.auth, id);
}

/** Short names cannot carry the run tag: skip one the user already has (in any case). */
async function free(session: MailSession, name: string): Promise<boolean> {
  if (name.startsWith(session.tag)) return true;
  return !(await session.folders()).some((f) => f.FolderName.normalize('NFC').toLowerCase() === name.normalize('NFC').toLowerCase());
}

rule(
  {
    ...base,
    id: 'messaging-rest.folder.name-any-1-65',
    section: '§8',
    title: 'any folder name of 1 to 65 characters (Unicode letters and symbols included) is accepted and listed under that name',
    needs: [iface('messaging-rest'), account('peer')],
  },
  async (t) => {
    const peer = await t.given('log on as peer', () => MailSession.open(t, 'peer'));
    await property(t, acceptedFolderName(peer.tag), async (name) => {
      fc.pre(await free(peer, name));
      const res = await t.rest.createFolder(peer.auth, { FolderName: name, FolderType: 0 });
      try {
        const FolderId = await createdFolderId(peer, res, name);
        const listed = (await peer.folders()).find((f) => f.FolderId === FolderId);
        check(listed?.FolderName.normalize('NFC') === name.normalize('NFC'), `GET /Folder/List: folder ${FolderId} should be listed as ${JSON.stringify(name)}; it is ${JSON.stringify(listed?.FolderName)}.`);
      } finally {
        await removeNow(peer, res, name);
      }
    });
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.folder.name-over-65-any',
    section: '§8',
    title: 'any folder name of 66 characters or more is refused with "Folder could not be created. The Folder Name is too long"',
    needs: [iface('messaging-rest'), account('outsider')],
  },
  async (t) => {
    const outsider = await t.given('log on as outsider', () => MailSession.open(t, 'outsider'));
    await property(t, tooLongFolderName(outsider.tag), async (name) => {
      const res = await t.rest.createFolder(outsider.auth, { FolderName: name, FolderType: 1 });
      await removeNow(outsider, res, name);
      expectDocumentedError(res, 'Folder could not be created. The Folder Name is too long');
    });
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.folder.duplicate-name-any',
    section: '§7.2',
    title: 'for any accepted folder name, a second create with the same name is refused with "Folder could not be created. The Folder Name already exists"',
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    await property(t, fc.tuple(acceptedFolderName(primary.tag), fc.constantFrom<0 | 1>(0, 1)), async ([name, type]) => {
      fc.pre(await free(primary, name));
      const first = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: type });
      try {
        // the first create is the precondition (its own rule is folder.name-any-1-65)
        await t.given(`create ${JSON.stringify(name)} once`, () => createdFolderId(primary, first, name));
        const second = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: type });
        await removeNow(primary, second, name);
        expectDocumentedError(second, 'Folder could not be created. The Folder Name already exists');
      } finally {
        await removeNow(primary, first, name);
      }
    });
  },
);
