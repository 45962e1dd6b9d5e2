import { SearchResponseSchema } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.3 'Search the inbox' with the §2.3 SearchInbox fields. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.SearchInbox', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];

rule(
  { ...base, id: 'messaging-rest.search.filter', section: '§4.3', title: 'a search Filter on a word of the subject returns the messages whose subject has it and none of the others', needs },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const tag = primary.tag;
    const { folder, alpha, beta } = await t.given('peer files messages "alpha", "beta", "alpha" in a custom folder', async () => {
      const id = await peer.createFolder(0);
      const sent = [await primary.send([peer], { Subject: `${tag} alpha one` }), await primary.send([peer], { Subject: `${tag} beta two` }), await primary.send([peer], { Subject: `${tag} alpha three` })];
      for (const mid of sent) await peer.move(mid, id);
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
    section: '§2.3',
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
