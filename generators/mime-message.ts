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
