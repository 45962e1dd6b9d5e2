import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { check } from '../../harness/expect.js';
import { SoapSession, type SoapFolder } from '../../harness/fixtures/soap-session.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapFault, intOf } from '../../harness/soap-expect.js';

/** spec §4.4 CreateFolder; §7.2 CreateFolder texts; §8 folder name length and type. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, account('primary')];

/** spec §7.2 'Folder could not be created': after the Fault GetFolderList shows no new folder of that name (read back); the list read. */
async function expectNoneMade(me: SoapSession, name: string, kept: number[] = []): Promise<SoapFolder[]> {
  const listed = await me.folders();
  const made = listed.filter((f) => f.name === name && !kept.includes(f.fid));
  for (const f of made) me.t.onCleanup('remove the folder made anyway', () => me.soap.deleteFolder(me.key, f.fid));
  check(made.length === 0, `CreateFolder of "${name}" was a Fault, yet GetFolderList shows a new folder of that name (FID ${made.map((f) => f.fid).join(', ')}); spec §7.2: "Folder could not be created".`);
  return listed;
}

rule(
  {
    ...base,
    id: 'messaging-soap.create-folder.new-fid',
    spec: [
      { anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' },
      { anchor: '§4.4/GetFolderList', quote: 'GetFolderList | SessionKey | GetFolderListResult' },
    ],
    operation: ['messaging-soap.CreateFolder', 'messaging-soap.GetFolderList'],
    title: 'CreateFolderResult names the new folder (NewFID), which GetFolderList then lists with its name and type',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    for (const type of [0, 1] as const) {
      const name = me.folderName();
      const fid = await me.createFolder(type, name);
      const listed = (await me.folders()).find((f) => f.fid === fid);
      check(listed?.name === name && listed.type === type, `NewFID ${fid} is not listed as "${name}" of type ${type}; the list shows ${listed ? `"${listed.name}" of type ${listed.type}` : 'no such folder'}.`);
    }
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.create-folder.type-invalid',
    spec: [
      { anchor: '§7.2/folder-could-not-created-folder-type', quote: 'Folder could not be created. The Folder Type and Folder Name is invalid | Folder type is not 0 or 1' },
      { anchor: '§8/folder-type', quote: '0 (inbox) or 1 (outbox) only' },
      { anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' },
    ],
    operation: 'messaging-soap.CreateFolder',
    title: 'CreateFolder with FolderType 2 or -1 (either side of 0..1) is a Fault with "Folder could not be created. The Folder Type and Folder Name is invalid"',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    for (const type of [2, -1]) {
      const name = me.folderName();
      const a = await t.soap.createFolder(me.key, type, name);
      const made = a.fault ? undefined : (await me.folders()).find((f) => f.name === name);
      if (made) t.onCleanup('remove the folder', () => t.soap.deleteFolder(me.key, made.fid));
      expectSoapFault(a, TEXT.folderTypeInvalid);
      await expectNoneMade(me, name);
    }
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.create-folder.name-length',
    spec: [
      { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
      { anchor: '§7.2/folder-could-not-created-folder-name-too', quote: 'Folder could not be created. The Folder Name is too long | Name over 65 characters' },
      { anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' },
    ],
    operation: 'messaging-soap.CreateFolder',
    title: 'a 65-character folder name is created and listed under that name; a 66-character one is a Fault with "Folder could not be created. The Folder Name is too long" and makes no folder',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const stem = `${t.prefix}-len-`;
    const at65 = stem + 'x'.repeat(65 - stem.length);
    const fid65 = await me.createFolder(0, at65);
    const at66 = `${stem}${'y'.repeat(66 - stem.length)}`;
    const long = await t.soap.createFolder(me.key, 0, at66);
    if (!long.fault) {
      const fid = intOf(long, expectInnerXml(long, long.result ?? '', 'CreateFolder'), 'NewFID', 'a folder that should not exist');
      t.onCleanup('remove the 66-character folder', () => t.soap.deleteFolder(me.key, fid));
    }
    expectSoapFault(long, TEXT.folderNameTooLong);
    const listed = await expectNoneMade(me, at66);
    check(listed.some((f) => f.fid === fid65 && f.name === at65), `GetFolderList: the 65-character folder (NewFID ${fid65}) is not listed as "${at65}".`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.create-folder.name-exists',
    spec: [
      { anchor: '§7.2/folder-could-not-created-folder-name-already', quote: 'Folder could not be created. The Folder Name already exists | Name already used by this user' },
      { anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' },
    ],
    operation: 'messaging-soap.CreateFolder',
    title: 'a second folder with a name the user already has is a Fault with "Folder could not be created. The Folder Name already exists"',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const name = me.folderName();
    const first = await me.createFolder(0, name);
    const again = await t.soap.createFolder(me.key, 0, name);
    if (!again.fault && again.result) {
      const fid = intOf(again, expectInnerXml(again, again.result, 'CreateFolder'), 'NewFID', 'a duplicate folder');
      t.onCleanup('remove the duplicate', () => t.soap.deleteFolder(me.key, fid));
    }
    expectSoapFault(again, TEXT.folderExists);
    await expectNoneMade(me, name, [first]);
  },
);
