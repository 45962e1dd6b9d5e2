import type { FieldKind } from '../../contract/fields.js';

/**
 * How a shown value is held to the value sent (the matrix `fields`; clarification F2). Text is
 * the same text when its canonical compositions (NFC) are equal: a server may show a canonically
 * equivalent sequence (Unicode C7), never another character, case or spacing. Identifiers (an
 * e-mail address, UserId, SingleSignOnId) are compared without regard to case, as servers find
 * users by them. A body's line ends are transport (CRLF in MIME, LF in JSON), as is one final
 * line end. An address is shown with or without a display name. An int may come as digits in a
 * string (L2, A4). A list whose items' fields are not shown is held to how many it holds: at least as many
 * as were sent (a server may hold more, A4).
 */

const nfc = (s: string) => s.normalize('NFC');

/** Whether two texts are the same text as a server may show it: equal once canonically composed (NFC; F2). */
export const sameText = (a: string, b: string) => nfc(a) === nfc(b);
const lines = (s: string) => s.replace(/\r\n?/g, '\n').replace(/\n$/, '');
const addressIn = (shown: unknown, address: string) => typeof shown === 'string' && shown.toLowerCase().includes(address.toLowerCase());
const asInt = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : undefined);

/** Whether a value reads as blank: absent, null, or only white space (A8: blank, null or absent). */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Whether `shown` is what was sent, by the field's kind. */
export function shownAsSent(kind: FieldKind, sent: unknown, shown: unknown): boolean {
  switch (kind) {
    case 'text':
      return typeof shown === 'string' && nfc(shown) === nfc(sent as string);
    case 'body':
      return typeof shown === 'string' && nfc(lines(shown)) === nfc(lines(sent as string));
    case 'identifier':
      return typeof shown === 'string' && nfc(shown).toLowerCase() === nfc(sent as string).toLowerCase();
    case 'address':
      return addressIn(shown, sent as string);
    case 'addresses':
      return Array.isArray(shown) && (sent as string[]).every((a) => shown.some((s) => addressIn(s, a)));
    case 'int':
      return asInt(shown) === sent;
    case 'boolean':
      return shown === sent;
    case 'count': {
      // a list shown by how many it holds: at least every one sent
      const n = asInt(shown);
      return n !== undefined && n >= (sent as number);
    }
  }
}

/** Whether `shown` is blank, as a field an Update left blank or null must read (spec §4.2; A8): a boolean reads false or null. */
export function shownBlank(kind: FieldKind, shown: unknown): boolean {
  return kind === 'boolean' ? shown === false || shown === null || shown === undefined : isBlank(shown);
}
