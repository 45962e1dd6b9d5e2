import { OPERATIONS } from '../../contract/operations.js';
import type { Side } from '../../generators/mailbox-model.js';
import { curlFor, exchangeTitle, renderExchange } from '../../harness/evidence.js';
import type { Exchange } from '../../harness/http.js';
import type { Redactor } from '../../harness/redact.js';
import type { Normaliser } from './normalise.js';

/**
 * What a `diff` report shows of one step on one target, in the spec's words: the requests it
 * sent as the run's evidence shows them (harness/evidence.ts, redacted by the session's
 * Redactor, each with its curl line), who sent each one (the profile account whose session key
 * or identity it carries, or the party an interface belongs to), and what of the sequence it
 * acted on (the sequence's own names for the ids it carries: `#m1`, `#f2`, `#Inbox`).
 */
export interface WitnessedExchange {
  /** the spec operation the request performed (contract/operations.ts), where its client named one */
  operation?: string;
  /** `POST /Message/12/Move → HTTP 200` */
  title: string;
  /** who sent it: `the recipient (profile accounts.peer)` */
  actor: string;
  /** the sequence's names of the ids it carries (`#m1`, `#Inbox`) */
  subject?: string[];
  /** the request and its answer as the run's evidence renders them, with the curl line */
  text: string;
  curl: string;
  /** consecutive identical exchanges (a poll) shown once */
  times?: number;
}

export const ROLE: Record<Side, string> = {
  sender: 'the sender (profile accounts.primary)',
  recipient: 'the recipient (profile accounts.peer)',
};

const PARTY: Partial<Record<string, string>> = {
  admin: 'the company administrator (profile admin)',
  provisioning: 'the provisioning platform (profile provisioning)',
  smtp: 'an SMTP client of the company',
};

/** What a session knows of who is who, read when an exchange is rendered. */
export interface Parties {
  keys: Partial<Record<Side, string>>;
  soapKeys: Partial<Record<Side, string>>;
  account(who: Side): { username?: string; email?: string };
}

const interfaceOf = (id: string | undefined) => (id ? id.split('.')[0] : undefined);

/** Who sent an exchange: the account whose key or identity it carries, else the party its interface belongs to. */
export function actorOf(x: Exchange, p: Parties): string {
  const hay = `${x.url}\n${Object.values(x.requestHeaders).join('\n')}\n${x.requestBody ?? ''}`;
  for (const who of ['sender', 'recipient'] as const) {
    for (const key of [p.keys[who], p.soapKeys[who]]) if (key && hay.includes(key)) return ROLE[who];
  }
  // a log on or a token request names its account (its user name or address) in the body
  const iface = interfaceOf(x.operation);
  if (iface !== 'admin' && iface !== 'provisioning') {
    for (const who of ['sender', 'recipient'] as const) {
      let a: { username?: string; email?: string } | undefined;
      try {
        a = p.account(who);
      } catch {
        a = undefined;
      }
      const names = [a?.username, a?.email].filter((n): n is string => Boolean(n && n.length >= 3));
      if (names.some((n) => (x.requestBody ?? '').includes(n) || (x.requestBody ?? '').includes(encodeURIComponent(n)))) return ROLE[who];
    }
  }
  return (iface && PARTY[iface]) ?? 'no account (a request without credentials)';
}

/** The kind of id a field or path segment names: a message's or a folder's (the only ids a sequence names). */
const kindOf = (name: string): 'm' | 'f' | undefined => (/Folder|FID|Fid|^fid$|^DestFID$/.test(name) ? 'f' : /Message|MID|Mid|^mid$/.test(name) ? 'm' : undefined);
const ID_KEY = /(^|[a-z])(Id|ID|Mid|MID|Fid|FID)$|^(id|mid|fid)$/;

/**
 * The sequence's names (`#m1`, `#f2`, `#Inbox`) of the messages and folders a messaging request
 * carries: in its path (`/Message/{id}`, `/Folder/{id}`), and in its JSON or XML id fields.
 */
export function subjectOf(x: Exchange, norm: Normaliser): string[] {
  if (!x.operation?.startsWith('messaging-')) return [];
  const out: string[] = [];
  const add = (v: unknown, kind: 'm' | 'f' | undefined) => {
    const known = kind && norm.known(v, kind);
    if (known && !out.includes(known)) out.push(known);
  };
  const segments = new URL(x.url).pathname.split('/');
  segments.forEach((seg, i) => {
    if (/^\d+$/.test(seg)) add(seg, kindOf(segments[i - 1] ?? ''));
  });
  const body = x.requestBody ?? '';
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  const walk = (v: unknown, key: string): void => {
    if (Array.isArray(v)) v.forEach((item) => walk(item, key.replace(/s$/, '')));
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) walk(item, k);
    else if (ID_KEY.test(key)) add(v, kindOf(key));
  };
  if (json !== undefined) walk(json, '');
  else for (const m of body.matchAll(/(?:<|&lt;)([A-Za-z]*(?:Id|ID|MID|FID))(?:>|&gt;)(\d+)(?:<|&lt;)/g)) add(m[2], kindOf(m[1]!));
  return out;
}

const same = (a: Exchange, b: Exchange) => a.method === b.method && a.url === b.url && a.requestBody === b.requestBody && a.status === b.status && a.responseBody === b.responseBody && a.error === b.error;

/** A step's exchanges rendered as evidence, consecutive identical ones (a poll for delivery) folded into one. */
export function witness(raw: readonly Exchange[], redact: Redactor, p: Parties, norm: Normaliser): WitnessedExchange[] {
  const out: Array<WitnessedExchange & { last: Exchange }> = [];
  for (const x of raw) {
    const prev = out[out.length - 1];
    if (prev && same(prev.last, x)) {
      prev.times = (prev.times ?? 1) + 1;
      continue;
    }
    const subject = subjectOf(x, norm);
    out.push({ ...(x.operation ? { operation: x.operation } : {}), title: exchangeTitle(x, redact), actor: actorOf(x, p), ...(subject.length ? { subject } : {}), text: renderExchange(x, redact), curl: curlFor(x, redact), last: x });
  }
  return out.map(({ last: _last, ...w }) => w);
}

/** The spec's name and section of an operation id: `Move a message (§4.3)`. */
export function operationName(id: string): string {
  const op = OPERATIONS.find((o) => o.id === id);
  return op ? `${op.name} (${op.section})` : id;
}

/** The spec unit of an operation: its row in its section's table (`§4.3/move-message`), or its section. */
export function operationAnchor(id: string, units: ReadonlyArray<{ anchor: string; section: string; kind: string; text: string }>): string {
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) return '';
  const row = units.find((u) => u.section === op.section && u.kind === 'row' && u.text.split(' | ')[0] === op.name);
  return row?.anchor ?? op.section;
}
