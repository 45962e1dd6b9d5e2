import type { Domain } from '../domain.js';
import type { Actor, Copy, Folder, FolderType } from './model.js';
import { copyType } from './model.js';
import type { MailStore } from './store.js';

/** Whose data an identifier names, seen from the caller (contract/parties.ts PARTIES). */
export type PartyRelation = 'peer' | 'outsider';

/**
 * spec §5 item 9 ('Access to a message by MID is limited to its sender and recipients') and
 * §2.3 'Folder id' (a folder of the user's own mailbox): the core finds a folder or a message
 * by its identifier in the caller's own mailbox only. A server that forgets to for one
 * operation, identifier and party (the policy's `reachesOthers`, which the party faults
 * replace) finds the other user's.
 */
export class MailParties {
  constructor(
    private readonly domain: Domain,
    private readonly store: MailStore,
  ) {}

  /** The caller's folder with this id. */
  folder(actor: Actor, id: number): Folder | undefined {
    const own = this.store.folder(actor.user, id);
    if (own) return own;
    const other = this.store.folderOfAnother(actor.user, id);
    return other && this.#reaches(actor, 'folder-id', other.ownerId) ? other : undefined;
  }

  /** The caller's copy of a message (the received one first, as MailStore.copyFor). */
  copy(actor: Actor, mid: number): Copy | undefined {
    const own = this.store.copyFor(actor.user, mid);
    if (own) return own;
    const others = this.#others(actor, mid);
    return others.find((c) => c.side === 'received') ?? others[0];
  }

  /** The caller's copy of a message in a mailbox type (spec §4.4 FolderType beside a MID). */
  copyOfType(actor: Actor, mid: number, type: FolderType): Copy | undefined {
    const own = this.store.copiesOf(mid).find((c) => c.ownerId === actor.user.id && copyType(c) === type);
    return own ?? this.#others(actor, mid).find((c) => copyType(c) === type);
  }

  #others(actor: Actor, mid: number): Copy[] {
    return this.store.copiesOf(mid).filter((c) => c.ownerId !== actor.user.id && this.#reaches(actor, 'message-id', c.ownerId));
  }

  #reaches(actor: Actor, identifier: 'folder-id' | 'message-id', ownerId: number): boolean {
    const owner = this.domain.users.get(ownerId);
    if (!owner || actor.operation === undefined) return false;
    return actor.policy.reachesOthers(actor.operation, identifier, owner.companyId === actor.user.companyId ? 'peer' : 'outsider');
  }
}
