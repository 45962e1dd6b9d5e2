import type { Side } from '../../generators/mailbox-model.js';
import type { HttpResponse } from '../http.js';
import { keyOf } from '../clients/admin.js';
import { areaOf, describeOp, type Op } from './ops.js';
import type { DiffSession, Observation } from './session.js';

/**
 * Each step of a diff sequence done on one target (harness/diff/ops.ts), answered as an
 * Observation. Requests go through the suite's own clients, so they are the ones the rules send.
 */

const skipped = (step: string): Observation => ({ step, skipped: true });
const TYPE: Record<Side, 0 | 1> = { recipient: 0, sender: 1 };

async function soapKey(s: DiffSession, who: Side): Promise<string> {
  const known = s.soapKeys[who];
  if (known) return known;
  const answer = await s.clients.soap.logon(s.account(who));
  const key = answer.result?.trim();
  if (!key) throw new Error(`the SOAP log on as the ${who} answered HTTP ${answer.http.status}`);
  s.norm.word(key, '<secret>');
  s.soapKeys[who] = key;
  return key;
}

/** The id of a folder just created: from the answer (either form, clarification on folder-create answers), else by name. */
async function createdId(s: DiffSession, who: Side, res: HttpResponse, name: string): Promise<number | undefined> {
  const j = res.json as { FolderId?: unknown } | number | string | undefined;
  const direct = typeof j === 'object' && j !== null ? j.FolderId : j ?? res.text.trim();
  if (/^\d+$/.test(String(direct ?? ''))) return Number(direct);
  const list = await s.clients.rest.listFolders(s.rest(who));
  const folders = (list.json as { Folders?: Array<{ FolderId: number; FolderName: string }> } | undefined)?.Folders ?? [];
  return folders.find((f) => f.FolderName === name)?.FolderId;
}

async function createFolder(s: DiffSession, step: string, who: Side, type: 0 | 1, name: string): Promise<Observation> {
  const res = await s.clients.rest.createFolder(s.rest(who), { FolderName: name, FolderType: type });
  if (res.status >= 200 && res.status < 300) {
    const id = await createdId(s, who, res, name);
    if (id !== undefined) {
      s.folders.push({ id, owner: who, type, name });
      s.norm.id(id, `#f${s.folders.length}`, 'f');
    }
  }
  return s.observe(step, res);
}

/** Waits (briefly) for a sent message to reach the recipient's Inbox, as the mailbox model does. */
async function delivered(s: DiffSession, mid: number): Promise<void> {
  const inbox = s.home('recipient');
  if (inbox === undefined) return;
  for (let i = 0; i < 20; i++) {
    const res = await s.clients.rest.inboxMessageIds(s.rest('recipient'), { FolderId: inbox, MessageListFilter: 0, MustHaveAttachments: false });
    if (((res.json as { MessageIds?: number[] } | undefined)?.MessageIds ?? []).includes(mid)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function doStep(s: DiffSession, op: Op): Promise<Observation> {
  const step = describeOp(op);
  if (!s.offers(areaOf(op))) return skipped(step);
  const rest = s.clients.rest;
  switch (op.kind) {
    case 'folders':
      return s.observe(step, await rest.listFolders(s.rest(op.who)));
    case 'createFolder':
      return createFolder(s, step, op.who, op.type, `${s.tag} ${s.folders.length + 1}`);
    case 'createFolderLike': {
      if (s.folders.length === 0) return skipped(step);
      const f = s.folders[s.folders.length - 1 - (op.k % s.folders.length)]!;
      return createFolder(s, step, f.owner, f.type, f.name.toUpperCase());
    }
    case 'createFolderBlank':
      return s.observe(step, await rest.createFolder(s.rest(op.who), { FolderName: '', FolderType: TYPE[op.who] }));
    case 'deleteFolder': {
      if (s.folders.length === 0) return skipped(step);
      const f = s.folders[s.folders.length - 1 - (op.k % s.folders.length)]!;
      const res = await rest.deleteFolder(s.rest(f.owner), f.id);
      if (res.status >= 200 && res.status < 300) s.folders = s.folders.filter((x) => x !== f);
      return s.observe(step, res);
    }
    case 'send': {
      const res = await rest.send(s.rest('sender'), { To: [s.account('recipient').email], Subject: `${s.tag} m${s.mids.length + 1}`, TextBody: 'diff run' });
      const mid = (res.json as { MessageId?: unknown } | undefined)?.MessageId;
      if (/^\d+$/.test(String(mid ?? ''))) {
        s.mids.push(Number(mid));
        s.norm.id(Number(mid), `#m${s.mids.length}`, 'm');
        await delivered(s, Number(mid));
      }
      return s.observe(step, res);
    }
    default:
      return messageStep(s, op, step);
  }
}

async function messageStep(s: DiffSession, op: Op, step: string): Promise<Observation> {
  const rest = s.clients.rest;
  const mid = 'k' in op ? s.mid(op.k) : undefined;
  const needsMid = 'k' in op && op.kind !== 'createFolderLike' && op.kind !== 'deleteFolder';
  if (needsMid && mid === undefined) return skipped(step);
  const m = mid!;
  switch (op.kind) {
    case 'read': {
      const res = await rest.getMime(s.rest('recipient'), m);
      // the MIME text carries the server's own headers (Message-ID, Date): its presence is compared
      return { step, status: res.status, type: res.mediaType, body: res.status < 300 ? '<mime>' : s.observe(step, res).body };
    }
    case 'message':
      return s.observe(step, await rest.getMessage(s.rest(op.who), m));
    case 'metadata':
      return s.observe(step, await rest.metadata(s.rest(op.who), m));
    case 'move': {
      const dest = s.destination(op.who, op.to);
      if (dest === undefined) return skipped(step);
      return s.observe(step, await rest.move(s.rest(op.who), m, dest));
    }
    case 'delete':
      return s.observe(step, await rest.deleteMessage(s.rest(op.who), m, op.permanently));
    case 'retract':
      return s.observe(step, await rest.retract(s.rest('sender'), m));
    case 'where': {
      // which of the user's folders hold the copy now (spec §3.2 moves)
      const holding: unknown[] = [];
      for (const folder of s.everywhere(op.who)) {
        const res = await rest.inboxMessageIds(s.rest(op.who), { FolderId: folder, MessageListFilter: 0, MustHaveAttachments: false });
        if (res.status >= 300) holding.push({ folder: s.norm.known(folder, 'f'), status: res.status });
        else if (((res.json as { MessageIds?: unknown[] } | undefined)?.MessageIds ?? []).map(Number).includes(m)) holding.push(s.norm.known(folder, 'f'));
      }
      return { step, body: holding.length === 0 ? 'nowhere' : holding };
    }
    case 'unread':
      return s.observe(step, await rest.unread(s.rest('recipient')));
    case 'search':
      return s.observe(step, await rest.search(s.rest('recipient'), { Filter: s.tag, PageNum: op.page, PageSize: 10 }));
    case 'details':
      return s.observe(step, await rest.details(s.rest(op.who)));
    case 'logonUnknown':
      return s.observe(step, await rest.logon({ username: `nobody-${s.tag}@invalid.example`, password: 'not-a-password-1' }));
    case 'soapFolders':
      return s.observe(step, (await s.clients.soap.folderList(await soapKey(s, op.who))).http);
    case 'soapRead': {
      const answer = await s.clients.soap.getMime(await soapKey(s, 'recipient'), m);
      return { step, status: answer.http.status, type: answer.http.mediaType, body: answer.fault ? s.observe(step, answer.http).body : '<mime>' };
    }
    case 'soapMove': {
      const dest = s.destination(op.who, op.to);
      if (dest === undefined) return skipped(step);
      return s.observe(step, (await s.clients.soap.move(await soapKey(s, op.who), m, dest)).http);
    }
    case 'soapDelete':
      return s.observe(step, (await s.clients.soap.deleteMessage(await soapKey(s, op.who), TYPE[op.who], m, op.permanently)).http);
    default:
      return otherStep(s, op, step);
  }
}

async function otherStep(s: DiffSession, op: Op, step: string): Promise<Observation> {
  const token = s.clients.token;
  const a = s.account('sender');
  switch (op.kind) {
    case 'tokenCredentials':
      return s.observe(step, await token.clientCredentials(a));
    case 'tokenGrantCase':
      return s.observe(step, await token.token({ grant_type: 'Client_Credentials', client_id: a.username, client_secret: a.password }));
    case 'tokenNoGrant':
      return s.observe(step, await token.token({ client_id: a.username, client_secret: a.password }));
    case 'adminUserTypes':
    case 'adminView': {
      const admin = s.profile.admin;
      if (!admin) return skipped(step);
      const keyRes = await s.clients.admin.sessionKey({ Email: admin.email });
      const key = keyOf(keyRes);
      if (!key) return s.observe(`${step}: get a session key`, keyRes);
      s.norm.word(key, '<secret>');
      const res = op.kind === 'adminUserTypes' ? await s.clients.admin.userTypes(key) : await s.clients.admin.viewAccount(key, { Email: s.account(op.who).email });
      return s.observe(step, res);
    }
    default:
      return skipped(step);
  }
}
