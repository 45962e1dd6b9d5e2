import fc from 'fast-check';
import type { Side } from '../../../generators/mailbox-model.js';
import { eventually } from '../../../harness/eventually.js';
import type { HttpResponse } from '../../../harness/http.js';
import type { DiffSession, Observation } from '../session.js';
import { skipped, type StepFamily } from './family.js';
import { soapFolders, soapStep, TYPE, type SoapMailboxOp } from './mailbox-soap.js';

/**
 * The mailbox, over REST and SOAP: the vocabulary of generators/mailbox-commands.ts (create and
 * delete folders, send, read, move, delete normal and permanent, retract) plus read-backs of where
 * a copy is and of the listings. Items are named as the mailbox commands name them, counted from
 * the newest (`#0` is what was just made), so a sequence replays on any target and shrinks by
 * dropping steps; a step with nothing to act on yet is skipped on both sides alike.
 */
export type MailboxOp =
  | { kind: 'folders'; who: Side }
  | { kind: 'createFolder'; who: Side; type: 0 | 1 }
  /** a folder named like the k-th custom folder but in upper case (spec silent on name case) */
  | { kind: 'createFolderLike'; k: number }
  | { kind: 'createFolderBlank'; who: Side }
  | { kind: 'deleteFolder'; k: number }
  | { kind: 'send' }
  | { kind: 'read'; k: number }
  | { kind: 'message'; who: Side; k: number }
  | { kind: 'metadata'; who: Side; k: number }
  | { kind: 'move'; who: Side; k: number; to: number }
  | { kind: 'delete'; who: Side; k: number; permanently: boolean }
  | { kind: 'retract'; k: number }
  | { kind: 'where'; who: Side; k: number }
  | { kind: 'unread' }
  | { kind: 'search'; page: 0 | 1 }
  | { kind: 'details'; who: Side }
  | { kind: 'logonUnknown' }
  | SoapMailboxOp;

export const side = fc.constantFrom<Side>('sender', 'recipient');
/** mostly the newest item, as in generators/mailbox-commands.ts */
export const index = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat({ max: 3 }) });
const permanently = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

/** The id of a folder just created: from the answer (either form, clarification on folder-create answers), else by name. */
export async function createdId(s: DiffSession, who: Side, res: HttpResponse, name: string): Promise<number | undefined> {
  const j = res.json as { FolderId?: unknown } | number | string | undefined;
  const direct = typeof j === 'object' && j !== null ? j.FolderId : j ?? res.text.trim();
  if (/^\d+$/.test(String(direct ?? ''))) return Number(direct);
  const list = await s.clients.rest.listFolders(s.rest(who));
  const folders = (list.json as { Folders?: Array<{ FolderId: number; FolderName: string }> } | undefined)?.Folders ?? [];
  // a server may have trimmed the name (common.input-trimming)
  return (folders.find((f) => f.FolderName === name) ?? folders.find((f) => f.FolderName === name.trim()))?.FolderId;
}

/** Creates a folder of the sequence (its id learnt and kept for cleanup) and observes the answer. */
export async function createFolder(s: DiffSession, step: string, who: Side, type: 0 | 1, name: string, sentType: unknown = type): Promise<Observation> {
  const res = await s.clients.rest.createFolder(s.rest(who), { FolderName: name, FolderType: sentType });
  if (res.status >= 200 && res.status < 300) {
    const id = await createdId(s, who, res, name);
    if (id !== undefined) {
      s.folders.push({ id, owner: who, type, name });
      s.norm.id(id, `#f${s.folders.length}`, 'f');
    }
  }
  return s.observe(step, res);
}

/** how long a sent message may take to reach the recipient before the diff goes on */
const DELIVERY_MS = 2_000;

/** Waits (briefly: two seconds at most) for a sent message to reach the recipient's Inbox, as the mailbox model does; a message still missing then is what the next steps observe. */
export async function delivered(s: DiffSession, mid: number): Promise<void> {
  const inbox = s.home('recipient');
  if (inbox === undefined) return;
  const arrived = async () => {
    const res = await s.clients.rest.inboxMessageIds(s.rest('recipient'), { FolderId: inbox, MessageListFilter: 0, MustHaveAttachments: false });
    return ((res.json as { MessageIds?: number[] } | undefined)?.MessageIds ?? []).includes(mid) ? true : undefined;
  };
  await eventually(`message ${mid} in the recipient's Inbox`, arrived, { timeoutMs: DELIVERY_MS }).catch(() => undefined);
}

async function folderStep(s: DiffSession, op: MailboxOp, step: string): Promise<Observation> {
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
    case 'unread':
      return s.observe(step, await rest.unread(s.rest('recipient')));
    case 'search':
      return s.observe(step, await rest.search(s.rest('recipient'), { Filter: s.tag, PageNum: op.page, PageSize: 10 }));
    case 'details':
      return s.observe(step, await rest.details(s.rest(op.who)));
    case 'logonUnknown':
      return s.observe(step, await rest.logon({ username: `nobody-${s.tag}@invalid.example`, password: 'not-a-password-1' }));
    case 'soapFolders':
      return soapFolders(s, op.who, step);
    default:
      return messageStep(s, op, step);
  }
}

/** The steps that act on the k-th newest message. */
async function messageStep(s: DiffSession, op: MailboxOp, step: string): Promise<Observation> {
  const rest = s.clients.rest;
  const m = 'k' in op ? s.mid(op.k) : undefined;
  if (m === undefined) return skipped(step);
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
    default:
      return soapStep(s, op as Parameters<typeof soapStep>[1], step, m);
  }
}

export const MAILBOX: StepFamily<MailboxOp> = {
  operations: {
    folders: ['messaging-rest.ListFolders'],
    createFolder: ['messaging-rest.CreateFolder'],
    createFolderLike: ['messaging-rest.CreateFolder'],
    createFolderBlank: ['messaging-rest.CreateFolder'],
    deleteFolder: ['messaging-rest.DeleteFolder'],
    send: ['messaging-rest.SendMessage'],
    read: ['messaging-rest.GetMimeMessage'],
    message: ['messaging-rest.GetMessage'],
    metadata: ['messaging-rest.GetMessageMetadata'],
    move: ['messaging-rest.MoveMessage'],
    delete: ['messaging-rest.DeleteMessage'],
    retract: ['messaging-rest.RetractMessage'],
    where: ['messaging-rest.GetInboxMessageIds'],
    unread: ['messaging-rest.GetUnreadMessages'],
    search: ['messaging-rest.SearchInbox'],
    details: ['messaging-rest.GetAccountDetails'],
    logonUnknown: ['messaging-rest.LogOn'],
    soapFolders: ['messaging-soap.GetFolderList'],
    soapRead: ['messaging-soap.GetMIMEMessage'],
    soapMove: ['messaging-soap.MoveMessage'],
    soapDelete: ['messaging-soap.DeleteMessage'],
  },
  steps: [
    [2, side.map((who) => ({ kind: 'folders', who }))],
    [2, fc.tuple(side, fc.constantFrom<0 | 1>(0, 1)).map(([who, type]) => ({ kind: 'createFolder', who, type }))],
    [1, index.map((k) => ({ kind: 'createFolderLike', k }))],
    [1, side.map((who) => ({ kind: 'createFolderBlank', who }))],
    [1, index.map((k) => ({ kind: 'deleteFolder', k }))],
    [3, fc.constant({ kind: 'send' })],
    [2, index.map((k) => ({ kind: 'read', k }))],
    [1, fc.tuple(side, index).map(([who, k]) => ({ kind: 'message', who, k }))],
    [1, fc.tuple(side, index).map(([who, k]) => ({ kind: 'metadata', who, k }))],
    [2, fc.tuple(side, index, index).map(([who, k, to]) => ({ kind: 'move', who, k, to }))],
    [4, fc.tuple(side, index, permanently).map(([who, k, p]) => ({ kind: 'delete', who, k, permanently: p }))],
    [1, index.map((k) => ({ kind: 'retract', k }))],
    [3, fc.tuple(side, index).map(([who, k]) => ({ kind: 'where', who, k }))],
    [1, fc.constant({ kind: 'unread' })],
    [1, fc.constantFrom<0 | 1>(0, 1).map((page) => ({ kind: 'search', page }))],
    [1, side.map((who) => ({ kind: 'details', who }))],
    [1, fc.constant({ kind: 'logonUnknown' })],
    [1, side.map((who) => ({ kind: 'soapFolders', who }))],
    [1, index.map((k) => ({ kind: 'soapRead', k }))],
    [1, fc.tuple(side, index, index).map(([who, k, to]) => ({ kind: 'soapMove', who, k, to }))],
    [1, fc.tuple(side, index, permanently).map(([who, k, p]) => ({ kind: 'soapDelete', who, k, permanently: p }))],
  ],
  canonical: [
    { kind: 'send' },
    { kind: 'folders', who: 'sender' },
    { kind: 'folders', who: 'recipient' },
    { kind: 'createFolder', who: 'recipient', type: 0 },
    { kind: 'createFolder', who: 'sender', type: 1 },
    { kind: 'createFolderLike', k: 0 },
    { kind: 'createFolderBlank', who: 'recipient' },
    { kind: 'move', who: 'recipient', k: 0, to: 0 },
    { kind: 'where', who: 'recipient', k: 0 },
    { kind: 'read', k: 0 },
    { kind: 'message', who: 'recipient', k: 0 },
    { kind: 'metadata', who: 'sender', k: 0 },
    { kind: 'metadata', who: 'recipient', k: 0 },
    { kind: 'delete', who: 'recipient', k: 0, permanently: false },
    { kind: 'where', who: 'recipient', k: 0 },
    { kind: 'delete', who: 'recipient', k: 0, permanently: false },
    { kind: 'where', who: 'recipient', k: 0 },
    { kind: 'read', k: 0 },
    { kind: 'send' },
    { kind: 'unread' },
    { kind: 'search', page: 0 },
    { kind: 'search', page: 1 },
    { kind: 'details', who: 'sender' },
    { kind: 'logonUnknown' },
    { kind: 'soapFolders', who: 'sender' },
    { kind: 'soapRead', k: 0 },
    { kind: 'soapMove', who: 'sender', k: 0, to: 0 },
    { kind: 'soapDelete', who: 'sender', k: 0, permanently: false },
    { kind: 'retract', k: 0 },
    { kind: 'deleteFolder', k: 0 },
  ],
  run: folderStep,
};
