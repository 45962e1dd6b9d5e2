import type { Reading } from './silences/index.js';

/**
 * spec §3.2: 'The message moves to a Trash folder, then to a Deleted Trash folder, then is
 * permanently purged. The server controls the trash mechanism.' What each reading of that
 * silence (contract/silences, trash-mechanism; M4, N1) means to a client that deleted a copy:
 * where the copy is in the sequence is exact where each delete moves it one step, and only a
 * lower bound where the server moves copies on by itself. Keyed by every reading, so a reading
 * added to the catalogue does not compile here until it says which it is; the mailbox models
 * (generators/mailbox-*.ts), the listings matrix (contract/listings.ts, and its scene) and the
 * rules that need each delete to move the copy (harness/needs.ts) read it.
 */
export const TRASH_STAGE: { readonly [R in Reading<'trash-mechanism'>]: 'exact' | 'lower-bound' } = {
  delete: 'exact',
  server: 'lower-bound',
};

/** Whether, under `reading`, a copy's trash stage follows from the deletes alone. */
export const trashStageExact = (reading: Reading<'trash-mechanism'>): boolean => TRASH_STAGE[reading] === 'exact';
