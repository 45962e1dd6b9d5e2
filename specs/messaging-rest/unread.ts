import { MimeResponseSchema, SearchResponseSchema } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import type { RuleContext } from '../../harness/rule.js';

/** The read/unread fixtures of the status rules (specs/messaging-rest/status.spec.ts, status-rows.spec.ts). */

/**
 * Peer with three messages from primary; the second one retrieved as MIME, so read (spec §3.2).
 * `unread` is the suite's own expectation (the mailbox model): the first and third are unread,
 * the second read, whatever statuses the target reports.
 */
export async function oneRead(t: RuleContext, folderType?: 0) {
  const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
  return t.given('peer gets three messages and retrieves the second as MIME', async () => {
    const folder = folderType === 0 ? await peer.createFolder(0) : (await peer.systemFolders()).inbox;
    const mids: number[] = [];
    for (let i = 1; i <= 3; i++) mids.push(await primary.send([peer], { Subject: `${primary.tag} s${i}` }));
    if (folderType === 0) for (const mid of mids) await peer.move(mid, folder);
    expectBody(await t.rest.getMime(peer.auth, mids[1]!), MimeResponseSchema, 'MIME retrieval');
    // the status each message has now, as the folder's summaries report it
    const status = new Map((await peer.summaries(folder)).filter((s) => mids.includes(s.MessageId)).map((s) => [s.MessageId, s.MessageStatus]));
    check(mids.every((m) => status.has(m)), `peer's folder ${folder} does not list all of ${JSON.stringify(mids)}`);
    return { primary, peer, folder, mids, status, unread: [mids[0]!, mids[2]!] };
  });
}

/** The MIDs a search of one folder finds (first page of 50; the run-tagged Filter keeps it small). */
export async function searched(t: RuleContext, who: MailSession, folder: number, filter: string, unreadOnly: boolean): Promise<number[]> {
  const res = await t.rest.search(who.auth, { Filter: filter, FolderId: folder, GetInboxUnReadOnly: unreadOnly, GetRetractedMsgs: true, PageNum: t.profile.messaging.firstPageNumber, PageSize: 50 });
  return expectBody(res, SearchResponseSchema, 'search Results').Results.map((r) => r.MessageId);
}
