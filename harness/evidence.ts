import type { Exchange } from './http.js';
import type { Redactor } from './redact.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const MAX_BODY_SHOWN = 8_000;
const clip = (s: string) => (s.length > MAX_BODY_SHOWN ? `${s.slice(0, MAX_BODY_SHOWN)}\n… (${s.length - MAX_BODY_SHOWN} more characters)` : s);
/** Headers undici or the transport adds that a reader needs no copy of in a reproduction. */
const NOT_REPRODUCED = new Set(['content-length', 'host', 'connection']);

/** A curl command that repeats the exchange; redacted secrets stay redacted (fill them in). */
export function curlFor(x: Exchange, redact: Redactor): string {
  const parts = ['curl', '-sS', '-i', '-X', x.method, shellQuote(redact.text(x.url))];
  for (const [k, v] of Object.entries(x.requestHeaders)) {
    if (!NOT_REPRODUCED.has(k)) parts.push('-H', shellQuote(`${k}: ${redact.header(k, v)}`));
  }
  if (x.requestBody !== undefined) parts.push('--data-raw', shellQuote(redact.body(x.requestBody)));
  return parts.join(' ');
}

/** The exchange as a reader wants it in the report: request, response, reproduction. */
export function renderExchange(x: Exchange, redact: Redactor): string {
  // the spec operation the client named (contract/operations.ts; issue 15), where it named one
  const lines = [...(x.operation ? [`# spec operation ${x.operation}`] : []), `${x.method} ${redact.text(x.url)}`];
  for (const [k, v] of Object.entries(x.requestHeaders)) lines.push(`${k}: ${redact.header(k, v)}`);
  if (x.requestBody !== undefined) lines.push('', clip(redact.body(x.requestBody)));
  lines.push('', '---', '');
  if (x.error) lines.push(`(no response: ${redact.text(x.error)})`);
  else {
    lines.push(`HTTP ${x.status}   (${x.ms} ms)`);
    for (const [k, v] of Object.entries(x.responseHeaders ?? {})) lines.push(`${k}: ${redact.header(k, v)}`);
    if (x.responseBody) lines.push('', clip(redact.body(x.responseBody)));
  }
  lines.push('', '--- reproduce (secrets shown as [redacted]: substitute your own) ---', curlFor(x, redact));
  return lines.join('\n');
}

/** One line naming an exchange, for attachment titles and failure messages. */
export function exchangeTitle(x: Exchange, redact: Redactor): string {
  const path = new URL(x.url).pathname;
  return `${x.method} ${redact.text(path)} → ${x.error ? 'no response' : `HTTP ${x.status}`}`;
}
