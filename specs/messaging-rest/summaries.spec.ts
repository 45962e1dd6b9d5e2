import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §4.3 'Get message summaries' and its §2.3 request model GetMessageSummariesRequest. */
const base = { interface: 'messaging-rest', operation: 'messaging-rest.GetMessageSummaries', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Peer with three messages from primary, sent one after another, filed in a custom inbox folder. */
async function filedThree(t: RuleContext) {
  const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
  return t.given('peer files three messages from primary in a custom folder', async () => {
    const folder = await peer.createFolder(0);
    const mids: number[] = [];
    for (let i = 1; i <= 3; i++) mids.push(await primary.send([peer], { Subject: `${primary.tag} #${i}` }));
    for (const mid of mids) await peer.move(mid, folder);
    return { primary, peer, folder, mids };
  });
}

rule(
  {
    ...base,
    id: 'messaging-rest.summaries.folder',
    spec: [
      { anchor: '§4.3/get-message-summaries', quote: 'summaries of all messages in the folder' },
      { anchor: '§2.3/GetMessageSummariesRequest', quote: 'FolderId (int), LastMessageIDReceived (int)' },
    ],
    title: 'Get message summaries with LastMessageIDReceived 0 returns a summary of every message in the folder, and only those',
    needs,
  },
  async (t) => {
    const { peer, folder, mids } = await filedThree(t);
    const got = (await peer.summaries(folder, 0)).map((s) => s.MessageId);
    check(sameSet(got, mids), `POST /Message/GetMessageSummaries: folder ${folder} holds ${JSON.stringify(mids)}; the summaries list ${JSON.stringify(got)}.`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.summaries.after-mid',
    spec: [
      { anchor: '§4.3/get-message-summaries', quote: 'Get message summaries | GetMessageSummariesRequest' },
      { anchor: '§2.3/GetMessageSummariesRequest', quote: 'LastMessageIDReceived (int)' },
    ],
    title: 'Get message summaries after a LastMessageIDReceived returns only the messages that arrived after that one',
    needs,
  },
  async (t) => {
    const { peer, folder, mids } = await filedThree(t);
    const got = (await peer.summaries(folder, mids[0])).map((s) => s.MessageId);
    check(sameSet(got, mids.slice(1)), `POST /Message/GetMessageSummaries: after message ${mids[0]} the folder holds ${JSON.stringify(mids.slice(1))}; the summaries list ${JSON.stringify(got)}.`);
  },
);
