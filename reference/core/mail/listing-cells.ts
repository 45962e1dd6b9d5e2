import { inputOf, type FolderRole, type QueryFacts } from '../../../contract/listings.js';
import type { ListingState } from '../../../contract/listing-states.js';
import { STATUS, statusOf, type Actor, type Content, type Copy, type Folder } from './model.js';
import type { MailStore } from './store.js';

/**
 * The listings matrix (contract/listings.ts) as the mail core sees a request: which input of the
 * matrix it sets, the state each of the user's copies is in, and the policy's answer for that
 * cell (`listsCopy`), which the spec leaves to the core (undefined) and a fault of
 * reference/listing-faults.ts answers the other way for one cell.
 */
export interface Listed {
  copy: Copy;
  content: Content;
}

const ROLES: Record<NonNullable<Folder['system']>, FolderRole> = { inbox: 'inbox', outbox: 'outbox', drafts: 'drafts', trash: 'trash', deletedTrash: 'deleted-trash' };

/** A folder's role in the matrix's queries: a system folder's, or any custom folder. */
export const roleOf = (folder: Folder): FolderRole => (folder.system ? ROLES[folder.system] : 'custom');

/** The number of words of a search filter (the matrix tells the scene's tag from the tag and a word). */
export const filterWords = (filter: string): number => filter.trim().split(/\s+/).filter(Boolean).length;

/** The matrix state of a copy (contract/listing-states.ts). */
export function stateOf(store: MailStore, l: Listed): ListingState {
  if (l.copy.side === 'sent') return l.copy.status === STATUS.draft ? 'draft' : 'sent';
  const folder = store.folderOf(l.copy);
  if (folder?.system === 'trash') return 'trash';
  if (folder?.system === 'deletedTrash') return 'deleted-trash';
  if (folder && !folder.system) return 'filed';
  const status = statusOf(l.copy);
  if (l.content.retracted) return 'retracted';
  if (status === STATUS.sentPlainText) return 'plain-tls';
  if (l.content.attachments.length > 0) return 'attached';
  return status === STATUS.read ? 'read' : 'unread';
}

/**
 * What a listing lists, cell by cell: `own` is what the core decided (in its order); every copy
 * of the user, and each message whose copy the user purged, is put to the policy for the input
 * the request sets, and its answer, where it gives one, replaces the core's. Added copies follow
 * the core's, in the user's order, and are only those the request's own text filter admits
 * (`admits`): a server that lists a copy it should not still searches for the words it was given,
 * so what another user of the mailbox makes meanwhile never slips into (or out of) a search's pages.
 */
export function decideCells(store: MailStore, actor: Actor, facts: QueryFacts, own: Listed[], at: Folder, admits: (l: Listed) => boolean = () => true): Listed[] {
  const input = actor.operation === undefined ? undefined : inputOf(actor.operation, facts);
  if (!input || actor.operation === undefined) return own;
  const op = actor.operation;
  const asks = (l: Listed) => actor.policy.listsCopy(op, input.slug, stateOf(store, l));
  const kept = own.filter((l) => asks(l) !== false);
  const listed = new Set(own.map((l) => l.copy));
  const others: Listed[] = store.copiesOwnedBy(actor.user.id).flatMap((copy) => {
    const content = store.contents.get(copy.mid);
    return content && !listed.has(copy) ? [{ copy, content }] : [];
  });
  // a purged copy is gone; a listing that shows it anyway shows it where it was asked about
  const purged = store.purgedBy(actor.user).map((mid): Listed => ({ copy: { mid, ownerId: actor.user.id, side: 'received', folderId: at.id, status: STATUS.unread }, content: store.contents.get(mid)! }));
  const added = [...others.filter((l) => asks(l) === true), ...purged.filter(() => actor.policy.listsCopy(op, input.slug, 'purged') === true)].filter(admits);
  return [...kept, ...added];
}
