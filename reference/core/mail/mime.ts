import { randomBytes } from 'node:crypto';
import PostalMime from 'postal-mime';
import type { Attachment, Content } from './model.js';

/**
 * RFC 5322 / MIME (RFC 2045-2047) for Get MIME and Send MIME (spec §4.3). Writing is done
 * here by hand so every byte is known; reading uses postal-mime.
 */

const CRLF = '\r\n';

/** RFC 2047 B-encoded words for a header value with non-ASCII, each word at most 75 chars. */
export function encodeHeaderValue(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value) && value.length <= 900) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(`${CRLF} `);
}

const base64Lines = (data: Buffer) => (data.toString('base64').match(/.{1,76}/g) ?? ['']).join(CRLF);

/** RFC 5322 §3.3 date-time, in UTC. */
export function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

const textPart = (subtype: 'plain' | 'html', body: string) =>
  [`Content-Type: text/${subtype}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(Buffer.from(body))].join(CRLF);

const attachmentPart = (a: Attachment) =>
  [
    `Content-Type: ${a.contentType || 'application/octet-stream'}; name="${encodeHeaderValue(a.fileName).replace(/"/g, '')}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${encodeHeaderValue(a.fileName).replace(/"/g, '')}"`,
    ...(a.contentId ? [`Content-ID: <${a.contentId.replace(/^<|>$/g, '')}>`] : []),
    '',
    base64Lines(a.data),
  ].join(CRLF);

const boundary = () => `=_ref_${randomBytes(12).toString('hex')}`;

function multipart(subtype: string, parts: string[]): { type: string; body: string } {
  const b = boundary();
  return { type: `multipart/${subtype}; boundary="${b}"`, body: [...parts.map((p) => `--${b}${CRLF}${p}`), `--${b}--`, ''].join(CRLF) };
}

/** The message as RFC 5322 text. Bcc is never written; `extraHeaders` carry security data. */
export function buildMime(content: Content, extraHeaders: Record<string, string> = {}): string {
  const text = content.textBody;
  const html = content.htmlBody;
  let entity: { type: string; body: string };
  const alternatives = html ? multipart('alternative', [textPart('plain', text), textPart('html', html)]) : undefined;
  if (content.attachments.length > 0) {
    const first = alternatives ? `Content-Type: ${alternatives.type}${CRLF}${CRLF}${alternatives.body}` : textPart('plain', text);
    entity = multipart('mixed', [first, ...content.attachments.map(attachmentPart)]);
  } else if (alternatives) {
    entity = alternatives;
  } else {
    entity = { type: 'text/plain; charset=utf-8', body: base64Lines(Buffer.from(text)) };
  }
  const headers = [
    `From: ${content.from}`,
    ...(content.to.length ? [`To: ${content.to.join(`,${CRLF} `)}`] : []),
    ...(content.cc.length ? [`Cc: ${content.cc.join(`,${CRLF} `)}`] : []),
    `Subject: ${encodeHeaderValue(content.subject)}`,
    `Date: ${rfc5322Date(content.createdAt)}`,
    `Message-ID: <${content.mid}.${randomBytes(6).toString('hex')}@reference.invalid>`,
    'MIME-Version: 1.0',
    ...Object.entries(extraHeaders).map(([k, v]) => `${k}: ${encodeHeaderValue(v)}`),
    `Content-Type: ${entity.type}`,
    ...(content.attachments.length === 0 && !alternatives ? ['Content-Transfer-Encoding: base64'] : []),
  ];
  return `${headers.join(CRLF)}${CRLF}${CRLF}${entity.body}`;
}

/** Whether text has an RFC 5322 header section: header fields, then an empty line. */
export function hasHeaderSection(text: string): boolean {
  const end = text.search(/\r?\n\r?\n/);
  if (end <= 0) return false;
  const lines = text.slice(0, end).split(/\r?\n/);
  if (!/^[\x21-\x39\x3b-\x7e]+:/.test(lines[0] ?? '')) return false;
  return lines.every((l) => /^[\x21-\x39\x3b-\x7e]+:/.test(l) || /^[ \t]/.test(l));
}

/** What a MIME text yields for a new message (the sender may be absent from its headers). */
export type ParsedMime = Pick<Content, 'to' | 'cc' | 'bcc' | 'subject' | 'textBody' | 'htmlBody' | 'attachments'> & {
  from?: string;
  /** the transfer encoding of its parts (RFC 2045 §6): one name when all agree, 'mixed' otherwise, '7bit' when none is given */
  encoding: string;
};

/** The Content-Transfer-Encoding its parts declare, as one word. */
function transferEncoding(text: string): string {
  const named = new Set([...text.matchAll(/^Content-Transfer-Encoding:[ \t]*([\w-]+)/gim)].map((m) => m[1]!.toLowerCase()));
  return named.size === 0 ? '7bit' : named.size === 1 ? [...named][0]! : 'mixed';
}

const addresses = (list: Awaited<ReturnType<typeof PostalMime.parse>>['to']) =>
  (list ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address ?? ''])).filter((a) => a.includes('@'));

/** Parses MIME text; undefined when it is not a well-formed message (spec §3.2 'improperly formatted'). */
export async function parseMime(text: string): Promise<ParsedMime | undefined> {
  if (!hasHeaderSection(text)) return undefined;
  try {
    const email = await PostalMime.parse(text, { attachmentEncoding: 'base64' });
    const from = email.from && !email.from.group ? email.from.address : undefined;
    return {
      from,
      encoding: transferEncoding(text),
      to: addresses(email.to),
      cc: addresses(email.cc),
      bcc: addresses(email.bcc),
      subject: email.subject ?? '',
      textBody: email.text ?? '',
      htmlBody: email.html ?? '',
      attachments: email.attachments.map((a) => ({
        fileName: a.filename ?? 'attachment',
        contentType: a.mimeType,
        contentId: a.contentId?.replace(/^<|>$/g, ''),
        data: Buffer.from(String(a.content), 'base64'),
      })),
    };
  } catch {
    return undefined;
  }
}
