import { randomBytes } from 'node:crypto';
import { FolderListSchema, MessageIdsSchema, SearchResponseSchema, SendResponseSchema, LogOnResponseSchema } from '../../../contract/messaging.js';
import type { Account } from '../../../contract/profile.js';
import type { RestAuth } from '../../../harness/clients/messaging-rest.js';
import type { HttpResponse } from '../../../harness/http.js';
import { documentedErrorText } from '../../../harness/expect.js';
import { answeredFolderId } from '../../../harness/fixtures/mail-folders.js';
import { MESSAGING_ERROR_TEXTS } from '../../../contract/messaging-errors.js';
import { ASTRAL_NAME_CHARS } from '../../../generators/folder-name.js';
import { finder, type DiscoveryContext } from '../context.js';
import type { Finding, Probe } from '../types.js';

const ok = (res: HttpResponse) => res.status >= 200 && res.status < 300;

/** A session key for `account` (spec §4.3 Log on), learnt by the redactor. */
async function logOn(ctx: DiscoveryContext, account: Account | undefined): Promise<RestAuth | undefined> {
  if (!account) return undefined;
  const parsed = LogOnResponseSchema.safeParse((await ctx.clients().rest.logon(account)).json);
  if (!parsed.success) return undefined;
  ctx.redact.learn(parsed.data.SessionKey);
  return { sessionKey: parsed.data.SessionKey };
}

/** primary sends peer `count` messages whose subjects carry one tag; each is purged from both mailboxes at the end. */
async function sendToPeer(ctx: DiscoveryContext, primary: RestAuth, peerAuth: RestAuth, count: number): Promise<{ tag: string; mids: number[] }> {
  const tag = ctx.name('mail');
  const mids: number[] = [];
  const peer = ctx.profile.accounts.peer!;
  for (let i = 0; i < count; i++) {
    const res = await ctx.clients().rest.send(primary, { To: [peer.email], Subject: `${tag} ${i}`, TextBody: 'conformance discovery' });
    const sent = SendResponseSchema.safeParse(res.json);
    if (!sent.success) throw new Error(`Send a message answered HTTP ${res.status}, not a MessageId`);
    const mid = sent.data.MessageId;
    mids.push(mid);
    ctx.onCleanup(`purge message ${mid}`, async () => {
      // each copy purged (spec §3.2 permanent delete); a copy already gone answers a refusal, which is fine
      for (const [who, auth] of [['peer', peerAuth], ['primary', primary]] as const) {
        await ctx.clients().rest.deleteMessage(auth, mid, true);
        const left = await ctx.clients().rest.getMessage(auth, mid);
        if (ok(left)) throw new Error(`${who}'s copy of message ${mid} is still readable after a permanent delete`);
      }
    });
  }
  return { tag, mids };
}

/** spec §3.2 names the system folders; their list names: not shown (the default list holds every catalogued reading). */
export const mailFolders: Probe = {
  name: 'mail-folders',
  keys: ['messaging.systemFolderNames'],
  async run(ctx) {
    const f = finder(ctx, 'system-folder-names');
    const auth = await logOn(ctx, ctx.profile.accounts.primary);
    if (!auth) return [f.ambiguous('messaging.systemFolderNames', 'every reading', 'the primary account could not log on; the default stays', [ctx.mark()])];
    const listed = FolderListSchema.safeParse((await ctx.clients().rest.listFolders(auth)).json);
    const at = ctx.mark();
    if (!listed.success) return [f.none('messaging.systemFolderNames', 'List folders answered no Folders list', ['messaging-rest.folder.list-statistics'], [at])];
    const names = listed.data.Folders.map((x) => x.FolderName.toLowerCase());
    const defaults = ctx.profile.messaging.systemFolderNames;
    const outbox = defaults.outbox.filter((n) => names.includes(n.toLowerCase()));
    const missing = (['inbox', 'drafts', 'trash', 'deletedTrash'] as const).filter((k) => !defaults[k].some((n) => names.includes(n.toLowerCase())));
    if (missing.length > 0 || outbox.length === 0) {
      return [f.none('messaging.systemFolderNames', `the folder list names no folder for ${[...missing, ...(outbox.length ? [] : ['outbox'])].join(', ')} under any catalogued name`, ['messaging-rest.folder.list-statistics', 'messaging-rest.folder.system-undeletable'], [at])];
    }
    if (outbox.length > 1) return [f.ambiguous('messaging.systemFolderNames', outbox.join(', '), `the folder list holds several catalogued Outbox names (${outbox.join(', ')}); the default stays`, [at])];
    // the default lists already name every catalogued reading, so they stay as they are
    return [f.decided('messaging.systemFolderNames', defaults, outbox[0]!, `the folder list names the Outbox "${outbox[0]}"; the default lists, which name every catalogued reading, are kept`, [at])];
  },
};

/**
 * spec §3.2 'The server controls the trash mechanism' (M4) and §2.3 SearchInbox PageNum (M11):
 * both read from messages primary sends peer. Pages of size 1 over two messages: the first page
 * is the number whose page holds a message while the page two further on is empty.
 */
export const searchFirstPage: Probe = {
  name: 'search-first-page',
  keys: ['messaging.firstPageNumber'],
  async run(ctx) {
    const f = finder(ctx, 'search-semantics');
    const [primary, peer] = [await logOn(ctx, ctx.profile.accounts.primary), await logOn(ctx, ctx.profile.accounts.peer)];
    if (!primary || !peer) return [f.ambiguous('messaging.firstPageNumber', 'pages count from 1, or from 0', 'the primary and peer accounts could not both log on; the default stays', [ctx.mark()])];
    const { tag } = await sendToPeer(ctx, primary, peer, 2);
    const marks: number[] = [];
    const page = async (PageNum: number) => {
      const res = await ctx.clients().rest.search(peer, { Filter: tag, GetInboxUnReadOnly: false, GetRetractedMsgs: false, OrderBy: ctx.profile.messaging.searchOrderBy[0], OrderDesc: false, PageNum, PageSize: 1 });
      marks.push(ctx.mark());
      const parsed = SearchResponseSchema.safeParse(res.json);
      return ok(res) && parsed.success ? parsed.data.Results.length : 0;
    };
    const [p0, p1, p2] = [await page(0), await page(1), await page(2)];
    if (p1 === 1 && p2 === 1) return [f.decided('messaging.firstPageNumber', 1, 'pages count from 1', 'of two messages, pages 1 and 2 (size 1) each held one: pages count from 1', marks)];
    if (p0 === 1 && p1 === 1 && p2 === 0) return [f.decided('messaging.firstPageNumber', 0, 'pages count from 0', 'of two messages, pages 0 and 1 (size 1) each held one and page 2 none: pages count from 0', marks)];
    return [f.none('messaging.firstPageNumber', `pages 0, 1, 2 (size 1) over two messages held ${p0}, ${p1}, ${p2}: neither numbering`, ['messaging-rest.search.paging'], marks)];
  },
};

export const mailTrash: Probe = {
  name: 'mail-trash',
  keys: ['messaging.trashAdvance'],
  async run(ctx) {
    const f = finder(ctx, 'trash-mechanism');
    const [primary, peer] = [await logOn(ctx, ctx.profile.accounts.primary), await logOn(ctx, ctx.profile.accounts.peer)];
    if (!primary || !peer) return [f.ambiguous('messaging.trashAdvance', 'every reading', 'the primary and peer accounts could not both log on; the default stays', [ctx.mark()])];
    const { mids } = await sendToPeer(ctx, primary, peer, 1);
    const mid = mids[0]!;
    const rest = ctx.clients().rest;
    const first = await rest.deleteMessage(peer, mid);
    const marks = [ctx.mark()];
    const second = await rest.deleteMessage(peer, mid);
    marks.push(ctx.mark());
    const after = await rest.getMessage(peer, mid);
    marks.push(ctx.mark());
    if (!ok(first) || !ok(second)) return [f.none('messaging.trashAdvance', `the deletes answered HTTP ${first.status} and ${second.status}`, ['messaging-rest.delete.to-trash', 'messaging-rest.delete.trash-sequence'], marks)];
    // the delete from Trash moved the copy on (Deleted Trash: still peer's to read), or ended it (the server alone moves copies on)
    if (ok(after)) return [f.decided('messaging.trashAdvance', 'delete', 'each delete moves the copy one step', 'after a second delete the message was still peer’s to read (moved on to Deleted Trash by the delete)', marks)];
    return [f.decided('messaging.trashAdvance', 'server', 'the server moves it on by itself', 'a delete from Trash ended the copy: the server, not a delete, moves copies on to Deleted Trash', marks)];
  },
};

/** spec §4.3 Change password needs no session key (§5.6); the field naming the user: not shown (M1). */
export const changePassword: Probe = {
  name: 'change-password',
  keys: ['messaging.changePasswordUserField'],
  async run(ctx) {
    const f = finder(ctx, 'change-password-user');
    const account = ctx.profile.messaging.passwordChangeAccounts?.[0];
    if (!account) return [f.ambiguous('messaging.changePasswordUserField', 'EmailAddr or another field', 'the profile names no password-change account (messaging.passwordChangeAccounts); the default stays', [])];
    const marks: number[] = [];
    for (const field of ['EmailAddr', 'UserIdOrEmail'] as const) {
      const fresh = `Cf-${randomBytes(9).toString('base64url')}-7x!`;
      ctx.redact.learn(fresh);
      const res = await ctx.clients({ 'messaging.changePasswordUserField': field }).rest.changePasswordWithoutKey(account, account.password, fresh);
      marks.push(ctx.mark());
      if (!ok(res)) continue;
      // changed: change it back at once, so the account is as the vendor gave it
      const back = await ctx.clients({ 'messaging.changePasswordUserField': field }).rest.changePasswordWithoutKey(account, fresh, account.password);
      marks.push(ctx.mark());
      if (!ok(back)) ctx.onCleanup(`restore the password of ${account.email}`, () => Promise.reject(new Error(`the password could not be changed back (HTTP ${back.status}); reset it by hand`)));
      return [f.decided('messaging.changePasswordUserField', field, field === 'EmailAddr' ? 'the user is named by EmailAddr' : 'by another field (UserIdOrEmail)', `Change password without a session key was accepted with the user in ${field} (and changed back)`, marks)];
    }
    return [f.none('messaging.changePasswordUserField', 'Change password without a session key was refused with the user in EmailAddr and in UserIdOrEmail', ['messaging-rest.change-password.without-key'], marks)];
  },
};

/**
 * spec §8 'at most 65 characters' (M2): one folder whose name is 65 code points (and graphemes)
 * but more than 65 UTF-16 units. Accepted: the target counts code points; refused as too long:
 * UTF-16 units. The folder is deleted at once.
 */
export const folderNameUnit: Probe = {
  name: 'folder-name-unit',
  keys: ['messaging.folderNameUnit'],
  async run(ctx) {
    const f = finder(ctx, 'folder-name-characters');
    const auth = await logOn(ctx, ctx.profile.accounts.primary);
    if (!auth) return [f.ambiguous('messaging.folderNameUnit', 'every reading', 'the primary account could not log on; the default stays', [ctx.mark()])];
    const tag = `${ctx.name('unit')}-`;
    const name = tag + [...ASTRAL_NAME_CHARS].slice(0, 65 - tag.length).join('');
    const rest = ctx.clients().rest;
    const res = await rest.createFolder(auth, { FolderName: name, FolderType: 0 });
    const at = ctx.mark();
    if (ok(res)) {
      const listed = FolderListSchema.safeParse((await rest.listFolders(auth)).json);
      const id = answeredFolderId(res) ?? (listed.success ? listed.data.Folders.find((x) => x.FolderName === name)?.FolderId : undefined);
      if (id !== undefined) await rest.deleteFolder(auth, id);
      return [f.decided('messaging.folderNameUnit', 'code-points', 'code points', `a folder name of 65 code points (${name.length} UTF-16 units) was accepted`, [at])];
    }
    if (documentedErrorText(res) === MESSAGING_ERROR_TEXTS.folderNameTooLong) {
      return [f.decided('messaging.folderNameUnit', 'utf16', 'UTF-16 units', `a folder name of 65 code points but ${name.length} UTF-16 units was refused as too long`, [at])];
    }
    return [f.none('messaging.folderNameUnit', `a folder name of 65 code points answered HTTP ${res.status}, neither created nor refused as too long`, ['messaging-rest.limits.folder-name-astral'], [at])];
  },
};

/**
 * spec §2.3 GetInboxMIDRequest (MessageListFilter an int with no values; M20): vendor-wire §1.2's
 * codes, read from two messages primary sends peer, one of which peer retrieves as MIME (§3.2:
 * read). MessageListFilter 1 lists the unread one only, and FolderId -1 both: the vendor's codes.
 */
export const inboxIdCodes: Probe = {
  name: 'inbox-id-codes',
  keys: ['messaging.inboxIdCodes'],
  async run(ctx) {
    const f = finder(ctx, 'inbox-id-codes');
    const [primary, peer] = [await logOn(ctx, ctx.profile.accounts.primary), await logOn(ctx, ctx.profile.accounts.peer)];
    if (!primary || !peer) return [f.ambiguous('messaging.inboxIdCodes', 'vendor or none', 'the primary and peer accounts could not both log on; the default stays', [ctx.mark()])];
    const rest = ctx.clients().rest;
    const folders = FolderListSchema.safeParse((await rest.listFolders(peer)).json);
    const names = ctx.profile.messaging.systemFolderNames.inbox.map((n) => n.toLowerCase());
    const inbox = folders.success ? folders.data.Folders.find((x) => names.includes(x.FolderName.toLowerCase()))?.FolderId : undefined;
    const marks = [ctx.mark()];
    if (inbox === undefined) return [f.ambiguous('messaging.inboxIdCodes', 'vendor or none', "peer's folder list names no Inbox; the default stays", marks)];
    const [unread, read] = (await sendToPeer(ctx, primary, peer, 2)).mids as [number, number];
    await rest.getMime(peer, read);
    const ids = async (FolderId: number, MessageListFilter: number) => {
      const res = await rest.inboxMessageIds(peer, { FolderId, MessageListFilter, MustHaveAttachments: false });
      marks.push(ctx.mark());
      const parsed = MessageIdsSchema.safeParse(res.json);
      return ok(res) && parsed.success ? parsed.data.MessageIds : undefined;
    };
    const [filtered, every] = [await ids(inbox, 1), await ids(-1, 0)];
    const vendorFilter = filtered?.includes(unread) && !filtered.includes(read);
    const vendorEvery = every?.includes(unread) && every.includes(read);
    if (vendorFilter && vendorEvery) return [f.decided('messaging.inboxIdCodes', 'vendor', "vendor-wire §1.2's codes", 'MessageListFilter 1 listed the unread message and not the read one; FolderId -1 listed both', marks)];
    if (!vendorFilter && !vendorEvery) return [f.decided('messaging.inboxIdCodes', 'none', 'neither code is read', `MessageListFilter 1 ${filtered ? 'did not keep to the unread message' : 'was refused'}; FolderId -1 ${every ? 'did not list both' : 'was refused'}`, marks)];
    return [f.ambiguous('messaging.inboxIdCodes', 'vendor or none', `the target reads ${vendorFilter ? 'MessageListFilter 1' : 'FolderId -1'} as the vendor does and not the other; the default stays`, marks)];
  },
};
