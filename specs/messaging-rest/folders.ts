import { check } from '../../harness/expect.js';
import type { MailSession } from '../../harness/fixtures/mailbox.js';
import { folderMadeAnyway, foldersNamed } from '../../harness/fixtures/mail-folders.js';
import type { HttpResponse } from '../../harness/http.js';

/** Clean-up and read-back helpers of the folder rules (specs/messaging-rest/folder.spec.ts, folder-names.spec.ts). */

/** A refused create that was wrongly accepted still leaves nothing behind. */
export async function removeIfCreated(session: MailSession, res: HttpResponse, name: string): Promise<void> {
  const id = await folderMadeAnyway(session, res, name);
  if (id !== undefined) session.removeFolderAfter(id);
}

/** spec §7.2 'Folder could not be created': after a refusal the list shows no new folder of that name (read back). */
export async function expectNoneMade(session: MailSession, name: string, kept: number[] = []): Promise<void> {
  const made = (await foldersNamed(session, name)).filter((id) => !kept.includes(id));
  for (const id of made) session.removeFolderAfter(id);
  check(made.length === 0, `GET /Folder/List: the create of "${name}" was refused, yet the list shows a new folder of that name (${made.join(', ')}); spec §7.2: "Folder could not be created".`);
}

/** Deletes a folder the create made, at once (a property makes many); after the test only if it is still there. */
export async function removeNow(session: MailSession, res: HttpResponse, name: string): Promise<void> {
  const id = await folderMadeAnyway(session, res, name);
  if (id === undefined) return;
  session.removeFolderAfter(id);
  await session.deleteFolderNow(id);
}

/** A folder name as a target may compare it (in any case, composed): two names of one key are one folder to it. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** Chains a folder-name property runs at once, each on names of its own keys (harness/property.ts `apart`). */
export const NAME_CHAINS = 4;

/** Short names cannot carry the run tag: skip one the user already has (in any case). */
export async function free(session: MailSession, name: string): Promise<boolean> {
  if (name.startsWith(session.tag)) return true;
  return !(await session.folders()).some((f) => nameKey(f.FolderName) === nameKey(name));
}
