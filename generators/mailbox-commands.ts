import fc from 'fast-check';
import { trashStageExact } from '../contract/trash-mechanism.js';
import { isStage, next, observeStage, verify, type MailboxModel, type ModelMessage, type PairApi, type Side, type Stage } from './mailbox-model.js';

export type { MailboxModel, PairApi, Side } from './mailbox-model.js';

/**
 * fast-check commands that drive a model of one mailbox pair (a sender and a recipient) under
 * spec §3.2 (generators/mailbox-model.ts): create and delete folders, send, read, move, delete
 * (normal and permanent), retract. Each command does the operation on the real target through
 * `PairApi`, works out what §3.2 says must follow under the target's declared reading of the
 * trash mechanism, and checks where each copy now is.
 */

/** spec §3.2: received copies are inbox messages (0), the sender's copy an outbox message (1). */
const TYPE: Record<Side, 0 | 1> = { recipient: 0, sender: 1 };
const ok = (status: number) => status >= 200 && status < 300;
const refused = (status: number) => status >= 400 && status < 500;

function expectStatus(what: string, status: number, want: 'ok' | 'refused'): void {
  if (want === 'ok' ? !ok(status) : !refused(status)) throw new Error(`${what}: expected ${want === 'ok' ? 'a 2xx' : 'a 4xx refusal'}, got HTTP ${status}`);
}

/**
 * Under `server` (M4, N1), a refusal of an operation on a copy the model last saw at `at` in the
 * trash sequence is right only if the server has purged the copy since: read it back.
 */
async function refusedBecausePurged(r: PairApi, m: MailboxModel, side: Side, msg: ModelMessage, at: Stage, what: string, status: number, why: string): Promise<void> {
  expectStatus(what, status, 'refused');
  const seen = await observeStage(r, m, side, msg.mid, at, what);
  if (seen !== 'purged') throw new Error(`${what} was refused (HTTP ${status}) while the ${side}'s copy of message ${msg.mid} is still in ${seen} (${why})`);
  msg.at[side] = 'purged';
}

abstract class PairCommand implements fc.AsyncCommand<MailboxModel, PairApi> {
  abstract check(m: Readonly<MailboxModel>): boolean;
  abstract run(m: MailboxModel, r: PairApi): Promise<void>;
  abstract toString(): string;
  /** The k-th newest item: commands mostly act on what was just made. */
  protected pick<T>(list: readonly T[], k: number): T {
    return list[list.length - 1 - (k % list.length)]!;
  }
}

class CreateFolder extends PairCommand {
  constructor(readonly owner: Side, readonly type: 0 | 1) {
    super();
  }
  check = (m: Readonly<MailboxModel>) => m.folders.length < 4;
  async run(m: MailboxModel, r: PairApi) {
    m.folders.push({ id: await r.createFolder(this.owner, this.type), owner: this.owner, type: this.type });
  }
  toString = () => `createFolder(${this.owner}, type ${this.type})`;
}

class DeleteFolder extends PairCommand {
  constructor(readonly k: number) {
    super();
  }
  check = (m: Readonly<MailboxModel>) => m.folders.length > 0;
  async run(m: MailboxModel, r: PairApi) {
    const folder = this.pick(m.folders, this.k);
    expectStatus(`${this}`, await r.deleteFolder(folder.owner, folder.id), 'ok');
    m.folders = m.folders.filter((f) => f !== folder);
    // spec §3.2: its messages move to the parent Inbox or Outbox
    for (const msg of m.messages) {
      const at = msg.at[folder.owner];
      if (typeof at === 'object' && at.folder === folder.id) {
        msg.at[folder.owner] = { folder: r.folders[folder.owner].home };
        await verify(r, m, folder.owner, msg, `${this}`);
      }
    }
  }
  toString = () => `deleteFolder(#${this.k})`;
}

class Send extends PairCommand {
  check = (m: Readonly<MailboxModel>) => m.messages.length < 4;
  async run(m: MailboxModel, r: PairApi) {
    const msg: ModelMessage = { mid: await r.send(), at: { sender: { folder: r.folders.sender.home }, recipient: { folder: r.folders.recipient.home } } };
    m.messages.push(msg);
    await verify(r, m, 'sender', msg, 'send');
  }
  toString = () => 'send()';
}

class Read extends PairCommand {
  constructor(readonly k: number) {
    super();
  }
  check = (m: Readonly<MailboxModel>) => m.messages.length > 0;
  async run(m: MailboxModel, r: PairApi) {
    const msg = this.pick(m.messages, this.k);
    const status = await r.read(msg.mid);
    const at = msg.at.recipient;
    if (isStage(at) && at !== 'purged' && !trashStageExact(r.trashAdvance) && !ok(status)) {
      // the server may have purged it since the model last saw it (M4, N1)
      return refusedBecausePurged(r, m, 'recipient', msg, at, `${this}`, status, 'spec §7.2: only a deleted message cannot be retrieved');
    }
    // spec §7.2: deleted messages cannot be retrieved
    expectStatus(`${this}`, status, at === 'purged' ? 'refused' : 'ok');
    await verify(r, m, 'recipient', msg, `${this}`);
  }
  toString = () => `read(#${this.k})`;
}

class Move extends PairCommand {
  constructor(readonly side: Side, readonly k: number, readonly to: number) {
    super();
  }
  check = (m: Readonly<MailboxModel>) => m.messages.length > 0;
  async run(m: MailboxModel, r: PairApi) {
    const msg = this.pick(m.messages, this.k);
    const targets = [{ id: r.folders[this.side].home, type: TYPE[this.side] }, ...m.folders.filter((f) => f.owner === this.side)];
    // #0 is the newest custom folder, the home folder comes last
    const dest = this.pick(targets, this.to);
    const status = await r.move(this.side, msg.mid, dest.id);
    const at = msg.at[this.side];
    const sameType = dest.type === TYPE[this.side];
    if (at === 'purged') expectStatus(`${this}`, status, 'refused');
    else if (at === 'trash' && sameType && !trashStageExact(r.trashAdvance) && !ok(status)) {
      // out of Trash a move must work (§4.4 un-delete); the server may have moved the copy on since (M4, N1)
      const seen = await observeStage(r, m, this.side, msg.mid, at, `${this}`);
      if (seen === 'trash') throw new Error(`${this} to a folder of the same type was refused (HTTP ${status}) while the copy is in Trash (spec §3.2, §4.4 un-delete)`);
      expectStatus(`${this}`, status, 'refused');
      msg.at[this.side] = seen;
    } else if (at === 'deletedTrash') {
      // spec: moves out of Deleted Trash not shown; follow what the target did
      if (ok(status) && sameType) msg.at[this.side] = { folder: dest.id };
    } else if (sameType) {
      // spec §3.2: placed in a folder of the same type (§4.4 un-delete moves out of Trash too)
      expectStatus(`${this} to a folder of the same type`, status, 'ok');
      msg.at[this.side] = { folder: dest.id };
    } else {
      expectStatus(`${this} across types`, status, 'refused');
    }
    await verify(r, m, this.side, msg, `${this}`);
  }
  toString = () => `move(${this.side}, #${this.k}, to #${this.to})`;
}

class Delete extends PairCommand {
  constructor(readonly side: Side, readonly k: number, readonly permanently: boolean) {
    super();
  }
  check = (m: Readonly<MailboxModel>) => m.messages.length > 0;
  async run(m: MailboxModel, r: PairApi) {
    const msg = this.pick(m.messages, this.k);
    const status = await r.delete(this.side, msg.mid, this.permanently);
    // spec §3.2: only the current user's copy is removed (the other copy is read at the same
    // time as this one: neither read depends on the other)
    const other: Side = this.side === 'sender' ? 'recipient' : 'sender';
    await Promise.all([this.#ownCopy(m, r, msg, status), verify(r, m, other, msg, `${this} (the other copy)`)]);
  }
  async #ownCopy(m: MailboxModel, r: PairApi, msg: ModelMessage, status: number) {
    const at = msg.at[this.side];
    if (at === 'purged') {
      expectStatus(`${this} of a purged copy`, status, 'refused');
      await verify(r, m, this.side, msg, `${this}`);
    } else if (!isStage(at)) {
      // spec §3.2: out of a folder into Trash; the permanent flag purges at once. This step is
      // the delete's own, so it is checked at once under either reading (M4)
      expectStatus(`${this}`, status, 'ok');
      msg.at[this.side] = this.permanently ? 'purged' : 'trash';
      await verify(r, m, this.side, msg, `${this}`, true);
    } else if (trashStageExact(r.trashAdvance)) {
      // spec §3.2: Trash, then Deleted Trash, then purged, one step per delete (M4)
      expectStatus(`${this}`, status, 'ok');
      msg.at[this.side] = this.permanently || at === 'deletedTrash' ? 'purged' : 'deletedTrash';
      await verify(r, m, this.side, msg, `${this}`);
    } else if (ok(status)) {
      // the server moves copies on by itself (M4, N1): a delete answered with success moves
      // the copy at least one step on from where the model last saw it
      msg.at[this.side] = await observeStage(r, m, this.side, msg.mid, this.permanently ? 'purged' : next(at), `${this}`);
    } else {
      await refusedBecausePurged(r, m, this.side, msg, at, `${this}`, status, "spec §7.2: 'Message could not be deleted' is for a message the user no longer has");
    }
  }
  toString = () => `delete(${this.side}, #${this.k}${this.permanently ? ', permanently' : ''})`;
}

class Retract extends PairCommand {
  constructor(readonly k: number) {
    super();
  }
  check = (m: Readonly<MailboxModel>) => m.messages.length > 0;
  async run(m: MailboxModel, r: PairApi) {
    const msg = this.pick(m.messages, this.k);
    const status = await r.retract(msg.mid);
    // the sender retracts a message still in a folder of theirs; after its deletion the spec is silent
    if (typeof msg.at.sender === 'object') expectStatus(`${this}`, status, 'ok');
    // spec §3.2: the recipient's copy stays in their account
    await verify(r, m, 'recipient', msg, `${this}`);
  }
  toString = () => `retract(#${this.k})`;
}

const side = fc.constantFrom<Side>('sender', 'recipient');
/** Which item a command acts on, counted from the newest; mostly the newest. */
const index = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat({ max: 3 }) });

const createFolder = fc.tuple(side, fc.constantFrom<0 | 1>(0, 1)).map(([s, t]) => new CreateFolder(s, t));
const move = fc.tuple(side, index, index).map(([s, k, to]) => new Move(s, k, to));
/** mostly normal deletes: the trash sequence has three steps, the permanent flag one */
const permanently = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
const del = fc.tuple(side, index, permanently).map(([s, k, p]) => new Delete(s, k, p));
const read = index.map((k) => new Read(k));

/**
 * Random command sequences for one mailbox pair; shrinking drops and simplifies commands.
 * Commands are weighted by repetition: read and delete three times, send, create folder and
 * move twice. They make the §3.2 moves, and the states worth reaching (a read copy in the
 * trash, a filed copy of a deleted folder) need several of them in a row.
 */
export function mailboxCommands(maxCommands: number) {
  return fc.commands(
    [
      createFolder,
      createFolder,
      index.map((k) => new DeleteFolder(k)),
      fc.constant(new Send()),
      fc.constant(new Send()),
      read,
      read,
      read,
      move,
      move,
      del,
      del,
      del,
      index.map((k) => new Retract(k)),
    ],
    { maxCommands, size: 'max' },
  );
}
