import type { InterfaceName } from '../contract/profile.js';
import { operationOf, type OperationId } from '../contract/operations.js';
import { soapOperation } from '../contract/messaging-soap.js';
import { parseXml, type XmlElement } from '../contract/wire/xml.js';
import type { JudgeSettings } from './settings.js';
import type { SmtpCommandRecord } from '../contract/smtp.js';

/**
 * One request a client made and what it got back, as a recorder (the reference, a proxy, the
 * deviant client) saw it: the judge's only input. Header names are lower-case.
 */
export interface RecordedExchange {
  /** the order it was seen in, over the whole recording */
  seq: number;
  /** the client connection (or client) it came from */
  client: string;
  /** when the request was seen, ms since the epoch */
  at: number;
  method: string;
  /** the request target as sent: a path and query, or an absolute URL */
  url: string;
  headers: Record<string, string>;
  body?: string;
  status?: number;
  /** the answer's headers, names lower-case (a proxy sees them; the server rules read content types) */
  answerHeaders?: Record<string, string>;
  answer?: string;
  /** why there is no answer, if there is none */
  error?: string;
  /** what the recorder could not keep of the request (a body over its cap), one sentence */
  problem?: string;
  /** an SMTP command of the gateway rather than an HTTP request (judge/smtp.ts): method is its verb, body its line, status its reply code */
  smtp?: SmtpCommandRecord;
  /**
   * the id of the suite's rule that sent this request wrong on purpose, where the suite said so
   * (judge/observe/ledger.ts): its violations are reported apart, never counted
   */
  deliberate?: string;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

/** The SOAP view of a request: its envelope, the Body's one element, its children. */
export interface SoapView {
  readonly parse: Parsed;
  readonly envelope?: XmlElement;
  /** the Body's children (one is the operation element) */
  readonly bodyElements: readonly XmlElement[];
  readonly element?: XmlElement;
}

/** A recorded exchange as the rules read it: which interface and operation, what it carried. */
export interface Observed {
  readonly x: RecordedExchange;
  readonly iface?: InterfaceName;
  readonly op?: OperationId;
  /** the path under the interface's base (B1) */
  readonly path: string;
  readonly query: URLSearchParams;
  /** the body read as JSON (undefined: no body) */
  readonly json?: Parsed;
  readonly soap?: SoapView;
  /** the session key the request presents: X-Session-Key, or the SOAP SessionKey element */
  readonly key?: string;
  /** the access token of an Authorization header */
  readonly bearer?: string;
  /** the answer read as JSON, when it is JSON */
  readonly answerJson?: unknown;
  /** the SMTP command, for an exchange of the gateway */
  readonly smtp?: SmtpCommandRecord;
}

const readJson = (text: string | undefined): Parsed | undefined => {
  if (text === undefined || text.length === 0) return undefined;
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
};

function soapView(body: string | undefined): SoapView {
  const parsed = parseXml(body ?? '');
  if (!parsed.ok) return { parse: { ok: false, reason: parsed.reason }, bodyElements: [] };
  const envelope = parsed.root;
  const soapBody = envelope.children.find((c) => c.local === 'Body');
  const bodyElements = soapBody?.children ?? [];
  return { parse: { ok: true, value: envelope }, envelope, bodyElements, element: bodyElements[0] };
}

/** Which interface a path is under, by the bases the judge was given (B1), and the rest of it. */
export function interfaceOf(settings: JudgeSettings, pathname: string): { iface: InterfaceName; rest: string } | undefined {
  const lower = pathname.toLowerCase();
  // the longest base first: the token interface sits at the root
  const bases = Object.entries(settings.bases).sort(([, a], [, b]) => b.length - a.length);
  for (const [iface, base] of bases) {
    const b = base.toLowerCase().replace(/\/$/, '');
    if (b === '' || lower === b || lower.startsWith(`${b}/`)) return { iface: iface as InterfaceName, rest: pathname.slice(b.length) || '/' };
  }
  return undefined;
}

/** The request target as a URL; one no URL parser reads is taken as a bare path. */
function urlOf(target: string): URL {
  try {
    return new URL(target, 'http://judge.invalid');
  } catch {
    return new URL('http://judge.invalid/');
  }
}

/** Reads one exchange: its interface, operation, body and credential. */
export function observe(x: RecordedExchange, settings: JudgeSettings): Observed {
  if (x.smtp) return { x, iface: 'smtp', op: 'smtp.Deliver', path: '', query: new URLSearchParams(), smtp: x.smtp };
  const url = urlOf(x.url);
  const where = interfaceOf(settings, url.pathname);
  const answer = readJson(x.answer);
  const base = { x, path: where?.rest ?? url.pathname, query: url.searchParams, answerJson: answer?.ok ? answer.value : undefined };
  const bearer = /^bearer\s+(.+)$/i.exec(x.headers.authorization ?? '')?.[1]?.trim();
  const key = x.headers['x-session-key'];
  if (!where) return { ...base, bearer, key };
  if (where.iface === 'messaging-soap') {
    const soap = x.method.toUpperCase() === 'POST' ? soapView(x.body) : undefined;
    const named = soap?.element?.local ?? /\/([A-Za-z]+)"?\s*$/.exec(x.headers.soapaction ?? '')?.[1];
    const op = named && soapOperation(named) ? (`messaging-soap.${named}` as OperationId) : x.method.toUpperCase() === 'GET' ? 'messaging-soap.GetWsdl' : undefined;
    const soapKey = soap?.element?.children.find((c) => c.local === 'SessionKey')?.text;
    return { ...base, iface: where.iface, op, soap, key: soapKey ?? key, bearer };
  }
  const op = operationOf(where.iface, x.method, where.rest)?.id as OperationId | undefined;
  // the token interface sits at the root (B1): a path it has no operation at is no interface's
  if (where.iface === 'token' && !op) return { ...base, bearer, key };
  return { ...base, iface: where.iface, op, json: readJson(x.body), key, bearer };
}
