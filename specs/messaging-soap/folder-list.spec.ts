import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.4 GetFolderList; §2.3 folder types (0 inbox, 1 outbox). */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, account('primary')];

rule(
  {
    ...base,
    id: 'messaging-soap.folder-list.folders',
    spec: [
      { anchor: '§4.4/GetFolderList', quote: 'GetFolderList | SessionKey | GetFolderListResult' },
      { anchor: '§2.3/folder-create', quote: 'FolderType (int: 0 = inbox, 1 = outbox)' },
      { anchor: '§2.3/folder-id', quote: 'FolderId (REST) or FID (SOAP), int' },
    ],
    operation: 'messaging-soap.GetFolderList',
    title: "GetFolderListResult lists the user's Folder items with FID, Name and Type, among them the Inbox (type 0) and the sent-items folder (type 1)",
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const folders = await me.folders();
    const { inbox, outbox } = await me.systemFolders();
    check(folders.find((f) => f.fid === inbox)?.type === 0, `the Inbox (FID ${inbox}) is not listed with Type 0 (spec §2.3: 0 = inbox).`);
    check(folders.find((f) => f.fid === outbox)?.type === 1, `the sent-items folder (FID ${outbox}) is not listed with Type 1 (spec §2.3: 1 = outbox).`);
  },
);
