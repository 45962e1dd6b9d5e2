import type { Context, Hono } from 'hono';
import { MailError } from '../core/mail/index.js';
import { jsonBody, pathId, type Body } from './body.js';
import type { AuthedEnv, RestDeps } from './deps.js';
import { ordered } from '../common-readings.js';
import { madeAnyway } from '../made-anyway.js';

/** Faults of a refused create that makes the folder all the same (issue 15 item 7), by §7.2 refusal. */
const MADE_ANYWAY_REST = {
  folderNameTooLong: 'messaging-rest.folder-too-long-made-anyway',
  folderTypeInvalid: 'messaging-rest.folder-type-invalid-made-anyway',
  folderExists: 'messaging-rest.folder-duplicate-made-anyway',
} as const;

/** FolderName and FolderType (spec §2.3 'Folder (create)'); a wrong shape is the §7.2 type/name text. */
function folderFields(body: Body): { name: string; type: number } {
  const name = body.FolderName;
  const type = body.FolderType ?? 0;
  if (typeof name !== 'string' || typeof type !== 'number' || !Number.isInteger(type)) throw new MailError('folderTypeInvalid');
  return { name, type };
}

/** spec §4.3 folder operations (vendor-wire §1.1 /Folder paths). */
export function folderRoutes(app: Hono<AuthedEnv>, { state, shapes, actor, text }: RestDeps): void {
  const { mailbox, variant } = state;

  app.get('/Folder/List', (c) => {
    const zero = c.get('fault')('messaging-rest.folder-stats-zero');
    const shown = c.get('shown');
    const folders = mailbox.folders
      .list(actor(c))
      .map((f) => ({ ...f, name: shown('messaging-rest.ListFolders', f.origin, 'FolderName', f.name), type: shown('messaging-rest.ListFolders', f.origin, 'FolderType', f.type) }))
      .map((f) => shapes.folder(zero ? { ...f, totalMessages: 0 } : f));
    return c.json(shapes.extra({ Folders: ordered(variant, folders, (f) => f.FolderId) }));
  });

  const create = async (c: Context<AuthedEnv>) => {
    const { name, type } = folderFields(await jsonBody(c));
    // a success answer that makes no folder (issue 15 item 7)
    if (c.get('fault')('messaging-rest.folder-create-noop')) return state.mail.folderCreateAnswer === 'text' ? text(c, `The folder "${name}" has been created.`) : c.json(shapes.extra({ FolderId: state.domain.ids.next('folder') }));
    const folder = madeAnyway(c.get('fault'), MADE_ANYWAY_REST, () => mailbox.folders.create(actor(c), name, type, 'messaging-rest.CreateFolder'), () => mailbox.store.addFolder(actor(c).user, name, type === 1 ? 1 : 0));
    // spec §4.3 'string response (folder creation result)': {FolderId} (vendor-wire §1.1) or text
    const id = c.get('fault')('messaging-rest.folder-create-wrong-id') ? folder.id + 1 : folder.id;
    if (state.mail.folderCreateAnswer === 'text') return text(c, `The folder "${folder.name}" has been created.`);
    return c.json(shapes.extra({ FolderId: id }));
  };
  app.post('/Folder', create);
  app.post('/Folder/', create);

  app.delete('/Folder/:id{-?[0-9]+}', (c) => {
    mailbox.folders.delete(actor(c), pathId(c));
    return text(c, 'The folder has been deleted.');
  });
}

