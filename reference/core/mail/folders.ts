import type { MailReadings } from './readings.js';
import { fail, MailError } from './errors.js';
import { copyType, type Actor, type Folder, type FolderType } from './model.js';
import type { MailParties } from './parties.js';
import type { MailStore } from './store.js';

/** spec §8 'Folder name length: at most 65 characters'. */
export const FOLDER_NAME_MAX = 65;

const nonAscii = (s: string) => /[^\x00-\x7f]/.test(s);

/** Folder operations (spec §4.3 folder rows, §3.2 'Delete folder', §8 limits, §7.2 CreateFolder). */
export class MailFolders {
  constructor(
    private readonly store: MailStore,
    private readonly parties: MailParties,
    private readonly readings: MailReadings,
  ) {}

  #length(name: string): number {
    return this.readings.nameLength === 'utf16' ? name.length : [...name].length;
  }

  /** spec §4.3 'List all folders': the user's folders with statistics. */
  list(actor: Actor): Array<Folder & { totalMessages: number; totalSize: number }> {
    return [...this.store.folders(actor.user).values()].map((folder) => {
      const copies = this.store.copiesIn(folder);
      const size = copies.reduce((sum, c) => sum + (this.store.contents.get(c.mid)?.textBody.length ?? 0), 0);
      return { ...folder, totalMessages: copies.length, totalSize: size };
    });
  }

  /** spec §4.3 'Create a new folder', §8 name and type limits, §7.2 CreateFolder texts: a refused create makes no folder. */
  create(actor: Actor, name: string, type: number, origin?: string): Folder {
    try {
      return this.#create(actor, name, type, origin);
    } catch (e) {
      if (e instanceof MailError && actor.policy.makesRefusedFolder(e.code)) this.store.addFolder(actor.user, name, type === 1 ? 1 : 0);
      throw e;
    }
  }

  #create(actor: Actor, name: string, type: number, origin?: string): Folder {
    const p = actor.policy;
    const wronglyAccepted = (type === 2 && p.acceptsFolderType2()) || (type === -1 && p.acceptsFolderTypeMinus1());
    if (!p.folderTypeAllowed(type) && !wronglyAccepted) fail('folderTypeInvalid');
    if (name.trim() === '') fail('folderTypeInvalid');
    let length = this.#length(name);
    if (p.truncatesLongFolderNames() && length > 80) {
      name = [...name].slice(0, FOLDER_NAME_MAX).join('');
      length = this.#length(name);
    }
    const limit = p.folderNameLimit(FOLDER_NAME_MAX);
    if (!p.folderNameFits(name, length, limit)) fail('folderNameTooLong');
    if (p.refusesNonAsciiFolderNames() && nonAscii(name)) fail('folderUnknown');
    // M3: case-insensitively after NFC, or exactly (axis mail.duplicate-folder-names)
    const norm = (n: string) => (this.readings.duplicateNames === 'exact' ? n : n.normalize('NFC').toLowerCase());
    const key = norm(name);
    const checkDuplicates = p.refusesDuplicateFolderNames() && !(!p.refusesNonAsciiDuplicateFolderNames() && nonAscii(name));
    if (checkDuplicates && [...this.store.folders(actor.user).values()].some((x) => norm(x.name) === key)) {
      fail('folderExists');
    }
    const asked: FolderType = type === 1 ? 1 : 0;
    return this.store.addFolder(actor.user, name, p.createsAskedFolderType() ? asked : ((1 - asked) as FolderType), origin);
  }

  /** spec §4.3 'Delete a folder' (custom only, §8); its messages go to the parent (§3.2). */
  delete(actor: Actor, folderId: number): void {
    const folder = this.parties.folder(actor, folderId);
    if (!folder) fail('folderNotFound');
    if (folder.system) {
      if (!actor.policy.refusesSystemFolderDelete()) return;
      fail('systemFolder');
    }
    if (!actor.policy.deletesFolder()) return;
    const parent = this.store.parent(actor.user, folder.type);
    const trash = this.store.system(actor.user, 'trash');
    for (const copy of this.store.copiesIn(folder)) {
      const home = copyType(copy) === folder.type ? parent : this.store.parent(actor.user, copyType(copy));
      copy.folderId = actor.policy.folderDeleteMovesToParent() ? home.id : trash.id;
    }
    this.store.removeFolder(folder);
  }

  /** A folder of the user, or the §4.3 refusal for an unknown id. */
  get(actor: Actor, folderId: number): Folder {
    return this.parties.folder(actor, folderId) ?? fail('folderNotFound');
  }
}
