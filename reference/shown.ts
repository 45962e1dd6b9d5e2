import type { Content } from './core/mail/model.js';
import type { Reading } from '../contract/silences/index.js';

/**
 * What a read shows of a stored value (the matrix `fields`, contract/fields.ts). Every read edge
 * of the matrix passes each field it shows through one `Shown` function of the request, naming
 * the read (the edge, e.g. 'admin.ViewAccount:Email'), the field's origin (the write that last
 * wrote it, e.g. 'admin.CreateAccount' or 'messaging-soap.SendMIMEMessage:base64') and the name it
 * shows the field under. The function applies the variant's reading of text (shown as stored, or
 * NFC-normalised: canonically equivalent, clarification F2) and the faults of the cells on for
 * the request: a cell's fault garbles exactly that field, of records that write wrote, in that
 * read (reference/fields-faults.ts). No fault id is checked at an edge.
 */
export type Shown = <T>(read: string, origin: string | undefined, field: string, value: T) => T;

/** One cell a fault garbles: the read, the write whose records it garbles there, the field's shown name. */
export interface ShownCell {
  readonly read: string;
  readonly write: string;
  readonly field: string;
}

/** Whether a fault garbles this (read, origin, field) for the request. */
export type Garbles = (read: string, origin: string | undefined, field: string) => boolean;

/** Silence shown-text-normalisation (F2): text shown as stored, or in its canonical composition. */
export type TextShown = Reading<'shown-text-normalisation'>;

/**
 * A value shown wrong the way real servers get it wrong: non-ASCII text as mojibake (UTF-8 read as
 * Latin-1), other text dropped, blank text shown as something, a number as another, a boolean
 * flipped, a list emptied.
 */
export function garbled(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value === 0 ? 1 : 0;
  if (typeof value !== 'string' || value.trim() === '') return 'garbled';
  return /[^\x00-\x7f]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : '';
}

const normalised = (value: unknown): unknown => {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(normalised);
  return value;
};

/** The request's Shown: the variant's reading of text, then the cells' faults. */
export function shownValue(text: TextShown, garbles: Garbles): Shown {
  return <T>(read: string, origin: string | undefined, field: string, value: T): T => {
    const shown = (text === 'nfc' ? normalised(value) : value) as T;
    return garbles(read, origin, field) ? (garbled(shown) as T) : shown;
  };
}

/** Shown as stored: for self-tests and edges outside a request. */
export const asStored: Shown = (_read, _origin, _field, value) => value;

type MessageNames = Readonly<Record<'to' | 'from' | 'subject' | 'htmlBody' | 'textBody', string>>;

/** The names a MIME read shows a message's fields under (contract/field-models-mail.ts). */
const MIME_NAMES: MessageNames = { to: 'To', from: 'From', subject: 'Subject', htmlBody: 'text/html', textBody: 'text/plain' };

/** A message as a read shows it: its fields passed through `shown` under `names` (a copy; the stored message is untouched). */
export function shownMessage(shown: Shown, read: string, content: Content, names: MessageNames = MIME_NAMES): Content {
  const field = <K extends keyof MessageNames>(key: K) => shown(read, content.origin, names[key], content[key]);
  return { ...content, to: field('to'), from: field('from'), subject: field('subject'), htmlBody: field('htmlBody'), textBody: field('textBody') };
}
