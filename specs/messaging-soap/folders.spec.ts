import { MAIL_TEXT } from './texts.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapFault, expectSoapSuccess, intOf } from '../../harness/soap-expect.js';

/** spec §4.4 GetFolderList, CreateFolder, DeleteFolder; §3.2 'Delete folder'; §7.2 CreateFolder; §8. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, account('primary')];

/** spec §7.2 'Folder could not be created': after the Fault GetFolderList shows no new folder of that name (read back). */
async function expectNoneMade(me: SoapSession, name: string, kept: number[] = []): Promise<void> {
  const made = (await me.folders()).filter((f) => f.name === name && !kept.includes(f.fid));
  for (const f of made) me.t.onCleanup('remove the folder made anyway', () => me.soap.deleteFolder(me.key, f.fid));
  check(made.length === 0, `CreateFolder of "${name}" was a Fault, yet GetFolderList shows a new folder of that name (FID ${made.map((f) => f.fid).join(', ')}); spec §7.2: "Folder could not be created".`);
}

rule(
  { ...base, id: 'messaging-soap.folder-list.folders', section: '§4.4', operation: 'messaging-soap.GetFolderList', title: "GetFolderListResult lists the user's Folder items with FID, Name and Type, among them the Inbox (type 0) and the sent-items folder (type 1)", needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const folders = await me.folders();
    const { inbox, outbox } = await me.systemFolders();
    check(folders.find((f) => f.fid === inbox)?.type === 0, `the Inbox (FID ${inbox}) is not listed with Type 0 (spec §2.3: 0 = inbox).`);
    check(folders.find((f) => f.fid === outbox)?.type === 1, `the sent-items folder (FID ${outbox}) is not listed with Type 1 (spec §2.3: 1 = outbox).`);
  },
);

rule(
  { ...base, id: 'messaging-soap.create-folder.new-fid', section: '§4.4', operation: ['messaging-soap.CreateFolder', 'messaging-soap.GetFolderList'], title: 'CreateFolderResult names the new folder (NewFID), which GetFolderList then lists with its name and type', needs },
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
  { ...base, id: 'messaging-soap.create-folder.type-invalid', section: '§7.2', operation: 'messaging-soap.CreateFolder', title: 'CreateFolder with FolderType 2 or -1 (either side of 0..1) is a Fault with "Folder could not be created. The Folder Type and Folder Name is invalid"', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    for (const type of [2, -1]) {
      const name = me.folderName();
      const a = await t.soap.createFolder(me.key, type, name);
      const made = a.fault ? undefined : (await me.folders()).find((f) => f.name === name);
      if (made) t.onCleanup('remove the folder', () => t.soap.deleteFolder(me.key, made.fid));
      expectSoapFault(a, MAIL_TEXT.folderTypeInvalid);
      await expectNoneMade(me, name);
    }
  },
);

rule(
  { ...base, id: 'messaging-soap.create-folder.name-length', section: '§8', operation: 'messaging-soap.CreateFolder', title: 'a 65-character folder name is created; a 66-character one is a Fault with "Folder could not be created. The Folder Name is too long"', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const stem = `${t.prefix}-len-`;
    const at65 = stem + 'x'.repeat(65 - stem.length);
    await me.createFolder(0, at65);
    const at66 = `${stem}${'y'.repeat(66 - stem.length)}`;
    const long = await t.soap.createFolder(me.key, 0, at66);
    if (!long.fault) {
      const fid = intOf(long, expectInnerXml(long, long.result ?? '', 'CreateFolder'), 'NewFID', 'a folder that should not exist');
      t.onCleanup('remove the 66-character folder', () => t.soap.deleteFolder(me.key, fid));
    }
    expectSoapFault(long, MAIL_TEXT.folderNameTooLong);
    await expectNoneMade(me, at66);
  },
);

rule(
  { ...base, id: 'messaging-soap.create-folder.name-exists', section: '§7.2', operation: 'messaging-soap.CreateFolder', title: 'a second folder with a name the user already has is a Fault with "Folder could not be created. The Folder Name already exists"', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const name = me.folderName();
    const first = await me.createFolder(0, name);
    const again = await t.soap.createFolder(me.key, 0, name);
    if (!again.fault && again.result) {
      const fid = intOf(again, expectInnerXml(again, again.result, 'CreateFolder'), 'NewFID', 'a duplicate folder');
      t.onCleanup('remove the duplicate', () => t.soap.deleteFolder(me.key, fid));
    }
    expectSoapFault(again, MAIL_TEXT.folderExists);
    await expectNoneMade(me, name, [first]);
  },
);

rule(
  { ...base, id: 'messaging-soap.delete-folder.messages-to-parent', section: '§3.2', operation: 'messaging-soap.DeleteFolder', title: 'DeleteFolder of a custom folder holding a message removes the folder and moves the message to the parent Inbox', needs: [...needs, iface('messaging-rest'), account('peer')] },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const fid = await t.given('peer creates an inbox folder (SOAP)', () => peerSoap.createFolder(0));
    await t.given('peer files the message there', () => peer.move(mid, fid));
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    expectSoapSuccess(await t.soap.deleteFolder(peerSoap.key, fid), 'DeleteFolder');
    check(!(await peerSoap.folders()).some((f) => f.fid === fid), `folder ${fid} is still listed after DeleteFolder.`);
    check((await peer.idsIn(inbox)).includes(mid), `message ${mid} is not in the Inbox after its folder ${fid} was deleted (spec §3.2: the messages move to the parent Inbox).`);
  },
);

rule(
  { ...base, id: 'messaging-soap.delete-folder.system-refused', section: '§8', operation: 'messaging-soap.DeleteFolder', title: 'DeleteFolder of the Inbox is a Fault and the Inbox stays (custom folders only)', needs },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const { inbox } = await t.given('find the Inbox', () => me.systemFolders());
    expectSoapFault(await t.soap.deleteFolder(me.key, inbox), undefined, 'spec §8: custom folders only');
    check((await me.folders()).some((f) => f.fid === inbox), `the Inbox (FID ${inbox}) is gone after a refused DeleteFolder.`);
  },
);
