import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { operationsOf } from '../../contract/operations.js';
import { randomBytes } from 'node:crypto';
import { LogOnResponseSchema } from '../../contract/messaging.js';
import type { RestAuth } from '../../harness/clients/messaging-rest.js';
import { check, expectBody, expectDocumentedError, expectRefused, expectSuccess } from '../../harness/expect.js';
import type { HttpResponse } from '../../harness/http.js';
import { account, iface } from '../../harness/needs.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { folderMadeAnyway } from '../../harness/fixtures/mail-folders.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §5 rule 4: the session key and its log-out (its expiry: session-expiry.spec.ts). */
const base = { interface: 'messaging-rest', level: 'must' } as const;

/** Real things a logged-on user may act on: a message primary sent peer, and a custom folder of primary's. */
interface Owned {
  mid: number;
  folderId: number;
  outbox: number;
}

/**
 * Every operation of spec §4.3 except Log on and Change password, called with `auth` on ids the
 * owner can use with their key: a refusal cannot come from "no such message".
 * Operations that change things come last.
 */
function sessionOperations(t: RuleContext, auth: RestAuth, own: Owned, to: string): Array<[string, () => Promise<HttpResponse>]> {
  const r = t.rest;
  const tag = t.prefix;
  return [
    ['Get your account details', () => r.details(auth)],
    ['Log out', () => r.logout(auth)],
    ['List all folders', () => r.listFolders(auth)],
    ['Get inbox message ids', () => r.inboxMessageIds(auth, { FolderId: own.outbox, MessageListFilter: 0, MustHaveAttachments: false })],
    ['Get message summaries', () => r.messageSummaries(auth, { FolderId: own.outbox, LastMessageIDReceived: 0 })],
    ['Get unread messages', () => r.unread(auth)],
    ['Search the inbox', () => r.search(auth, { Filter: tag, FolderId: own.outbox, PageNum: t.profile.messaging.firstPageNumber, PageSize: 10 })],
    ['Get message metadata', () => r.metadata(auth, own.mid)],
    ['Get a message', () => r.getMessage(auth, own.mid)],
    ['Get a MIME message', () => r.getMime(auth, own.mid)],
    ['Create a new folder', () => r.createFolder(auth, { FolderName: `${tag}-anon`, FolderType: 0 })],
    ['Send a message', () => r.send(auth, { To: [to], Subject: `${tag} anonymous`, TextBody: 'anonymous' })],
    ['Send a MIME message', () => r.sendMime(auth, `To: ${to}\r\nSubject: ${tag} anonymous\r\n\r\nanonymous\r\n`)],
    ['Move a message', () => r.move(auth, own.mid, own.folderId)],
    ['Retract a message', () => r.retract(auth, own.mid)],
    ['Delete a message', () => r.deleteMessage(auth, own.mid)],
    ['Delete a folder', () => r.deleteFolder(auth, own.folderId)],
  ];
}

/** primary (logged on) sends peer a message and makes an outbox folder: ids primary's key may use. */
async function owned(t: RuleContext): Promise<{ primary: MailSession; peer: MailSession; own: Owned }> {
  const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
  return t.given('primary sends peer a message and makes an outbox folder; with the key, both can be read', async () => {
    const mid = await primary.send([peer]);
    const folderId = await primary.createFolder(1);
    const { outbox } = await primary.systemFolders();
    expectSuccess(await t.rest.getMessage(primary.auth, mid), 'Get a message with the key');
    return { primary, peer, own: { mid, folderId, outbox } };
  });
}

async function expectAllRefused(t: RuleContext, auth: RestAuth, why: string): Promise<void> {
  const { primary, peer, own } = await owned(t);
  const accepted: string[] = [];
  // each call is refused on its own: they go together, and are read in their order
  const operations = sessionOperations(t, auth, own, peer.email);
  const answers = await Promise.all(operations.map(([, call]) => call()));
  for (const [i, [name]] of operations.entries()) {
    const res = answers[i]!;
    if (res.status < 400 || res.status >= 500) accepted.push(`${name} (${res.label}) answered HTTP ${res.status}`);
    // a target that wrongly accepted a call may have made something: remove it again
    const made = res.json as { MessageId?: unknown } | undefined;
    if (res.status < 300 && name === 'Create a new folder') {
      const id = await folderMadeAnyway(primary, res, `${t.prefix}-anon`);
      if (id !== undefined) t.onCleanup('delete the folder made without a key', () => t.rest.deleteFolder(primary.auth, id));
    }
    if (res.status < 300 && made?.MessageId !== undefined) primary.purgeAfter(Number(made.MessageId), [peer]);
  }
  check(accepted.length === 0, `${why}, every operation but Log on and Change password must be refused with a 4xx, even on a message and a folder the user may use with a key; ${accepted.join('; ')}.`);
}

rule(
  {
    ...base,
    id: 'messaging-rest.session.logon-first',
    spec: [
      { anchor: '§5/log-must-come-before-any', quote: 'Log on must come before any other function, except change password.' },
      { anchor: '§5/messaging-interface-authenticates-session-key', quote: 'The messaging interface authenticates with a session key from log on, sent in the X-Session-Key header (REST)' },
    ],
    operation: operationsOf('messaging-rest', ['messaging-rest.LogOn', 'messaging-rest.ChangePassword']),
    title: 'every operation other than Log on and Change password is refused (4xx) without a session key, on ids the user may use with one (rule 4: log on must come first)',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    await expectAllRefused(t, 'none', 'Without a session key');
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.session.unknown-key',
    spec: [
      { anchor: '§5/messaging-interface-authenticates-session-key', quote: 'The messaging interface authenticates with a session key from log on, sent in the X-Session-Key header (REST)' },
      { anchor: '§5/log-must-come-before-any', quote: 'Log on must come before any other function, except change password.' },
    ],
    operation: operationsOf('messaging-rest', ['messaging-rest.LogOn', 'messaging-rest.ChangePassword']),
    title: 'a session key that Log on never issued is refused (4xx) by every operation, on ids the user may use with a key (rule 4)',
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const madeUp = randomBytes(16).toString('hex').toUpperCase();
    await expectAllRefused(t, { sessionKey: madeUp }, 'With a made-up session key');
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.session.logout-invalidates',
    spec: [
      { anchor: '§4.3/log-out', quote: 'Invalidates the session key; later calls with it are invalid.' },
      { anchor: '§5/logout-invalidates-key', quote: 'Logout invalidates the key.' },
    ],
    operation: 'messaging-rest.LogOut',
    title: 'Log out invalidates the session key: later calls with it are refused (4xx)',
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const auth = await t.given('log on as primary', async () => ({
      sessionKey: expectBody(await t.rest.logon(t.account('primary')), LogOnResponseSchema, 'a SessionKey').SessionKey,
    }));
    await t.given('the key works before logging out', async () => expectSuccess(await t.rest.details(auth), 'Account details'));
    expectSuccess(await t.rest.logout(auth), 'Log out (spec §4.3: string response)');
    expectRefused(await t.rest.details(auth), 'spec §4.3: after Log out, calls with the key are invalid');
    expectRefused(await t.rest.listFolders(auth), 'spec §4.3: after Log out, calls with the key are invalid');
  },
);
