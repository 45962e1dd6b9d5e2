import { check, expectDocumentedError } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { answeredFolderId, createdFolderId, folderMadeAnyway, foldersNamed } from '../../harness/fixtures/mail-folders.js';
import type { HttpResponse } from '../../harness/http.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { folderNameOfLength } from '../../generators/folder-name.js';

/** spec §4.3 'Create a new folder', §8 limits, §7.2 CreateFolder texts. */
const base = { interface: 'messaging-rest' as const, operation: 'messaging-rest.CreateFolder' as const, level: 'must' as const, needs: [iface('messaging-rest'), account('primary')] };
const TOO_LONG = 'Folder could not be created. The Folder Name is too long';
const TYPE_INVALID = 'Folder could not be created. The Folder Type and Folder Name is invalid';
const EXISTS = 'Folder could not be created. The Folder Name already exists';

/** A refused create that was wrongly accepted still leaves nothing behind. */
async function removeIfCreated(session: MailSession, res: HttpResponse, name: string): Promise<void> {
  const id = await folderMadeAnyway(session, res, name);
  if (id !== undefined) session.removeFolderAfter(id);
}

/** spec §7.2 'Folder could not be created': after a refusal the list shows no new folder of that name (read back). */
async function expectNoneMade(session: MailSession, name: string, kept: number[] = []): Promise<void> {
  const made = (await foldersNamed(session, name)).filter((id) => !kept.includes(id));
  for (const id of made) session.removeFolderAfter(id);
  check(made.length === 0, `GET /Folder/List: the create of "${name}" was refused, yet the list shows a new folder of that name (${made.join(', ')}); spec §7.2: "Folder could not be created".`);
}

rule(
  {
    ...base,
    id: 'messaging-rest.folder.create',
    section: '§4.3',
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
  { ...base, id: 'messaging-rest.folder.name-max-65', section: '§8', title: 'a folder name of 65 characters is accepted' },
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
  { ...base, id: 'messaging-rest.folder.name-66-refused', section: '§8', title: `a folder name of 66 characters is refused with "${TOO_LONG}"` },
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
  { ...base, id: 'messaging-rest.folder.type-0-or-1', section: '§8', title: `a FolderType other than 0 or 1 (2, -1, 99) is refused with "${TYPE_INVALID}"` },
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
  { ...base, id: 'messaging-rest.folder.duplicate-name', section: '§7.2', title: `creating a folder with a name the user already has is refused with "${EXISTS}"` },
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
