import { shared } from '../shared-fixture.js';
import type { FieldRead, FieldWrite } from '../../contract/fields.js';
import { displayText, drawText } from '../../generators/unicode-text.js';
import { FolderListSchema } from '../../contract/messaging.js';
import { expectBody } from '../expect.js';
import { createdFolderId } from '../fixtures/mail-folders.js';
import type { RuleContext } from '../rule.js';
import { expectInnerXml, expectSoapResult, intOf } from '../soap-expect.js';
import { descendantsNamed } from '../../contract/wire/xml.js';
import { restSession, soapSession } from './sessions.js';

/**
 * The shared folders of the Folder (create) cells (contract/field-models-mail.ts): primary's, one
 * made through REST and one through SOAP, each of type 1 (outbox) with a non-ASCII name that
 * starts with the run tag (so other rules' listings pass it by) and is short enough for every way
 * of counting its characters (spec §8; clarification M2). Deleted when the worker ends.
 */

export interface FolderRecord {
  readonly id: number;
  readonly sent: { FolderName: string; FolderType: number };
}

export function writtenFolder(t: RuleContext, write: FieldWrite): Promise<FolderRecord> {
  return shared(t, `folder:${write.slug}`, `a folder written by ${write.label}`, write.operation, async (s) => {
    const sent = { FolderName: drawText(displayText(s.prefix, 1), s.run.settings.seed, `${s.prefix}.FolderName`), FolderType: 1 };
    if (write.interface === 'messaging-rest') {
      const primary = await restSession(s, 'primary');
      const res = await s.rest.createFolder(primary.auth, sent);
      const id = await createdFolderId(primary, res, sent.FolderName);
      s.onCleanup(`delete folder ${id}`, () => s.rest.deleteFolder(primary.auth, id));
      return { id, sent };
    }
    const primary = await soapSession(s, 'primary');
    const a = await s.soap.createFolder(primary.key, sent.FolderType, sent.FolderName);
    const id = intOf(a, expectInnerXml(a, expectSoapResult(a, 'the new folder'), 'CreateFolder'), 'NewFID', 'the new folder id');
    s.onCleanup(`delete folder ${id} (SOAP)`, () => s.soap.deleteFolder(primary.key, id));
    return { id, sent };
  });
}

/** What `read` shows of the folder (by the names it shows fields under); undefined when it does not list it. */
export async function readFolder(t: RuleContext, read: FieldRead, folder: FolderRecord): Promise<{ shown?: Record<string, unknown>; where: string }> {
  if (read.operation === 'messaging-rest.ListFolders') {
    const primary = await restSession(t, 'primary');
    const res = await t.rest.listFolders(primary.auth);
    const listed = expectBody(res, FolderListSchema, 'the folder list (vendor-wire §1.2 Folder)').Folders.find((f) => f.FolderId === folder.id);
    return { shown: listed, where: res.label };
  }
  const primary = await soapSession(t, 'primary');
  const a = await t.soap.folderList(primary.key);
  const root = expectInnerXml(a, expectSoapResult(a, 'the folder list'), 'the folder list');
  const items = [...(root.local === 'Folder' ? [root] : []), ...descendantsNamed(root, 'Folder')];
  const text = (e: (typeof items)[number], name: string) => descendantsNamed(e, name)[0]?.text;
  const item = items.find((f) => Number(text(f, 'FID')?.trim()) === folder.id);
  return { shown: item ? { Name: text(item, 'Name'), Type: text(item, 'Type')?.trim() } : undefined, where: 'SOAP GetFolderList' };
}
