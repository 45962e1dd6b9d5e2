import { fail } from './errors.js';
import { decideCells, filterWords, roleOf, type Listed } from './listing-cells.js';
import { INBOX_TYPE, STATUS, statusOf, UNREAD_COLUMN, type Actor, type Copy, type Folder } from './model.js';
import type { MailParties } from './parties.js';
import type { MailStore } from './store.js';
import type { MailReadings } from './readings.js';

export type { Listed } from './listing-cells.js';

/** spec §2.3 SearchInbox. */
export interface SearchQuery {
  filter: string;
  folderId?: number;
  unreadOnly: boolean;
  retracted: boolean;
  orderBy: string;
  orderDesc: boolean;
  pageNum: number;
  pageSize: number;
}

export interface SearchPage {
  folderId: number;
  orderBy: string;
  pageNum: number;
  pageSize: number;
  total: number;
  totalPages: number;
  items: Listed[];
}

/** Largest PageSize served (spec §8: 'Maximum page size: not shown'). */
export const MAX_PAGE_SIZE = 1000;

const ORDER_KEYS: Record<string, (l: Listed) => string | number> = {
  DATE: (l) => l.content.createdAt.getTime(),
  SUBJECT: (l) => l.content.subject.toLowerCase(),
  FROM: (l) => l.content.from.toLowerCase(),
  NAME: (l) => l.content.from.toLowerCase(),
  SIZE: (l) => l.content.textBody.length + l.content.htmlBody.length,
};

/** Message listings: inbox ids, summaries, unread, search (spec §4.3). */
export class MailListing {
  constructor(
    private readonly store: MailStore,
    private readonly parties: MailParties,
    private readonly readings?: MailReadings,
  ) {}

  #listed(copies: Copy[]): Listed[] {
    return copies.flatMap((copy) => {
      const content = this.store.contents.get(copy.mid);
      return content ? [{ copy, content }] : [];
    });
  }

  /**
   * "After a given MID" (clarification M12) is arrival order, not id order: ids need not
   * increase (the ids reading, axis common.ids). An unknown MID (0: from the start) compares as a number.
   */
  #arrivedAfter(lastMid: number): (mid: number) => boolean {
    const order = [...this.store.contents.keys()];
    const at = order.indexOf(lastMid);
    if (at < 0) return (mid) => mid > lastMid;
    const later = new Set(order.slice(at + 1));
    return (mid) => later.has(mid);
  }

  /**
   * Inbox folders a user reads mail in: the Inbox and custom inbox folders; the trash folders of
   * inbox type too where the reading counts their copies as inbox messages (axis mail.trash-listings).
   */
  #inboxFolders(actor: Actor): Folder[] {
    const trash = this.readings?.trashListings === 'inbox';
    return [...this.store.folders(actor.user).values()].filter((f) => f.type === INBOX_TYPE && (f.system === undefined || f.system === 'inbox' || (trash && f.system !== 'drafts' && f.system !== 'outbox')));
  }

  #folder(actor: Actor, folderId: number | undefined): Folder {
    if (folderId === undefined) return this.store.system(actor.user, 'inbox');
    return this.parties.folder(actor, folderId) ?? fail('folderNotFound');
  }

  /**
   * spec §4.3 'Get inbox message ids' (GetInboxMIDRequest). The codes are vendor-wire §1.2's
   * (MessageListFilter 1 unread, FolderId -1 every inbox folder), or under the other reading
   * (axis mail.inbox-id-codes) the filter is not read and -1 names no folder.
   */
  inboxIds(actor: Actor, q: { folderId?: number; filter: number; mustHaveAttachments: boolean }): number[] {
    let copies: Copy[];
    const p = actor.policy;
    const vendor = this.readings?.inboxIdCodes !== 'none';
    if (q.folderId === -1 && !vendor) fail('folderNotFound');
    const at = q.folderId === -1 ? this.store.system(actor.user, 'inbox') : this.#folder(actor, q.folderId);
    if (!p.inboxIdsOnlyInboxFolders()) copies = this.store.copiesOwnedBy(actor.user.id).filter((c) => c.side === 'received');
    else if (!p.inboxIdsReadsFolderId()) copies = this.store.copiesIn(this.store.system(actor.user, 'inbox'));
    else if (q.folderId === -1) copies = this.#inboxFolders(actor).flatMap((f) => this.store.copiesIn(f));
    else copies = this.store.copiesIn(at);
    const unreadOnly = q.filter === 1 && vendor;
    const own = this.#listed(copies)
      .filter((l) => (!unreadOnly && p.inboxIdsListsReadUnlessFiltered()) || UNREAD_COLUMN.has(statusOf(l.copy)))
      .filter((l) => !q.mustHaveAttachments || !p.inboxIdsRequiresAttachmentsWhenAsked() || l.content.attachments.length > 0)
      .filter((l) => q.mustHaveAttachments || p.inboxIdsKeepsAttachmentsUnlessAsked() || l.content.attachments.length === 0);
    const facts = { FolderId: q.folderId === -1 ? 'every' : roleOf(at), MessageListFilter: q.filter, MustHaveAttachments: q.mustHaveAttachments };
    return decideCells(this.store, actor, facts, own, at).map((l) => l.copy.mid);
  }

  /** spec §4.3 'Get message summaries': the folder's messages after LastMessageIDReceived. */
  summaries(actor: Actor, folderId: number | undefined, lastMid: number): Listed[] {
    const p = actor.policy;
    const after = p.summariesReadLastMid() ? lastMid : 0;
    const later = this.#arrivedAfter(after);
    const folder = this.#folder(actor, p.summariesReadFolderId() ? folderId : undefined);
    const listed = this.#listed(this.store.copiesIn(folder)).filter((l) => later(l.copy.mid));
    const own = p.summariesListEveryMessage() ? listed : listed.slice(0, -1);
    return decideCells(this.store, actor, { FolderId: roleOf(folder), LastMessageIDReceived: lastMid === 0 ? 0 : 'boundary' }, own, folder);
  }

  /**
   * spec §4.3 'Get unread messages': unread inbox messages (§3.1 Read/Unread column), including
   * plain text delivered over TLS (MessageStatus 5).
   */
  unread(actor: Actor, after: number): Listed[] {
    const p = actor.policy;
    const wanted = (status: number) => UNREAD_COLUMN.has(status) || (status === STATUS.sentPlainText && p.unreadListsPlainTextTls()) || (status === STATUS.read && p.unreadListsRead());
    const copies = this.#inboxFolders(actor).flatMap((folder) => this.store.copiesIn(folder));
    const later = this.#arrivedAfter(after);
    const sent = p.unreadListsSent() ? this.store.copiesOwnedBy(actor.user.id).filter((c) => c.side === 'sent') : [];
    const hideRetracted = this.readings?.unreadRetracted === 'hidden';
    const own = this.#listed([...copies, ...sent]).filter(
      (l) => (l.copy.side === 'received' || sent.includes(l.copy)) && later(l.copy.mid) && wanted(statusOf(l.copy)) && !(hideRetracted && l.content.retracted),
    );
    return decideCells(this.store, actor, { After: after === 0 ? 'none' : 'boundary' }, own, this.store.system(actor.user, 'inbox'));
  }

  /** spec §4.3 'Search the inbox' with the SearchInbox fields of §2.3. */
  search(actor: Actor, q: SearchQuery): SearchPage {
    const p = actor.policy;
    // M11: pages count from 1, or from 0 (axis mail.search-first-page)
    const first = this.readings?.firstPage ?? 1;
    if (!Number.isInteger(q.pageNum) || !Number.isInteger(q.pageSize) || q.pageNum < first || q.pageSize < 1 || q.pageSize > MAX_PAGE_SIZE) fail('badPaging');
    const page = q.pageNum - first + 1;
    const bySender = (this.readings?.searchFilter ?? 'subject-or-sender') === 'subject-or-sender';
    const folder = this.#folder(actor, !p.searchReadsFolderId() && q.filter.trim() !== '' ? undefined : q.folderId);
    const needle = p.searchReadsFilter() ? q.filter.trim().toLowerCase() : '';
    const unreadOnly = (l: Listed) => {
      const status = statusOf(l.copy);
      if (status === STATUS.sentPlainText && p.unreadOnlyIncludesPlainTextTls()) return true;
      if (l.content.retracted && p.unreadOnlyIncludesRetracted()) return true;
      return UNREAD_COLUMN.has(status) || (status === STATUS.read && p.unreadOnlyIncludesRead());
    };
    // M11: what GetRetractedMsgs false leaves out is not stated (axis mail.search-retracted-false)
    const retracted = (q.retracted && p.searchFindsRetracted()) || (!q.retracted && this.readings?.retractedSearch === 'listed');
    const orderBy = q.orderBy.toUpperCase() in ORDER_KEYS ? q.orderBy.toUpperCase() : 'DATE';
    const key = ORDER_KEYS[orderBy]!;
    const named = (l: Listed) => needle === '' || l.content.subject.toLowerCase().includes(needle) || (bySender && l.content.from.toLowerCase().includes(needle));
    const own = this.#listed(this.store.copiesIn(folder))
      .filter((l) => retracted || !l.content.retracted)
      .filter((l) => !q.unreadOnly || unreadOnly(l))
      .filter(named);
    const facts = { FolderId: roleOf(folder), Filter: filterWords(q.filter), GetInboxUnReadOnly: q.unreadOnly, GetRetractedMsgs: q.retracted, OrderDesc: q.orderDesc, PageSize: q.pageSize };
    // a copy a fault adds holds a word of the filter somewhere (a draft left of a malformed write may have it in its text only)
    const words = needle.split(/\s+/).filter(Boolean);
    const holds = (l: Listed) => {
      const text = `${l.content.subject}\n${l.content.from}\n${l.content.textBody}\n${l.content.origin ?? ''}`.toLowerCase();
      return words.length === 0 || words.some((w) => text.includes(w));
    };
    const matches = decideCells(this.store, actor, facts, own, folder, holds).sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return ka < kb ? -1 : ka > kb ? 1 : a.copy.mid - b.copy.mid;
    });
    if (p.searchDescending(q.orderDesc)) matches.reverse();
    const start = p.searchPageStart(page, q.pageSize);
    return {
      folderId: folder.id,
      orderBy,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      total: matches.length,
      totalPages: Math.ceil(matches.length / q.pageSize),
      items: matches.slice(start, start + q.pageSize),
    };
  }
}
