import { randomBytes } from 'node:crypto';
import { LogOnResponseSchema } from '../../contract/messaging.js';
import type { RestAuth } from '../../harness/clients/messaging-rest.js';
import { check, expectBody, expectDocumentedError, expectRefused, expectSuccess } from '../../harness/expect.js';
import { eventually } from '../../harness/eventually.js';
import type { HttpResponse } from '../../harness/http.js';
import { account, iface, shortSession } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §5 rule 4: the session key, its log-out, its expiry. */
const base = { interface: 'messaging-rest', level: 'must' } as const;

/** Every operation of spec §4.3 except Log on and Change password, called with `auth`. */
function sessionOperations(t: RuleContext, auth: RestAuth): Array<[string, () => Promise<HttpResponse>]> {
  const r = t.rest;
  const tag = t.prefix;
  // ids the caller cannot own; a refusal is expected before any lookup
  const mid = 2_000_000_001;
  return [
    ['Get your account details', () => r.details(auth)],
    ['Log out', () => r.logout(auth)],
    ['List all folders', () => r.listFolders(auth)],
    ['Create a new folder', () => r.createFolder(auth, { FolderName: `${tag}-anon`, FolderType: 0 })],
    ['Delete a folder', () => r.deleteFolder(auth, mid)],
    ['Get inbox message ids', () => r.inboxMessageIds(auth, { FolderId: 1, MessageListFilter: 0, MustHaveAttachments: false })],
    ['Get message summaries', () => r.messageSummaries(auth, { FolderId: 1, LastMessageIDReceived: 0 })],
    ['Get unread messages', () => r.unread(auth)],
    ['Search the inbox', () => r.search(auth, { Filter: tag, PageNum: 1, PageSize: 10 })],
    ['Get message metadata', () => r.metadata(auth, mid)],
    ['Get a message', () => r.getMessage(auth, mid)],
    ['Get a MIME message', () => r.getMime(auth, mid)],
    ['Send a message', () => r.send(auth, { To: [`${tag}@example.invalid`], Subject: tag, TextBody: 'anonymous' })],
    ['Send a MIME message', () => r.sendMime(auth, `To: ${tag}@example.invalid\r\nSubject: ${tag}\r\n\r\nanonymous\r\n`)],
    ['Move a message', () => r.move(auth, mid, 1)],
    ['Delete a message', () => r.deleteMessage(auth, mid)],
    ['Retract a message', () => r.retract(auth, mid)],
  ];
}

async function expectAllRefused(t: RuleContext, auth: RestAuth, why: string): Promise<void> {
  const accepted: string[] = [];
  for (const [name, call] of sessionOperations(t, auth)) {
    const res = await call();
    if (res.status < 400 || res.status >= 500) accepted.push(`${name} (${res.label}) answered HTTP ${res.status}`);
    // a target that wrongly accepted a call may have made something: remove it again
    const made = res.json as { FolderId?: unknown; MessageId?: unknown } | undefined;
    if (res.status < 300 && typeof made?.FolderId === 'number') t.onCleanup('delete the folder made without a key', () => t.rest.deleteFolder(auth, made.FolderId as number));
    if (res.status < 300 && made?.MessageId !== undefined) t.onCleanup('purge the message sent without a key', () => t.rest.deleteMessage(auth, Number(made.MessageId), true));
  }
  check(accepted.length === 0, `${why}, every operation but Log on and Change password must be refused with a 4xx; ${accepted.join('; ')}.`);
}

rule(
  {
    ...base,
    id: 'messaging-rest.session.logon-first',
    section: '§5',
    operation: 'every operation',
    title: 'every operation other than Log on and Change password is refused (4xx) without a session key (rule 4: log on must come first)',
    needs: [iface('messaging-rest')],
  },
  async (t) => {
    await expectAllRefused(t, 'none', 'Without a session key');
  },
);

rule(
  {
    ...base,
    id: 'messaging-rest.session.unknown-key',
    section: '§5',
    operation: 'every operation',
    title: 'a session key that Log on never issued is refused (4xx) by every operation (rule 4)',
    needs: [iface('messaging-rest')],
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
    section: '§4.3',
    operation: 'POST /Account/Logout',
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

rule(
  {
    ...base,
    id: 'messaging-rest.session.expired-key',
    section: '§7.2',
    operation: 'GET /Account/Details',
    title: 'a session key past its lifetime is refused with "SessionKey Expired"',
    needs: [iface('messaging-rest'), shortSession],
  },
  async (t) => {
    const { account: short, lifetimeSeconds } = t.profile.messaging.shortSession!;
    const auth = await t.given('log on as the short-session account', async () => ({
      sessionKey: expectBody(await t.rest.logon(short), LogOnResponseSchema, 'a SessionKey').SessionKey,
    }));
    t.onCleanup('log out', () => t.rest.logout(auth));
    await t.given('the key works at first', async () => expectSuccess(await t.rest.details(auth), 'Account details'));
    // the one way to wait (style.md 8): poll until the key lapses, within the run's deadline
    const refused = await eventually(
      `the session key to expire (messaging.shortSession.lifetimeSeconds = ${lifetimeSeconds})`,
      async () => {
        const res = await t.rest.details(auth);
        return res.status >= 400 ? res : undefined;
      },
      { timeoutMs: Math.max(t.run.settings.eventuallyTimeoutMs, lifetimeSeconds * 1000 + 5_000), intervalMs: 250 },
    );
    expectDocumentedError(refused, 'SessionKey Expired');
  },
);
