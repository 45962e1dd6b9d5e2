import type { Domain, User } from '../domain.js';
import type { MailReadings } from './readings.js';
import { INBOX_TYPE, OUTBOX_TYPE, type Content, type Copy, type Folder, type FolderType, type SystemRole } from './model.js';

/** The vendor's fixed per-user ids of the system folders (vendor-wire §1.2: 1 Inbox, 3 Outbox). */
const FIXED_IDS: Record<SystemRole, number> = { inbox: 1, drafts: 2, outbox: 3, trash: 4, deletedTrash: 5 };

/** Where purged copies were, so GetMIME can say which §7.2 'deleted from' text applies. */
type Tombstone = 'sent' | 'received';

/**
 * The mail records of every user: folders, message contents and copies. Operations live in
 * MailCore; this class only keeps the records consistent (a content lives while a copy does).
 */
export class MailStore {
  readonly #folders = new Map<number, Map<number, Folder>>();
  readonly contents = new Map<number, Content>();
  readonly #copies = new Map<number, Copy[]>();
  readonly #tombstones = new Map<string, Tombstone>();
  /** the next custom folder id of each user, under the per-user reading of folder-id-scope */
  readonly #ownFolderIds = new Map<number, number>();

  constructor(
    private readonly domain: Domain,
    private readonly readings: MailReadings,
  ) {}

  /** A user's folders; the system folders are made on first use (spec §3.2 names them). */
  folders(user: User): Map<number, Folder> {
    let folders = this.#folders.get(user.id);
    if (folders) return folders;
    folders = new Map();
    this.#folders.set(user.id, folders);
    const system: Array<[SystemRole, string, FolderType]> = [
      ['inbox', 'Inbox', INBOX_TYPE],
      ['drafts', 'Drafts', OUTBOX_TYPE],
      ['outbox', this.readings.outboxName, OUTBOX_TYPE],
      ['trash', 'Trash', INBOX_TYPE],
      ['deletedTrash', 'Deleted Trash', INBOX_TYPE],
    ];
    // M5: a target may keep one pair of trash folders per mailbox type (axis mail.trash-folders)
    if (this.readings.trashFolders === 'per-type') system.push(['trash', 'Trash', OUTBOX_TYPE], ['deletedTrash', 'Deleted Trash', OUTBOX_TYPE]);
    for (const [i, [role, name, type]] of system.entries()) {
      const id = !this.readings.fixedSystemFolderIds ? this.domain.ids.next('folder') : i < 5 ? FIXED_IDS[role] : i + 1;
      folders.set(id, { id, ownerId: user.id, name, type, system: role });
    }
    return folders;
  }

  /** The system folder of a role for a mailbox type, where the user has one per type; else the role's one. */
  systemFor(user: User, role: SystemRole, type: FolderType): Folder {
    for (const folder of this.folders(user).values()) if (folder.system === role && folder.type === type) return folder;
    return this.system(user, role);
  }

  system(user: User, role: SystemRole): Folder {
    for (const folder of this.folders(user).values()) if (folder.system === role) return folder;
    throw new Error(`user ${user.id} has no ${role} folder`);
  }

  folder(user: User, id: number): Folder | undefined {
    return this.folders(user).get(id);
  }

  /** The folder a copy is in. */
  folderOf(copy: Copy): Folder | undefined {
    return this.#folders.get(copy.ownerId)?.get(copy.folderId);
  }

  /** Another user's folder with this id (folder ids may be numbered per user: the first found). */
  folderOfAnother(user: User, id: number): Folder | undefined {
    for (const [ownerId, folders] of this.#folders) if (ownerId !== user.id && folders.has(id)) return folders.get(id);
    return undefined;
  }

  addFolder(user: User, name: string, type: FolderType, origin?: string): Folder {
    const id = this.readings.customFolderIds === 'per-user' ? this.#nextOwnFolderId(user) : this.domain.ids.next('folder');
    const folder: Folder = { id, ownerId: user.id, name, type, ...(origin ? { origin } : {}) };
    this.folders(user).set(folder.id, folder);
    return folder;
  }

  /** P1's per-user reading: each mailbox numbers its own folders on from its system folders, never reusing an id. */
  #nextOwnFolderId(user: User): number {
    const next = this.#ownFolderIds.get(user.id) ?? Math.max(0, ...this.folders(user).keys()) + 1;
    this.#ownFolderIds.set(user.id, next + 1);
    return next;
  }

  removeFolder(folder: Folder): void {
    this.#folders.get(folder.ownerId)?.delete(folder.id);
  }

  /** The parent system folder of a folder's type (spec §3.2: 'the parent Inbox or Outbox'). */
  parent(user: User, type: FolderType): Folder {
    return this.system(user, type === INBOX_TYPE ? 'inbox' : 'outbox');
  }

  addContent(content: Content): void {
    this.contents.set(content.mid, content);
    this.#copies.set(content.mid, []);
  }

  addCopy(copy: Copy): void {
    this.#copies.get(copy.mid)?.push(copy);
  }

  copiesOf(mid: number): readonly Copy[] {
    return this.#copies.get(mid) ?? [];
  }

  /** The user's copy of a message: the received one first when a user mailed themself. */
  copyFor(user: User, mid: number): Copy | undefined {
    const mine = this.copiesOf(mid).filter((c) => c.ownerId === user.id);
    return mine.find((c) => c.side === 'received') ?? mine[0];
  }

  /** Every copy a user holds, in creation order. */
  copiesOwnedBy(userId: number): Copy[] {
    const out: Copy[] = [];
    for (const copies of this.#copies.values()) for (const c of copies) if (c.ownerId === userId) out.push(c);
    return out;
  }

  copiesIn(folder: Folder): Copy[] {
    return this.copiesOwnedBy(folder.ownerId).filter((c) => c.folderId === folder.id);
  }

  /** Removes one copy for good; the content goes when its last copy does (spec §3.2 'purged'). */
  purge(copy: Copy): void {
    const copies = this.#copies.get(copy.mid);
    if (!copies) return;
    const rest = copies.filter((c) => c !== copy);
    this.#tombstones.set(`${copy.ownerId}:${copy.mid}`, copy.side);
    if (rest.length > 0) {
      this.#copies.set(copy.mid, rest);
      return;
    }
    this.#copies.delete(copy.mid);
    this.contents.delete(copy.mid);
  }

  purgedSide(user: User, mid: number): Tombstone | undefined {
    return this.#tombstones.get(`${user.id}:${mid}`);
  }

  /** The messages whose copy this user had purged and whose content another copy keeps. */
  purgedBy(user: User): number[] {
    const prefix = `${user.id}:`;
    return [...this.#tombstones.keys()].filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length))).filter((mid) => this.contents.has(mid) && !this.copyFor(user, mid));
  }

  /** For the self-tests: how many messages and custom folders the server holds. */
  census(): { messages: number; customFolders: number; customFolderNames: string[]; subjects: string[] } {
    const custom = [...this.#folders.values()].flatMap((m) => [...m.values()]).filter((f) => !f.system);
    return {
      messages: this.contents.size,
      customFolders: custom.length,
      customFolderNames: custom.map((f) => f.name),
      subjects: [...this.contents.values()].map((c) => c.subject),
    };
  }
}
