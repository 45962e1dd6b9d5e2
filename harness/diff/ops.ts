import fc from 'fast-check';
import type { OperationId } from '../../contract/operations.js';
import type { Side } from '../../generators/mailbox-model.js';

/**
 * The operations `diff` drives both targets with (issue 19, Build 3). The mailbox part is the
 * vocabulary of generators/mailbox-commands.ts (create and delete folders, send, read, move,
 * delete normal and permanent, retract, over REST and SOAP), plus read-backs of where a copy is
 * and of the listings; token and administration calls complete it. Items are named as the
 * mailbox commands name them, counted from the newest (`#0` is what was just made), so a
 * sequence replays on any target and shrinks by dropping steps. An operation that has nothing to
 * act on yet is skipped on both sides alike.
 */
export type Op =
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
  | { kind: 'soapFolders'; who: Side }
  | { kind: 'soapRead'; k: number }
  | { kind: 'soapMove'; who: Side; k: number; to: number }
  | { kind: 'soapDelete'; who: Side; k: number; permanently: boolean }
  | { kind: 'tokenCredentials' }
  | { kind: 'tokenGrantCase' }
  | { kind: 'tokenNoGrant' }
  | { kind: 'adminUserTypes' }
  | { kind: 'adminView'; who: Side };

/** One line per operation, as the reports print a sequence. */
export function describeOp(op: Op): string {
  const args = Object.entries(op)
    .filter(([k]) => k !== 'kind')
    .map(([k, v]) => (k === 'k' || k === 'to' ? `#${String(v)}` : k === 'permanently' ? (v ? 'permanently' : '') : k === 'type' ? `type ${String(v)}` : k === 'page' ? `page ${String(v)}` : String(v)))
    .filter(Boolean);
  return `${op.kind}(${args.join(', ')})`;
}

/** The spec operations (contract/operations.ts) each step performs: the rules judging them are the ones to run. */
export const STEP_OPERATIONS: Record<Op['kind'], OperationId[]> = {
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
  tokenCredentials: ['token.Token'],
  tokenGrantCase: ['token.Token'],
  tokenNoGrant: ['token.Token'],
  adminUserTypes: ['admin.GetUserTypes'],
  adminView: ['admin.ViewAccount'],
};

/** The interface (specs/ area) of each step, so a target that does not offer it skips it. */
export const areaOf = (op: Op): string => STEP_OPERATIONS[op.kind][0]!.split('.')[0]!;

const side = fc.constantFrom<Side>('sender', 'recipient');
/** mostly the newest item, as in generators/mailbox-commands.ts */
const index = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat({ max: 3 }) });
const permanently = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

/** Every step kind with its weight (repetition); the mailbox moves dominate, as in the model run. */
const STEPS: Array<[number, fc.Arbitrary<Op>]> = [
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
  [1, fc.constant({ kind: 'tokenCredentials' })],
  [1, fc.constant({ kind: 'tokenGrantCase' })],
  [1, fc.constant({ kind: 'tokenNoGrant' })],
  [1, fc.constant({ kind: 'adminUserTypes' })],
  [1, side.map((who) => ({ kind: 'adminView', who }))],
];

/** Random operation sequences; fast-check shrinks them by dropping and simplifying steps. */
export function opSequences(maxSteps: number): fc.Arbitrary<Op[]> {
  const step = fc.oneof(...STEPS.map(([weight, arbitrary]) => ({ weight, arbitrary })));
  // every sequence starts from one message sent, so its first steps already act on mail (as the mailbox model run does)
  return fc.array(step, { minLength: 1, maxLength: maxSteps }).map((ops): Op[] => [{ kind: 'send' }, ...ops]);
}

/**
 * One sequence with every step kind, tried before the random ones: a difference any single
 * step shows is found at once, then cut down to the steps that show it.
 */
export const CANONICAL: readonly Op[] = [
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
  { kind: 'tokenCredentials' },
  { kind: 'tokenGrantCase' },
  { kind: 'tokenNoGrant' },
  { kind: 'adminUserTypes' },
  { kind: 'adminView', who: 'recipient' },
];
