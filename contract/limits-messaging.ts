import { limit, type Enforcement, type Limit } from './limit-types.js';
import { MESSAGING_ERROR_TEXTS as TEXT } from './messaging-errors.js';

/**
 * The messaging limits (spec §2.3, §8, §7.2 CreateFolder), as rows of the limits table
 * (contract/limits.ts). Folder names are counted in characters: the rows differ in the characters
 * they are made of, since UTF-8 bytes, UTF-16 units and code points agree only for ASCII.
 */

/** What a folder name is made of beyond the run tag (ASCII): each row's characters. */
export type NameChars = 'ascii' | 'bmp' | 'astral';

/** A folder name of `length` characters of one kind, counted in the target's unit (profile messaging.folderNameUnit). */
export interface FolderNameValue {
  readonly chars: NameChars;
  readonly length: number;
}

/** The kind of a name: astral if any character lies beyond the BMP, else bmp if any is not ASCII. */
export function nameCharsOf(name: string): NameChars {
  if ([...name].some((c) => c.codePointAt(0)! > 0xffff)) return 'astral';
  return /[^\x00-\x7f]/.test(name) ? 'bmp' : 'ascii';
}

/** spec §8 'at most 65 characters' */
export const FOLDER_NAME_MAX = 65;

const NAME_SPEC = [
  { anchor: '§8/folder-name-length', quote: 'at most 65 characters' },
  { anchor: '§2.3/folder-create', quote: 'FolderName (string, at most 65 characters)' },
  { anchor: '§7.2/folder-could-not-created-folder-name-too', quote: 'Folder could not be created. The Folder Name is too long | Name over 65 characters' },
] as const;

const nameEdges = (chars: NameChars, unit: string) =>
  ([['under', -1], ['at', 0], ['over', 1]] as const).map(([edge, d]) => ({
    edge,
    value: { chars, length: FOLDER_NAME_MAX + d },
    accepted: d <= 0,
    shows: `${FOLDER_NAME_MAX + d} ${unit}`,
  }));

const CREATE_FOLDER = ['messaging-rest.CreateFolder', 'messaging-soap.CreateFolder'] as const;

export const FOLDER_NAME_ASCII = limit<FolderNameValue>({
  id: 'folder-name-ascii',
  title: 'FolderName length in ASCII characters',
  spec: NAME_SPEC,
  unit: 'characters of ASCII (one UTF-8 byte, one UTF-16 unit, one code point each)',
  refusal: TEXT.folderNameTooLong,
  edges: nameEdges('ascii', 'ASCII characters'),
  appliesTo: [
    {
      operation: 'messaging-rest.CreateFolder',
      cells: {
        at: { rule: 'messaging-rest.folder.name-max-65', fault: 'messaging-rest.folder-limit-64' },
        over: { rule: 'messaging-rest.folder.name-66-refused', fault: 'messaging-rest.folder-limit-66' },
      },
    },
    {
      operation: 'messaging-soap.CreateFolder',
      cells: {
        at: { rule: 'messaging-soap.create-folder.name-length', fault: 'messaging-soap.folder-limit-64' },
        over: { rule: 'messaging-soap.create-folder.name-length', fault: 'messaging-soap.folder-limit-66' },
      },
    },
  ],
});

export const FOLDER_NAME_BMP = limit<FolderNameValue>({
  id: 'folder-name-multibyte',
  title: 'FolderName length in characters of two and three UTF-8 bytes',
  spec: NAME_SPEC,
  unit: 'characters of the Basic Multilingual Plane beyond ASCII (2 or 3 UTF-8 bytes, one UTF-16 unit, one code point each): characters, not bytes',
  refusal: TEXT.folderNameTooLong,
  edges: nameEdges('bmp', 'characters of 2-3 UTF-8 bytes'),
  appliesTo: CREATE_FOLDER.map((operation) => ({ operation })),
});

export const FOLDER_NAME_ASTRAL = limit<FolderNameValue>({
  id: 'folder-name-astral',
  title: 'FolderName length in characters beyond the Basic Multilingual Plane',
  spec: [...NAME_SPEC, { anchor: '§8/folder-name-length', quote: 'at most 65 characters', silence: 'folder-name-characters' }],
  unit: 'characters beyond the BMP (4 UTF-8 bytes, 2 UTF-16 units, one code point each), counted as the target declares (profile messaging.folderNameUnit; clarification M2)',
  refusal: TEXT.folderNameTooLong,
  edges: nameEdges('astral', 'characters (astral, in the declared unit)'),
  appliesTo: CREATE_FOLDER.map((operation) => ({ operation })),
});

export interface FolderTypeValue {
  readonly type: number;
}

export const FOLDER_TYPE = limit<FolderTypeValue>({
  id: 'folder-type',
  title: 'FolderType 0 (inbox) or 1 (outbox)',
  spec: [
    { anchor: '§8/folder-type', quote: '0 (inbox) or 1 (outbox) only' },
    { anchor: '§2.3/folder-create', quote: 'FolderType (int: 0 = inbox, 1 = outbox)' },
    { anchor: '§7.2/folder-could-not-created-folder-type', quote: 'Folder could not be created. The Folder Type and Folder Name is invalid | Folder type is not 0 or 1' },
  ],
  unit: 'the integer FolderType',
  refusal: TEXT.folderTypeInvalid,
  edges: [
    { edge: 'below-min', value: { type: -1 }, accepted: false, shows: 'FolderType -1' },
    { edge: 'min', value: { type: 0 }, accepted: true, shows: 'FolderType 0' },
    { edge: 'max', value: { type: 1 }, accepted: true, shows: 'FolderType 1' },
    { edge: 'above-max', value: { type: 2 }, accepted: false, shows: 'FolderType 2' },
  ],
  appliesTo: [
    {
      operation: 'messaging-rest.CreateFolder',
      cells: {
        'below-min': { rule: 'messaging-rest.folder.type-0-or-1', fault: 'messaging-rest.folder-type-minus-1-accepted' },
        min: { rule: 'messaging-rest.folder.create' },
        max: { rule: 'messaging-rest.folder.create' },
        'above-max': { rule: 'messaging-rest.folder.type-0-or-1', fault: 'messaging-rest.folder-type-2-accepted' },
      },
    },
    {
      operation: 'messaging-soap.CreateFolder',
      cells: {
        'below-min': { rule: 'messaging-soap.create-folder.type-invalid', fault: 'messaging-soap.folder-type-negative-accepted' },
        min: { rule: 'messaging-soap.create-folder.new-fid' },
        max: { rule: 'messaging-soap.create-folder.new-fid' },
        'above-max': { rule: 'messaging-soap.create-folder.type-invalid', fault: 'messaging-soap.folder-type-2-accepted' },
      },
    },
  ],
});

/** 2 GB: the spec says neither 2^31 nor 2·10^9 bytes; the table shows the edges in words only. */
const TWO_GB_UNAFFORDABLE =
  'each edge needs one request carrying an attachment of about 2 GB (2^31 or 2·10^9 bytes; the spec does not say which), about 400,000 times what a whole conformance run sends (~5,000 exchanges of a few kB), and the reference reads no request over 256 kB';

const UNAFFORDABLE: Enforcement = { status: 'not observable', reason: TWO_GB_UNAFFORDABLE };

export const ATTACHMENT_SIZE = limit<{ readonly bytes: string }>({
  id: 'attachment-size',
  title: 'Attachment file size up to 2 GB',
  spec: [
    { anchor: '§8/attachment-file-size', quote: 'files over 2 GB are not supported' },
    { anchor: '§7.2/file-sizes-2gb-not-supported', quote: 'File sizes > 2gb are not supported | Attachment too large' },
  ],
  unit: 'bytes of one attached file',
  refusal: 'File sizes > 2gb are not supported',
  edges: [
    { edge: 'under', value: { bytes: '2 GB - 1' }, accepted: true, shows: 'a file of 2 GB less one byte' },
    { edge: 'at', value: { bytes: '2 GB' }, accepted: true, shows: 'a file of 2 GB' },
    { edge: 'over', value: { bytes: '2 GB + 1' }, accepted: false, shows: 'a file of 2 GB and one byte' },
  ],
  appliesTo: (['messaging-rest.SendMimeMessage', 'messaging-soap.SendMIMEMessage'] as const).map((operation) => ({
    operation,
    cells: { under: UNAFFORDABLE, at: UNAFFORDABLE, over: UNAFFORDABLE },
  })),
});

export const MOVE_TYPE = limit<{ readonly sameType: boolean }>({
  id: 'move-type',
  title: 'Move only within the same mailbox type',
  spec: [
    { anchor: '§8/Move', quote: 'only within the same mailbox type' },
    { anchor: '§3.2/move-message', quote: 'Moves across types are not allowed.' },
  ],
  unit: 'the mailbox type (inbox or outbox) of the message and of the destination folder',
  refusal: 'a refusal (4xx; SOAP: a Fault) that leaves the message where it was',
  edges: [
    { edge: 'within', value: { sameType: true }, accepted: true, shows: 'a destination folder of the same type' },
    { edge: 'across', value: { sameType: false }, accepted: false, shows: 'a destination folder of the other type' },
  ],
  appliesTo: [
    {
      operation: 'messaging-rest.MoveMessage',
      cells: {
        within: { rule: 'messaging-rest.move.same-type', fault: 'messaging-rest.move-noop' },
        across: { rule: 'messaging-rest.move.across-types-refused', fault: 'messaging-rest.move-across-types' },
      },
    },
    {
      operation: 'messaging-soap.MoveMessage',
      cells: {
        within: { rule: 'messaging-soap.move.same-type', fault: 'messaging-soap.move-noop' },
        across: { rule: 'messaging-soap.move.across-types-refused', fault: 'messaging-soap.move-across-types' },
      },
    },
  ],
});

export const DELETE_FOLDER = limit<{ readonly system: boolean }>({
  id: 'delete-folder',
  title: 'Delete folder: custom folders only',
  spec: [
    { anchor: '§8/delete-folder', quote: 'custom folders only' },
    { anchor: '§4.3/delete-folder', quote: 'Only custom folders can be deleted.' },
  ],
  unit: 'the kind of folder: custom, or a system folder',
  refusal: 'a refusal (4xx; SOAP: a Fault) that leaves the folder listed',
  edges: [
    { edge: 'custom', value: { system: false }, accepted: true, shows: 'a custom folder' },
    { edge: 'system', value: { system: true }, accepted: false, shows: 'a system folder' },
  ],
  appliesTo: [
    {
      operation: 'messaging-rest.DeleteFolder',
      cells: {
        custom: { rule: 'messaging-rest.folder.delete', fault: 'messaging-rest.folder-delete-noop' },
        system: { rule: 'messaging-rest.folder.system-undeletable', fault: 'messaging-rest.system-folder-delete-200' },
      },
    },
    {
      operation: 'messaging-soap.DeleteFolder',
      cells: {
        custom: { rule: 'messaging-soap.delete-folder.messages-to-parent', fault: 'messaging-soap.folder-delete-noop' },
        system: { rule: 'messaging-soap.delete-folder.system-refused', fault: 'messaging-soap.system-folder-delete-ok' },
      },
    },
  ],
});

export const MESSAGING_LIMITS: readonly Limit[] = [FOLDER_NAME_ASCII, FOLDER_NAME_BMP, FOLDER_NAME_ASTRAL, FOLDER_TYPE, ATTACHMENT_SIZE, MOVE_TYPE, DELETE_FOLDER];
