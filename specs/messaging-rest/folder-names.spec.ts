import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import fc from 'fast-check';
import { check, expectDocumentedError } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { createdFolderId } from '../../harness/fixtures/mail-folders.js';
import { account, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { describeText } from '../../harness/property-describe.js';
import { rule } from '../../harness/rule.js';
import { acceptedFolderName, FOLDER_NAME_MAX, folderNameOfLength, tooLongFolderName } from '../../generators/folder-name.js';
import { expectNoneMade, free, NAME_CHAINS, nameKey, removeIfCreated, removeNow } from './folders.js';
import { sameText } from '../../harness/fields/compare.js';

/**
 * spec §4.3 'Create a new folder' with §8 folder name limits (1 to 65 characters) and §7.2's
 * CreateFolder texts for a name too long or already used, stated at the boundaries and over
 * generated names (as properties).
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const create = { ...base, operation: 'messaging-rest.CreateFolder' as const, needs: [iface('messaging-rest'), account('primary')] };
const TOO_LONG = TEXT.folderNameTooLong;
const EXISTS = TEXT.folderExists;
/** spec §8 'Folder name length: at most 65 characters': what a generated name is measured against */
const NAME_LIMIT = { min: 1, max: FOLDER_NAME_MAX, anchor: '§8/folder-name-length' };
const describeName = (name: string) => describeText(name, NAME_LIMIT);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.name-max-65',
    spec: [
      { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
      { anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters)' },
    ],
    title: 'a folder name of 65 characters is accepted',
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const name = folderNameOfLength(primary.tag, 65);
    const res = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: 0 });
    await removeIfCreated(primary, res, name);
    const FolderId = await createdFolderId(primary, res, name);
    check((await primary.folders()).some((f) => f.FolderId === FolderId && f.FolderName === name), `GET /Folder/List: the folder "${name}" (65 characters) is not listed under its full name.`);
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.name-66-refused',
    spec: [
      { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
      { anchor: '§7.2/folder-could-not-created-folder-name-too', quote: 'Folder could not be created. The Folder Name is too long | Name over 65 characters' },
      { anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters)' },
    ],
    title: `a folder name of 66 characters is refused with "${TOO_LONG}"`,
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const name = folderNameOfLength(primary.tag, 66);
    const res = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: 0 });
    await removeIfCreated(primary, res, name);
    expectDocumentedError(res, TOO_LONG);
    await expectNoneMade(primary, name);
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.duplicate-name',
    spec: [
      { anchor: '§7.2/folder-could-not-created-folder-name-already', quote: 'Folder could not be created. The Folder Name already exists | Name already used by this user' },
      { anchor: '§4.3/create-new-folder', quote: 'Create a new folder' },
    ],
    title: `creating a folder with a name the user already has is refused with "${EXISTS}"`,
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    const name = primary.folderName();
    const first = await t.given(`create the folder "${name}"`, () => primary.createFolder(0, name));
    const res = await t.rest.createFolder(primary.auth, { FolderName: name, FolderType: 0 });
    await removeIfCreated(primary, res, name);
    expectDocumentedError(res, EXISTS);
    await expectNoneMade(primary, name, [first]);
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.name-any-1-65',
    spec: [
      { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
      { anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters)' },
    ],
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
        check(listed !== undefined && sameText(listed.FolderName, name), `GET /Folder/List: folder ${FolderId} should be listed as ${JSON.stringify(name)}; it is ${JSON.stringify(listed?.FolderName)}.`);
      } finally {
        await removeNow(peer, res, name);
      }
    }, { describe: describeName, chains: NAME_CHAINS, apart: nameKey });
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.name-over-65-any',
    spec: [
      { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
      { anchor: '§7.2/folder-could-not-created-folder-name-too', quote: 'Folder could not be created. The Folder Name is too long | Name over 65 characters' },
      { anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters)' },
    ],
    title: 'any folder name of 66 characters or more is refused with "Folder could not be created. The Folder Name is too long"',
    needs: [iface('messaging-rest'), account('outsider')],
  },
  async (t) => {
    const outsider = await t.given('log on as outsider', () => MailSession.open(t, 'outsider'));
    await property(t, tooLongFolderName(outsider.tag), async (name) => {
      const res = await t.rest.createFolder(outsider.auth, { FolderName: name, FolderType: 1 });
      await removeNow(outsider, res, name);
      expectDocumentedError(res, TEXT.folderNameTooLong);
    }, { describe: describeName });
  },
);

rule(
  {
    ...create,
    id: 'messaging-rest.folder.duplicate-name-any',
    spec: [
      { anchor: '§7.2/folder-could-not-created-folder-name-already', quote: 'Folder could not be created. The Folder Name already exists | Name already used by this user' },
      { anchor: '§4.3/create-new-folder', quote: 'Create a new folder' },
    ],
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
        expectDocumentedError(second, TEXT.folderExists);
      } finally {
        await removeNow(primary, first, name);
      }
    }, { describe: ([name]) => describeName(name), chains: NAME_CHAINS, apart: ([name]) => nameKey(name) });
  },
);
