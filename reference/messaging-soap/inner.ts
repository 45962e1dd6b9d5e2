import { escapeXml } from '../../contract/wire/xml.js';
import { formatTime } from '../core/mail/readings.js';
import type { SoapReadings } from './readings.js';

/**
 * The XML documents the SOAP form returns inside a string (vendor-wire §4; B4: kept so). Element
 * names are the ones the vendor's parsers read; root names other than AccountDetails and
 * SendMessage are unknown, so the variant chooses them.
 */

type Value = string | number | boolean | Date;
export type Fields = Array<[string, Value]>;

const ROOTS = {
  folders: ['Folders', 'FolderList'],
  createFolder: ['CreateFolder', 'Folder'],
  deleteMessage: ['DeleteMessage', 'Result'],
  inTransit: ['InTransit', 'GetInTransit'],
  mailbox: ['Mailbox', 'MessageList'],
} as const;

export class InnerXml {
  constructor(private readonly ch: SoapReadings) {}

  root(kind: keyof typeof ROOTS): string {
    return ROOTS[kind][this.ch.innerRoots === 'vendor' ? 0 : 1];
  }

  value(v: Value): string {
    if (v instanceof Date) {
      if (this.ch.dates === 'iso') return v.toISOString();
      if (this.ch.dates === 'xsd-local') return v.toISOString().slice(0, 19);
      return formatTime(v, { timeFormat: 'display' } as Parameters<typeof formatTime>[1]);
    }
    if (typeof v === 'boolean') return this.ch.booleans === 'pascal' ? (v ? 'True' : 'False') : String(v);
    return escapeXml(String(v));
  }

  fields(fields: Fields): string {
    const extra = this.ch.extraElements ? '<ReferenceNote>an element clients ignore</ReferenceNote>' : '';
    return fields.map(([k, v]) => `<${k}>${this.value(v)}</${k}>`).join('') + extra;
  }

  /** A document: optional declaration, the root, its fields or repeated items. */
  doc(root: string, body: string): string {
    const decl = this.ch.innerRoots === 'alternative' ? '<?xml version="1.0" encoding="utf-16"?>' : '';
    return `${decl}<${root}>${body}</${root}>`;
  }

  record(root: string, fields: Fields): string {
    return this.doc(root, this.fields(fields));
  }

  list(root: string, item: string, items: Fields[]): string {
    return this.doc(root, items.map((f) => `<${item}>${this.fields(f)}</${item}>`).join(''));
  }
}
