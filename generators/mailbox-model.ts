import type { Reading } from '../contract/silences/index.js';
import type { SpecRef } from '../contract/spec/index.js';
import { trashStageExact } from '../contract/trash-mechanism.js';

/**
 * The state of one mailbox pair (a sender and a recipient) under spec §3.2, and how the model
 * reads a copy's place back from the target. The commands that change it are in
 * mailbox-commands.ts.
 *
 * Spec §3.2: "The message moves to a Trash folder, then to a Deleted Trash folder, then is
 * permanently purged. The server controls the trash mechanism." The target declares which
 * reading it takes (profile `messaging.trashAdvance`, clarification M4), and the model keeps
 * each one (clarification N1):
 * - `delete`: each delete moves the copy one step; a trash stage in the model is exact.
 * - `server`: the server moves copies on from Trash by itself, so a trash stage in the model is
 *   a lower bound: the copy is there or further along (Deleted Trash, purged), never back.
 *   Each read-back narrows the bound to what was seen.
 */

export type Side = 'sender' | 'recipient';
/** The steps of the §3.2 trash sequence, in order. */
export type Stage = 'trash' | 'deletedTrash' | 'purged';
/** Where one user's copy is: a folder (system or custom), a trash stage, or gone. */
export type Place = { folder: number } | Stage;
/** spec §3.2 trash mechanism as the target declares it (profile messaging.trashAdvance; M4). */
export type TrashAdvance = Reading<'trash-mechanism'>;

export interface ModelMessage {
  mid: number;
  at: Record<Side, Place>;
}

export interface ModelFolder {
  id: number;
  owner: Side;
  type: 0 | 1;
}

export interface MailboxModel {
  messages: ModelMessage[];
  folders: ModelFolder[];
}

export interface SideFolders {
  /** the system folder a copy of this side lives in (recipient: Inbox, sender: Outbox/Track Sent) */
  home: number;
  trash: number[];
  deletedTrash: number[];
}

/** What the commands need from the target; the spec files implement it over the clients. */
export interface PairApi {
  folders: Record<Side, SideFolders>;
  /** the target's declared reading of the trash mechanism (profile messaging.trashAdvance) */
  trashAdvance: TrashAdvance;
  createFolder(owner: Side, type: 0 | 1): Promise<number>;
  /** HTTP status of each call */
  deleteFolder(owner: Side, id: number): Promise<number>;
  send(): Promise<number>;
  read(mid: number): Promise<number>;
  move(side: Side, mid: number, folderId: number): Promise<number>;
  delete(side: Side, mid: number, permanently: boolean): Promise<number>;
  retract(mid: number): Promise<number>;
  /** whether any of the folders holds the message for that side */
  holds(side: Side, mid: number, folders: number[]): Promise<boolean>;
}

const STAGES: readonly Stage[] = ['trash', 'deletedTrash', 'purged'];
export const rank = (s: Stage) => STAGES.indexOf(s);
export const isStage = (p: Place): p is Stage => typeof p === 'string';
/** The stage after `s` (purged stays purged). */
export const next = (s: Stage): Stage => STAGES[Math.min(rank(s) + 1, STAGES.length - 1)]!;
export const show = (p: Place) => (isStage(p) ? p : `folder ${p.folder}`);

const fail = (text: string): never => {
  throw new Error(text);
};

/** The user's own custom folders in the model. */
const customOf = (model: MailboxModel, side: Side) => model.folders.filter((x) => x.owner === side).map((x) => x.id);

/**
 * Checks that the target keeps the copy where the model says (spec §3.2). A folder is exact; a
 * trash stage is exact under `delete` and a lower bound under `server` (then narrowed to what
 * was seen). With `exact`, a stage is exact under either reading (the step a delete itself
 * makes, checked at once as `delete.to-trash` does: M4 'the first step is always checked').
 */
export async function verify(api: PairApi, model: MailboxModel, side: Side, m: ModelMessage, after: string, exact = false): Promise<void> {
  const place = m.at[side];
  if (isStage(place) && !trashStageExact(api.trashAdvance) && !exact) {
    m.at[side] = await observeStage(api, model, side, m.mid, place, after);
    return;
  }
  const f = api.folders[side];
  const everywhere = [f.home, ...f.trash, ...f.deletedTrash, ...customOf(model, side)];
  const expected = place === 'trash' ? f.trash : place === 'deletedTrash' ? f.deletedTrash : place === 'purged' ? [] : [place.folder];
  // the expected folders and the others are read together: neither read depends on the other
  const [inExpected, elsewhere] = await Promise.all([expected.length > 0 && api.holds(side, m.mid, expected), api.holds(side, m.mid, everywhere.filter((id) => !expected.includes(id)))]);
  if ((place !== 'purged' && !inExpected) || elsewhere) {
    fail(`after ${after}, the ${side}'s copy of message ${m.mid} should be in ${show(place)} (spec §3.2); ${elsewhere ? 'it is in another folder' : 'it is not there'}`);
  }
}

/**
 * Under `server`: the stage the copy is at now, which must be `atLeast` or later and in no
 * other folder. Stages are read in sequence order, so a copy the server moves on while it is
 * being read is seen at a stage it really held (never one it skipped back to): not in Trash at
 * the first read and not in Deleted Trash at the second means purged by the second.
 */
export async function observeStage(api: PairApi, model: MailboxModel, side: Side, mid: number, atLeast: Stage, after: string): Promise<Stage> {
  const f = api.folders[side];
  const where = `after ${after}, the ${side}'s copy of message ${mid}`;
  if (await api.holds(side, mid, [f.home, ...customOf(model, side)])) {
    fail(`${where} is back in one of the user's folders, though it was at ${atLeast} or later in the trash sequence (spec §3.2: Trash, then Deleted Trash, then purged)`);
  }
  const inTrash = await api.holds(side, mid, f.trash);
  const inDeleted = await api.holds(side, mid, f.deletedTrash);
  // seen in both: moved on between the two reads, unless it is still in Trash now
  if (inTrash && inDeleted && (await api.holds(side, mid, f.trash))) fail(`${where} is in Trash and in Deleted Trash at once (spec §3.2)`);
  const seen: Stage = inDeleted ? 'deletedTrash' : inTrash ? 'trash' : 'purged';
  if (rank(seen) < rank(atLeast)) {
    fail(`${where} is in ${seen}, though it had reached ${atLeast}: the trash sequence only moves forward (spec §3.2: Trash, then Deleted Trash, then purged)`);
  }
  return seen;
}

/** The §3.2 rows the mailbox model follows, quoted: the spec refs of the model-based rules (REST and SOAP alike). */
export const MODEL_SPEC: readonly [SpecRef, ...SpecRef[]] = [
  { anchor: '§3.2/move-message', quote: 'The message is placed in that folder.' },
  { anchor: '§3.2/move-message', quote: 'Moves across types are not allowed.' },
  { anchor: '§3.2/delete-message', quote: 'The message moves to a Trash folder, then to a Deleted Trash folder, then is permanently purged.' },
  { anchor: '§3.2/delete-message', quote: "Only the current user's copy is removed; other users' copies stay." },
  { anchor: '§3.2/delete-message-permanent-delete-flag-true', quote: 'Permanent deletion' },
  { anchor: '§3.2/delete-folder', quote: 'The messages move to the parent Inbox or Outbox folder.' },
  { anchor: '§3.2/retract-message', quote: "but stays in a recipient's account until it expires or the recipient deletes it" },
  { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.' },
  { anchor: '§3.2/delete-message', quote: 'The server controls the trash mechanism.', silence: 'trash-mechanism' },
];
