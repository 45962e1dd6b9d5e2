import { MimeResponseSchema, SearchResponseSchema, type SearchResult } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { pagingCase, type PagingCase } from '../../generators/search-paging.js';

/** Messages the folder holds; subjects carry one of two words so the Filter can pick a subset. */
const TOTAL = 7;
const WORDS = ['amber', 'cobalt'] as const;

rule(
  {
    id: 'messaging-rest.search.paging',
    section: '§4.3',
    interface: 'messaging-rest',
    operation: 'messaging-rest.SearchInbox',
    level: 'must',
    title: 'search pages partition the result: together they equal the unpaged result in its order, with no duplicates, and no page exceeds PageSize',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const tag = primary.tag;
    const folder = await t.given(`peer files ${TOTAL} messages in a custom folder and reads some`, async () => {
      const id = await peer.createFolder(0);
      for (let i = 0; i < TOTAL; i++) {
        const mid = await primary.send([peer], { Subject: `${tag} ${WORDS[i % 2]} ${i}` });
        await peer.move(mid, id);
        if (i % 3 === 0) expectBody(await t.rest.getMime(peer.auth, mid), MimeResponseSchema, 'MIME retrieval');
      }
      return id;
    });
    const first = t.profile.messaging.firstPageNumber;
    const search = async (c: PagingCase, pageNum: number, pageSize: number): Promise<SearchResult[]> => {
      const res = await t.rest.search(peer.auth, {
        Filter: `${tag}${c.subset ? ` ${c.subset}` : ''}`,
        FolderId: folder,
        GetInboxUnReadOnly: c.unreadOnly,
        GetRetractedMsgs: false,
        OrderBy: c.orderBy,
        OrderDesc: c.orderDesc,
        PageNum: pageNum,
        PageSize: pageSize,
      });
      return expectBody(res, SearchResponseSchema, 'search Results (vendor-wire §1.2)').Results;
    };
    await property(
      t,
      pagingCase(TOTAL, t.profile.messaging.searchOrderBy, WORDS),
      async (c) => {
        // 'unpaged': one page large enough for the whole folder
        const whole = (await search(c, first, TOTAL + 10)).map((r) => r.MessageId);
        const paged: number[] = [];
        for (let page = first; page < first + TOTAL + 2; page++) {
          const results = await search(c, page, c.pageSize);
          check(results.length <= c.pageSize, `page ${page} holds ${results.length} results, more than PageSize ${c.pageSize}.`);
          if (results.length === 0) break;
          paged.push(...results.map((r) => r.MessageId));
        }
        const duplicates = paged.filter((m, i) => paged.indexOf(m) !== i);
        check(duplicates.length === 0, `pages repeat ${JSON.stringify([...new Set(duplicates)])}: pages ${JSON.stringify(paged)}, unpaged ${JSON.stringify(whole)}.`);
        check(
          paged.length === whole.length && paged.every((m, i) => m === whole[i]),
          `the pages in order give ${JSON.stringify(paged)}, the unpaged search ${JSON.stringify(whole)}: they should be the same messages in the same order.`,
        );
      },
      { numRuns: 25 },
    );
  },
);
