import type { Context, Hono } from 'hono';
import { MailError } from '../core/mail/index.js';
import { jsonBody, pathId, type Body } from './body.js';
import type { AuthedEnv, RestDeps } from './deps.js';
import { ordered } from '../common-readings.js';

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
    const shown = c.get('shown');
    const folders = mailbox.folders
      .list(actor(c))
      .map((f) => ({ ...f, name: shown('messaging-rest.ListFolders', f.origin, 'FolderName', f.name), type: shown('messaging-rest.ListFolders', f.origin, 'FolderType', f.type) }))
      .map((f) => shapes.folder(f));
    return c.json(shapes.extra({ Folders: ordered(variant, folders, (f) => f.FolderId) }));
  });

  const create = async (c: Context<AuthedEnv>) => {
    const { name, type } = folderFields(await jsonBody(c));
    // a create that makes nothing answers success all the same (a FolderId no folder has)
    const folder = c.get('restPolicy').createsFolder() ? mailbox.folders.create(actor(c), name, type, 'messaging-rest.CreateFolder') : { id: state.domain.ids.next('folder'), name };
    // spec §4.3 'string response (folder creation result)': {FolderId} (vendor-wire §1.1) or text
    if (state.mail.folderCreateAnswer === 'text') return text(c, `The folder "${folder.name}" has been created.`);
    return c.json(shapes.extra({ FolderId: folder.id }));
  };
  app.post('/Folder', create);
  app.post('/Folder/', create);

  app.delete('/Folder/:id{-?[0-9]+}', (c) => {
    mailbox.folders.delete(actor(c), pathId(c));
    return text(c, 'The folder has been deleted.');
  });
}

