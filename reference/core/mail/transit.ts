import { MailError, noPermissionText } from './errors.js';
import type { Actor, Copy, FolderType } from './model.js';
import type { MailParties } from './parties.js';

/**
 * The InTransit state of a user's copy of a message (spec §4.4 GetInTransit / SetInTransit;
 * vendor-wire §4 'Value'). The spec shows the operations, not what sets the flag otherwise, so
 * it starts false and changes only when SetInTransit sets it. The folder type names which of
 * the user's copies is meant (0: the received copy, 1: the sent one).
 */
export class MailTransit {
  readonly #flags = new WeakMap<Copy, boolean>();

  constructor(private readonly parties: MailParties) {}

  #copy(actor: Actor, folderType: FolderType, mid: number): Copy {
    const copy = this.parties.copyOfType(actor, mid, folderType);
    if (!copy) throw new MailError('noPermission', noPermissionText(actor.credential, mid));
    return copy;
  }

  get(actor: Actor, folderType: FolderType, mid: number): boolean {
    return this.#flags.get(this.#copy(actor, folderType, mid)) ?? false;
  }

  set(actor: Actor, folderType: FolderType, mid: number, value: boolean): void {
    this.#flags.set(this.#copy(actor, folderType, mid), value);
  }
}
