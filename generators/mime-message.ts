import fc from 'fast-check';

/**
 * MIME text for Send MIME (spec §4.3, §3.2). `mimeMessage` writes a well-formed RFC 5322
 * message with RFC 2047 encoded words where needed; `malformedMime` gives text that is not a
 * message at all, which spec §3.2 says is saved to Drafts without an error.
 */

const CRLF = '\r\n';

const encodeWord = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;

export function mimeMessage(fields: { from: string; to: string[]; subject: string; text: string }): string {
  return [
    `From: ${fields.from}`,
    `To: ${fields.to.join(', ')}`,
    `Subject: ${encodeWord(fields.subject)}`,
    `Date: ${new Date().toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(fields.text).toString('base64'),
    '',
  ].join(CRLF);
}

/** A well-formed multipart/mixed message with one text part and one attached file (RFC 2046). */
export function mimeWithAttachment(fields: { from: string; to: string[]; subject: string; text: string; fileName: string; content: string }): string {
  const boundary = `b-${Buffer.from(fields.subject).toString('hex').slice(0, 24)}`;
  return [
    `From: ${fields.from}`,
    `To: ${fields.to.join(', ')}`,
    `Subject: ${encodeWord(fields.subject)}`,
    `Date: ${new Date().toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(fields.text).toString('base64'),
    `--${boundary}`,
    `Content-Type: text/plain; name="${fields.fileName}"`,
    `Content-Disposition: attachment; filename="${fields.fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(fields.content).toString('base64'),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** Texts that are not RFC 5322 messages: no header section, or no empty line after it. */
export const MALFORMED_MIME_SAMPLES = [
  'This is not a MIME message: no header fields, no empty line.',
  '<<<>>> \u0000 garbage: {not: "a header"}\r\nstill not a header',
  'Subject without a colon line\r\nFrom missing@example.invalid\r\n\r\nbody',
] as const;

export const malformedMime: fc.Arbitrary<string> = fc.constantFrom(...MALFORMED_MIME_SAMPLES);

/** A mailbox with a display name (RFC 5322 §3.4 name-addr). */
export interface NamedAddress {
  name: string;
  address: string;
}

export type TransferEncoding = 'quoted-printable' | 'base64';

/** Quoted-printable (RFC 2045 §6.7) of UTF-8 text: CRLF line breaks, soft breaks keep lines within 76 octets. */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const bytes = [...Buffer.from(line, 'utf8')];
      // rule 3: white space is literal except at the end of a line; rule 1: '=' and non-printables are escaped
      const tokens = bytes.map((b, i) => ((b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && i < bytes.length - 1) ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`));
      let out = '';
      let current = '';
      for (const token of tokens) {
        if (current.length + token.length > 75) {
          out += `${current}=${CRLF}`;
          current = '';
        }
        current += token;
      }
      return out + current;
    })
    .join(CRLF);
}

/**
 * RFC 2047 encoded words for a header phrase or unstructured text: Q encoding (§4.2, every octet
 * but letters and digits escaped, so the words are valid in a display name too, §5 (3)) or B
 * encoding (§4.1); each word at most 75 characters and holding whole characters (§5), folded.
 */
export function encodedWords(value: string, encoding: TransferEncoding): string {
  const q = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : b === 32 ? '_' : `=${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
  const word = (s: string) => (encoding === 'quoted-printable' ? `=?UTF-8?Q?${q(s)}?=` : `=?UTF-8?B?${Buffer.from(s).toString('base64')}?=`);
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (chunk && word(chunk + ch).length > 75) {
      words.push(word(chunk));
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(word(chunk));
  return words.join(`${CRLF} `);
}

const nameAddr = (a: NamedAddress, encoding: TransferEncoding) => `${encodedWords(a.name, encoding)} <${a.address}>`;

const encodeBody = (text: string, encoding: TransferEncoding) =>
  encoding === 'quoted-printable' ? quotedPrintable(text) : (Buffer.from(text.replace(/\r?\n/g, CRLF)).toString('base64').match(/.{1,76}/g) ?? ['']).join(CRLF);

/**
 * A multipart/alternative message (RFC 2046 §5.1.4) whose text/plain and text/html parts carry
 * UTF-8 in one transfer encoding (RFC 2045 §6), with non-ASCII display names and Subject as
 * encoded words of the same letter (Q with quoted-printable, B with base64; RFC 2047).
 */
export function mimeAlternative(fields: { from: NamedAddress; to: NamedAddress[]; subject: string; text: string; html: string; encoding: TransferEncoding; boundary: string }): string {
  const b = fields.boundary;
  const part = (subtype: 'plain' | 'html', body: string) =>
    [`--${b}`, `Content-Type: text/${subtype}; charset=utf-8`, `Content-Transfer-Encoding: ${fields.encoding}`, '', encodeBody(body, fields.encoding)].join(CRLF);
  return [
    `From: ${nameAddr(fields.from, fields.encoding)}`,
    `To: ${fields.to.map((a) => nameAddr(a, fields.encoding)).join(`,${CRLF} `)}`,
    `Subject: ${encodedWords(fields.subject, fields.encoding)}`,
    `Date: ${new Date().toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${b}"`,
    '',
    part('plain', fields.text),
    part('html', fields.html),
    `--${b}--`,
    '',
  ].join(CRLF);
}
