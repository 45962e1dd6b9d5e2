import type { SpecRef } from './spec/index.js';
import type { SilenceId } from './silences/index.js';

/**
 * The states a user's copy of a message passes through (spec §3.1, §3.2), as the listings matrix
 * (contract/listings.ts) sees them: one message in each, all in one user's mailbox (the holder:
 * the profile's primary), so one query of a listing judges every state at once. Each state is a
 * copy that differs from a delivered, unread, attachment-free message in the Inbox by one thing
 * the spec names.
 */
export const LISTING_STATES = ['unread', 'read', 'filed', 'trash', 'deleted-trash', 'purged', 'retracted', 'attached', 'sent', 'draft', 'plain-tls'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** Where a copy is: a folder of the holder's by its role, or gone (spec §3.2). */
export type Place = 'inbox' | 'custom' | 'trash' | 'deleted-trash' | 'purged' | 'outbox' | 'drafts';

/** A reading of a silence (contract/silences/) that decides a cell; the cell is not applicable where it has no profile key. */
export interface Undecided {
  readonly silence: SilenceId;
  /** why the reading decides it, in one phrase */
  readonly why: string;
}

export interface StateDef {
  readonly id: ListingState;
  /** the copy, in words (the matrix's state axis, failure messages) */
  readonly words: string;
  readonly place: Place;
  /**
   * Whether the copy counts as unread: by the §3.1 column of the status §3.2 gives it (a message
   * never retrieved is unread, one retrieved as MIME read, status 5 is in the Read column), or
   * undecided where the spec leaves its status open.
   */
  readonly unread: boolean | Undecided;
  readonly attachment: boolean;
  readonly retracted: boolean;
  /** delivered as plain text over TLS: MessageStatus 5 (§4.3 Get unread, B7) */
  readonly plainTls: boolean;
  /** the word its subject carries beside the scene's tag (the search Filter input picks `cobalt`) */
  readonly word: 'amber' | 'cobalt';
  /** how the spec makes the state */
  readonly spec: SpecRef;
}

const RETRACTED_STATUS: Undecided = {
  silence: 'retraction',
  why: "a retracted copy keeps its status or is marked Read (M13): whether it is still unread is the server's reading",
};

const received = { attachment: false, retracted: false, plainTls: false } as const;

export const STATES: Readonly<Record<ListingState, StateDef>> = {
  unread: { id: 'unread', words: 'a message received and never retrieved, in the Inbox', place: 'inbox', unread: true, ...received, word: 'amber', spec: { anchor: '§3.1/UnRead', quote: 'UnRead | 3 | Unread' } },
  read: {
    id: 'read',
    words: 'a message the holder retrieved as MIME (read), in the Inbox',
    place: 'inbox',
    unread: false,
    ...received,
    word: 'cobalt',
    spec: { anchor: '§3.2/get-mime-message', quote: 'Tracking information is written automatically, marking it read by the recipient.' },
  },
  filed: { id: 'filed', words: 'a message moved to a custom inbox folder', place: 'custom', unread: true, ...received, word: 'amber', spec: { anchor: '§3.2/move-message', quote: 'The message is placed in that folder.' } },
  trash: { id: 'trash', words: 'a message deleted once (in Trash)', place: 'trash', unread: true, ...received, word: 'cobalt', spec: { anchor: '§3.2/delete-message', quote: 'The message moves to a Trash folder' } },
  'deleted-trash': {
    id: 'deleted-trash',
    words: 'a message deleted twice (in Deleted Trash)',
    place: 'deleted-trash',
    unread: true,
    ...received,
    word: 'amber',
    spec: { anchor: '§3.2/delete-message', quote: 'then to a Deleted Trash folder, then is permanently purged' },
  },
  purged: { id: 'purged', words: 'a message deleted permanently (purged)', place: 'purged', unread: true, ...received, word: 'cobalt', spec: { anchor: '§3.2/delete-message-permanent-delete-flag-true', quote: 'Permanent deletion' } },
  retracted: {
    id: 'retracted',
    words: 'a message its sender retracted, never retrieved, in the Inbox',
    place: 'inbox',
    unread: RETRACTED_STATUS,
    ...received,
    retracted: true,
    word: 'amber',
    spec: { anchor: '§3.2/retract-message', quote: "but stays in a recipient's account until it expires or the recipient deletes it" },
  },
  attached: {
    id: 'attached',
    words: 'a message with an attachment, never retrieved, in the Inbox',
    place: 'inbox',
    unread: true,
    ...received,
    attachment: true,
    word: 'cobalt',
    spec: { anchor: '§2.3/GetInboxMIDRequest', quote: 'MustHaveAttachments (boolean)' },
  },
  sent: { id: 'sent', words: "the holder's own copy of a message it sent, in the Outbox (Track Sent)", place: 'outbox', unread: false, ...received, word: 'amber', spec: { anchor: '§7.2/message-has-been-deleted-track-sent', quote: 'This message has been deleted from Track Sent' } },
  draft: {
    id: 'draft',
    words: 'a draft (improperly formatted MIME the holder sent), in Drafts',
    place: 'drafts',
    unread: false,
    ...received,
    word: 'cobalt',
    spec: { anchor: '§3.2/send-mime-message', quote: 'The message is saved in the Drafts folder and its MID is returned.' },
  },
  'plain-tls': {
    id: 'plain-tls',
    words: 'a message delivered as plain text over TLS (MessageStatus 5), in the Inbox',
    place: 'inbox',
    unread: false,
    ...received,
    plainTls: true,
    word: 'amber',
    spec: { anchor: '§3.1/SentPlainText', quote: 'SentPlainText | 5 | Read' },
  },
};

/** The holder's own copies (the sender's side, spec §3.1 'Sender-only' / 'Sender/recipient'); the others are received. */
export const isSenderCopy = (s: StateDef) => s.place === 'outbox' || s.place === 'drafts';

/** Places of inbox type the spec fixes: the Inbox and a custom folder created with FolderType 0 (§2.3). Trash's type is not shown (M5). */
export const inInboxFolder = (s: StateDef) => s.place === 'inbox' || s.place === 'custom';
export const inTrashSequence = (s: StateDef) => s.place === 'trash' || s.place === 'deleted-trash';
