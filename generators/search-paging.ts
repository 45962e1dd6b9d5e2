import fc from 'fast-check';

/**
 * Search paging inputs (spec §2.3 SearchInbox: Filter, GetInboxUnReadOnly, OrderBy, OrderDesc,
 * PageNum, PageSize). A rule fills a folder with `total` messages whose subjects carry one of
 * `subsets` as a word; each case searches that folder with one page size and order.
 */
export interface PagingCase {
  pageSize: number;
  orderBy: string;
  orderDesc: boolean;
  /** '' for every message, or one subset word */
  subset: string;
  unreadOnly: boolean;
}

export function pagingCase(total: number, orderBy: readonly string[], subsets: readonly string[]): fc.Arbitrary<PagingCase> {
  return fc
    .record({
      pageSize: fc.integer({ min: 1, max: total + 1 }),
      orderBy: fc.constantFrom(...orderBy),
      orderDesc: fc.boolean(),
      subset: fc.constantFrom('', ...subsets),
      unreadOnly: fc.boolean(),
    })
    .map((c) => ({ ...c, toString: () => `PageSize ${c.pageSize}, OrderBy ${c.orderBy}${c.orderDesc ? ' desc' : ''}, Filter "${c.subset || '(all)'}"${c.unreadOnly ? ', unread only' : ''}` }));
}
