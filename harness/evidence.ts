import type { Exchange } from './http.js';
import type { KnownSecret, Redactor, SecretForm } from './redact.js';

/** A shell word: single-quoted, a single quote inside as '\''. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const MAX_BODY_SHOWN = 8_000;
const clip = (s: string) => (s.length > MAX_BODY_SHOWN ? `${s.slice(0, MAX_BODY_SHOWN)}\n… (${s.length - MAX_BODY_SHOWN} more characters)` : s);
/** Headers undici or the transport adds that a reader needs no copy of in a reproduction. */
const NOT_REPRODUCED = new Set(['content-length', 'host', 'connection']);

/** Marks a secret inside a word before quoting; no quoted text holds a NUL, so the marks survive quoting whole. */
const MARK = '\u0000';
const FORM_SUFFIX: Record<SecretForm, string> = { plain: '', 'URL-encoded': '_URLENCODED', 'JSON-escaped': '_JSON', base64: '_BASE64' };

/** The shell variables a curl line reads, each with the secret it stands for. */
export interface CurlVariable {
  name: string;
  words: string;
  form: SecretForm;
  source?: string;
}

/**
 * A curl command that repeats the exchange as shown once the vendor's own secrets are put in:
 * every secret is a shell variable named after it (`$SMS_PRIMARY_PASSWORD`), spliced into the
 * single-quoted word where it stood ('…"'"$SMS_PRIMARY_PASSWORD"'"…'); made-up wrong values stay
 * as they were sent. `variables` lists what to export first.
 */
export function curlOf(x: Exchange, redact: Redactor): { line: string; variables: CurlVariable[] } {
  const variables = new Map<string, CurlVariable>();
  const word = (text: string) => shellWord(text, redact, variables);
  const parts = ['curl', '-sS', '-i', '-X', x.method, word(x.url)];
  for (const [k, v] of Object.entries(x.requestHeaders)) if (!NOT_REPRODUCED.has(k)) parts.push('-H', word(`${k}: ${v}`));
  if (x.requestBody !== undefined) parts.push('--data-raw', word(x.requestBody));
  return { line: parts.join(' '), variables: [...variables.values()] };
}

/** One shell word for `text`, each known secret in it a shell variable (added to `variables`). */
export function shellWord(text: string, redact: Redactor, variables: Map<string, CurlVariable>): string {
  const marked = redact.replace(text, (secret: KnownSecret, form) => {
    const name = `${secret.variable}${FORM_SUFFIX[form]}`;
    variables.set(name, { name, words: secret.words, form, source: secret.label.source });
    return `${MARK}${name}${MARK}`;
  });
  return shellQuote(marked).replace(new RegExp(`${MARK}([A-Z0-9_]+)${MARK}`, 'g'), `'"$$$1"'`).replace(/^''(?=")|(?<=")''$/g, '');
}

/** `# ` lines telling which shell variables to set first. */
export function variableNotes(variables: Iterable<CurlVariable>): string[] {
  const list = [...variables];
  return list.length === 0 ? [] : ['# first set your own secrets:', ...list.map((v) => `#   ${v.name}: the ${v.words}${v.form === 'plain' ? '' : `, ${v.form}`}${v.source ? ` (${v.source})` : ''}`)];
}

/** The curl line alone (see curlOf). */
export function curlFor(x: Exchange, redact: Redactor): string {
  return curlOf(x, redact).line;
}

/** The `# ` lines above a request: its spec operation, its actor, the made-up wrong values it sends. */
export function requestNotes(x: Exchange, redact: Redactor): string[] {
  const notes = x.operation ? [`# spec operation ${x.operation}`] : [];
  if (x.actor) notes.push(`# actor: ${x.actor}`);
  for (const d of redact.deliberateIn(x.url, x.requestBody, ...Object.values(x.requestHeaders))) notes.push(`# ${d.what}: ${JSON.stringify(d.value)} (deliberately wrong)`);
  return notes;
}

/** The exchange as a reader wants it in the report: request, response, reproduction. */
export function renderExchange(x: Exchange, redact: Redactor): string {
  const lines = [...requestNotes(x, redact), `${x.method} ${redact.text(x.url)}`];
  for (const [k, v] of Object.entries(x.requestHeaders)) lines.push(`${k}: ${redact.header(k, v)}`);
  if (x.requestBody !== undefined) lines.push('', clip(redact.body(x.requestBody)));
  lines.push('', '---', '');
  if (x.error) lines.push(`(no response: ${redact.text(x.error)})`);
  else {
    lines.push(`HTTP ${x.status}   (${x.ms} ms)`);
    for (const [k, v] of Object.entries(x.responseHeaders ?? {})) lines.push(`${k}: ${redact.header(k, v)}`);
    if (x.responseBody) lines.push('', clip(redact.body(x.responseBody)));
  }
  const curl = curlOf(x, redact);
  lines.push('', `--- reproduce${x.actor ? ` (as ${x.actor})` : ''} ---`);
  lines.push(...variableNotes(curl.variables), curl.line);
  return lines.join('\n');
}

/**
 * A line for a failure's reason when the request that decided it sent values the suite made up
 * to be wrong: whose call it was and those values, in clear, marked, so summary.json, JUnit and
 * the verdict page show the input the rule tested.
 */
export function decisiveInputs(x: Exchange | undefined, redact: Redactor): string {
  const wrong = x ? redact.deliberateIn(x.url, x.requestBody, ...Object.values(x.requestHeaders)) : [];
  if (!x || wrong.length === 0) return '';
  const values = wrong.map((d) => `${d.what}: ${JSON.stringify(d.value)} (deliberately wrong)`).join(', ');
  return `\nThe decisive request, ${exchangeTitle(x, redact).replace(/ → .*/, '')}${x.actor ? ` as ${x.actor}` : ''}, sent ${values}.`;
}

/** One line naming an exchange, for attachment titles and failure messages. */
export function exchangeTitle(x: Exchange, redact: Redactor): string {
  const path = new URL(x.url).pathname;
  return `${x.method} ${redact.text(path)} → ${x.error ? 'no response' : `HTTP ${x.status}`}`;
}
