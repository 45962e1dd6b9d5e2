import { MimeResponseSchema, SearchResponseSchema, type SearchResult } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { elapsed } from '../../harness/eventually.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { pagingCase, type PagingCase } from '../../generators/search-paging.js';

/** spec §4.3 'Search the inbox' with the §2.3 SearchInbox fields (Filter, GetRetractedMsgs, OrderBy/OrderDesc, PageNum/PageSize). */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.SearchInbox', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-rest.search.filter',
    spec: [
      { anchor: '§4.3/search-inbox', quote: 'Search the inbox' },
      { anchor: '§2.3/SearchInbox', quote: 'Filter (string)' },
      { anchor: '§2.3/SearchInbox', quote: 'Filter (string)', silence: 'search-filter' },
    ],
    title: 'a search Filter on a word of the subject returns the messages whose subject has it and none of the others',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const tag = primary.tag;
    const { folder, alpha, beta } = await t.given('peer files messages "alpha", "beta", "alpha" in a custom folder', async () => {
      const id = await peer.createFolder(0);
      const file = async (Subject: string) => {
        const mid = await primary.send([peer], { Subject });
        await peer.move(mid, id);
        return mid;
      };
      // each message is its own: sent and filed together
      const sent = await Promise.all([`${tag} alpha one`, `${tag} beta two`, `${tag} alpha three`].map(file));
      return { folder: id, alpha: [sent[0]!, sent[2]!], beta: [sent[1]!] };
    });
    const page = t.profile.messaging.firstPageNumber;
    const res = await t.rest.search(peer.auth, { Filter: `${tag} alpha`, FolderId: folder, PageNum: page, PageSize: 50, GetRetractedMsgs: true });
    const found = expectBody(res, SearchResponseSchema, 'search Results (vendor-wire §1.2)').Results.map((r) => r.MessageId);
    check(alpha.every((m) => found.includes(m)), `POST /Message/Inbox/Search: Filter "${tag} alpha" should find ${JSON.stringify(alpha)}; it found ${JSON.stringify(found)}.`);
    check(!beta.some((m) => found.includes(m)), `POST /Message/Inbox/Search: Filter "${tag} alpha" also found the "beta" message ${beta[0]}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.search.retracted',
    spec: [
      { anchor: '§2.3/SearchInbox', quote: 'GetRetractedMsgs (boolean)' },
      { anchor: '§4.3/search-inbox', quote: 'Search the inbox' },
    ],
    title: 'a recipient\'s search with GetRetractedMsgs true finds a message the sender retracted',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const subject = `${primary.tag} retracted`;
    const mid = await t.given('primary sends peer a message and retracts it', async () => {
      const sent = await primary.send([peer], { Subject: subject });
      const res = await t.rest.retract(primary.auth, sent);
      check(res.status < 300, `retract answered HTTP ${res.status}`);
      return sent;
    });
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    const res = await t.rest.search(peer.auth, { Filter: subject, FolderId: inbox, GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
    const found = expectBody(res, SearchResponseSchema, 'search Results').Results.map((r) => r.MessageId);
    check(found.includes(mid), `POST /Message/Inbox/Search: with GetRetractedMsgs true, the retracted message ${mid} should be found in peer's Inbox; results: ${JSON.stringify(found)}.`);
  },
);

/** Time between the two sends, so a server that keeps dates to the second still orders them. */
const APART_MS = 1_100;

rule(
  {
    ...base,
    id: 'messaging-rest.search.order-desc',
    spec: [
      { anchor: '§2.3/SearchInbox', quote: 'OrderBy (string), OrderDesc (boolean)' },
      { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'order by (for example DATE)' },
      { anchor: '§4.3/search-inbox', quote: 'Search the inbox' },
    ],
    title: 'a search ordered by DATE lists the older message first with OrderDesc false and the newer first with OrderDesc true',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const { folder, older, newer } = await t.given('peer files two messages from primary, sent more than a second apart', async () => {
      const id = await peer.createFolder(0);
      const first = await primary.send([peer]);
      const sentAt = Date.now();
      await elapsed(sentAt, APART_MS);
      const second = await primary.send([peer]);
      for (const mid of [first, second]) await peer.move(mid, id);
      return { folder: id, older: first, newer: second };
    });
    for (const desc of [false, true]) {
      const res = await t.rest.search(peer.auth, { Filter: primary.tag, FolderId: folder, OrderBy: 'DATE', OrderDesc: desc, GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
      const found = expectBody(res, SearchResponseSchema, 'search Results (vendor-wire §1.2)').Results.map((r) => r.MessageId).filter((m) => m === older || m === newer);
      const expected = desc ? [newer, older] : [older, newer];
      check(
        found.length === 2 && found[0] === expected[0],
        `POST /Message/Inbox/Search OrderBy DATE, OrderDesc ${desc}: message ${older} was sent before ${newer}, so the results should list ${JSON.stringify(expected)} in that order; they list ${JSON.stringify(found)}.`,
      );
    }
  },
);

/** Messages the folder holds (paging); subjects carry one of two words so the Filter can pick a subset. */
const TOTAL = 7;
const WORDS = ['amber', 'cobalt'] as const;

rule(
  {
    ...base,
    id: 'messaging-rest.search.paging',
    spec: [
      { anchor: '§4.3/search-inbox', quote: 'paged results' },
      { anchor: '§2.3/SearchInbox', quote: 'PageNum (int), PageSize (int)' },
      { anchor: '§2.3/SearchInbox', quote: 'PageNum (int)', silence: 'search-semantics' },
    ],
    title: 'search pages partition the result: together they equal the unpaged result in its order, with no duplicates, and no page exceeds PageSize',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const tag = primary.tag;
    const folder = await t.given(`peer files ${TOTAL} messages in a custom folder and reads some`, async () => {
      const id = await peer.createFolder(0);
      const file = async (i: number) => {
        const mid = await primary.send([peer], { Subject: `${tag} ${WORDS[i % 2]} ${i}` });
        await peer.move(mid, id);
        if (i % 3 === 0) expectBody(await t.rest.getMime(peer.auth, mid), MimeResponseSchema, 'MIME retrieval');
      };
      // each message is its own: sent, filed and read together (the pages are compared with the unpaged result, whatever the order)
      await Promise.all(Array.from({ length: TOTAL }, (_, i) => file(i)));
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
      // the runs only read the folder: five chains of them go at once
      { numRuns: 25, chains: 5 },
    );
  },
);
