import { setTimeout as delay } from 'node:timers/promises';
import { Agent, type Dispatcher } from 'undici';
import { request } from 'undici';
import { DEFAULT_LIMITS, type Limits } from '../contract/profile.js';
import { concurrencyPlan, Gate, retryAfterMs } from './gate.js';
import { OperationAbsent, TargetBroken } from './outcomes.js';
import { absence, interfaceAbsence, type OfferDeclaration, type OperationId } from '../contract/operations.js';
import type { InterfaceName } from '../contract/profile.js';
import type { Redactor } from './redact.js';
import { flatHeaders, OPERATION_OPTION } from './exchange-recorder.js';

export { recordExchanges, type Exchange, type ExchangeSink } from './exchange-recorder.js';

const SHOWN_LENGTH = 600;

/**
 * One keep-alive pool and one admission gate per worker; tests compose their own recorder onto
 * the pool. Bodies and header blocks are read up to the profile's limits and no further.
 */
const shared = new Map<string, { agent: Agent; gate: Gate }>();
function perWorker(limits: Limits) {
  // a run has one profile, so one entry; self-tests try several limits
  const key = JSON.stringify(limits);
  let entry = shared.get(key);
  if (!entry) {
    const plan = concurrencyPlan(limits);
    entry = {
      agent: new Agent({
        connections: Math.max(4, plan.slots * 2),
        keepAliveTimeout: 4_000,
        connect: { timeout: 5_000 },
        maxResponseSize: Math.floor(limits.maxBodyMB * 2 ** 20),
        maxHeaderSize: limits.maxHeaderKB * 2 ** 10,
      }),
      gate: new Gate(plan.slots, plan.perSecond),
    };
    shared.set(key, entry);
  }
  return entry;
}
export function sharedAgent(limits: Limits = DEFAULT_LIMITS): Agent {
  return perWorker(limits).agent;
}
export function workerGate(limits: Limits = DEFAULT_LIMITS): Gate {
  return perWorker(limits).gate;
}

/** A 429 or 503 with Retry-After: the target asked the suite to slow down. */
export interface RateLimited {
  status: number;
  waitMs: number;
  /** whether the request was sent again after the wait */
  retried: boolean;
}

export interface HttpClientOptions {
  timeoutMs: number;
  redact: Redactor;
  defaultHeaders?: Record<string, string>;
  limits?: Limits;
  /** the epoch ms by which the rule must be done: a Retry-After past it is not waited for */
  deadline?: number;
  onRateLimited?: (event: RateLimited) => void;
  /**
   * What the profile declares about the operations the target offers: every request that names
   * its operation (or its interface) is checked against it before it leaves (contract/operations.ts
   * `absence`). Absent: nothing is checked (an ungated client, see `ungated()`).
   */
  offers?: OfferDeclaration;
}

/** Methods whose repetition is harmless (RFC 9110 §9.2.2); only these are repeated after Retry-After. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);
const MB = (bytes: number) => `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`;

export interface HttpResponse {
  /** 'POST /Token', for messages */
  label: string;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The media type of Content-Type, lower-cased, without parameters. */
  mediaType: string | undefined;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
  /** The body as it may be shown in a failure message: redacted and clipped. */
  shown: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** a value to send as JSON, or a raw string body */
  json?: unknown;
  body?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** the spec operation the request performs (contract/operations.ts): gated, and recorded on the Exchange */
  operation?: OperationId;
  /** a request to an interface but to none of its operations (the SOAP ?WSDL, an unknown SOAP element): gated by the interface */
  service?: InterfaceName;
}

const TRANSPORT_CODES = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EPIPE|UND_ERR|HPE_/;

/**
 * A target that stops answering mid-run must give a verdict, not a hang: after this many
 * transport failures in a row (per worker), requests fail at once as broken until the target
 * answers again.
 */
const BREAKER_THRESHOLD = 3;
let consecutiveTransportFailures = 0;

/** A thin HTTP client: every request is recorded, timed out per request, and transport
 * failures become TargetBroken (the rule could not be evaluated). */
export class HttpClient {
  private readonly timeoutMs: number;
  private readonly redact: Redactor;
  private readonly defaultHeaders: Record<string, string>;
  private readonly limits: Limits;
  private readonly gate: Gate;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly options: HttpClientOptions,
  ) {
    this.timeoutMs = options.timeoutMs;
    this.redact = options.redact;
    this.defaultHeaders = options.defaultHeaders ?? {};
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.gate = workerGate(this.limits);
  }

  /**
   * The same client without the profile's operation gate, for the one rule that checks the
   * declaration itself (a declared-absent operation must be refused): a visible opt-out.
   */
  ungated(): HttpClient {
    return new HttpClient(this.dispatcher, { ...this.options, offers: undefined });
  }

  /**
   * THE gate (issue 15): ends the rule as not applicable, with the profile key and the spec
   * sentence, when the profile says the target does not offer `operation` (or `service`).
   * HTTP requests pass here in `send`; the SMTP client calls it before it connects.
   */
  assertOffered(operation: OperationId | undefined, service?: InterfaceName): void {
    const offers = this.options.offers;
    if (!offers) return;
    const reason = operation !== undefined ? absence(offers, operation) : service !== undefined ? interfaceAbsence(offers, service) : undefined;
    if (reason !== undefined) throw new OperationAbsent(operation ?? service!, reason);
  }

  async send(method: string, url: string, options: RequestOptions = {}): Promise<HttpResponse> {
    // the one place where the profile's declaration of offered operations is enforced (issue 15)
    this.assertOffered(options.operation, options.service);
    const target = new URL(url);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) target.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const label = `${method} ${target.pathname}`;
    for (;;) {
      const res = await this.#once(method, target, headers, body, options.operation);
      const waitMs = res.status === 429 || res.status === 503 ? retryAfterMs(res.headers['retry-after']) : undefined;
      if (waitMs === undefined) return res;
      // the target asked to slow down (spec §8 shows no rate limits): never judged as conformance;
      // the worker's other requests hold back too, for at most a request timeout at a time
      this.gate.pause(Math.min(waitMs, this.timeoutMs));
      const inTime = Date.now() + waitMs + this.timeoutMs < (this.options.deadline ?? Infinity);
      const retried = IDEMPOTENT.has(method.toUpperCase()) && inTime;
      this.options.onRateLimited?.({ status: res.status, waitMs, retried });
      if (retried) {
        await delay(waitMs);
        continue;
      }
      throw new TargetBroken(
        IDEMPOTENT.has(method.toUpperCase())
          ? `${label} answered HTTP ${res.status} asking to retry after ${Math.ceil(waitMs / 1000)} s, past the rule's deadline; lower limits.requestsPerSecond or limits.concurrency.`
          : `${label} answered HTTP ${res.status} asking to retry after ${Math.ceil(waitMs / 1000)} s; ${method} is not idempotent, so it is not sent again; lower limits.requestsPerSecond or limits.concurrency.`,
      );
    }
  }

  async #once(method: string, target: URL, headers: Record<string, string>, body: string | undefined, operation: OperationId | undefined): Promise<HttpResponse> {
    if (consecutiveTransportFailures >= BREAKER_THRESHOLD) {
      // one probe in ten still goes through, so a target that comes back is noticed
      consecutiveTransportFailures += 1;
      if (consecutiveTransportFailures % 10 !== 0) {
        throw new TargetBroken(`${method} ${target.origin}${target.pathname} was not sent: the target stopped answering (${BREAKER_THRESHOLD}+ transport failures in a row).`);
      }
    }
    await this.gate.enter();
    try {
      const res = await request(target, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        dispatcher: this.dispatcher,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        // one deadline for the whole exchange: a target dribbling a byte at a time still ends
        signal: AbortSignal.timeout(this.timeoutMs + 1_000),
        // for the exchange recorder (harness/exchange-recorder.ts); never on the wire
        [OPERATION_OPTION]: operation,
      } as Parameters<typeof request>[1]);
      const text = await res.body.text();
      consecutiveTransportFailures = 0;
      const flat = flatHeaders(res.headers);
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      // learn secrets the target hands out (tokens, session keys) before anything can print them
      this.redact.learnFrom(json);
      const shownBody = this.redact.body(text);
      return {
        label: `${method} ${target.pathname}`,
        status: res.statusCode,
        headers: flat,
        text,
        json,
        mediaType: flat['content-type']?.split(';')[0]?.trim().toLowerCase(),
        shown: shownBody.length > SHOWN_LENGTH ? `${shownBody.slice(0, SHOWN_LENGTH)}…` : shownBody,
      };
    } catch (e) {
      const err = e as Error;
      const code = transportCode(e);
      const where = `${method} ${target.origin}${target.pathname}`;
      // the target answered, but more than the suite reads: the exchange is broken, the run goes on
      if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') throw new TargetBroken(`${where} answered more than ${MB(this.limits.maxBodyMB * 2 ** 20)} (limits.maxBodyMB); the evidence keeps the head of the body.`);
      if (code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW') {
        throw new TargetBroken(`${where} answered a header block larger than ${this.limits.maxHeaderKB} KB (limits.maxHeaderKB).`);
      }
      if (TRANSPORT_CODES.test(code) || err.name === 'TimeoutError' || err.name === 'AbortError') {
        consecutiveTransportFailures += 1;
        throw new TargetBroken(`${where} got no response: ${describeTransport(code, this.timeoutMs)}.`);
      }
      throw e;
    } finally {
      this.gate.leave();
    }
  }
}

/** The transport failure's code: undici's string code, its cause's, or the error's name
 * (a DOMException's numeric code, such as 23 for a timeout, says less than its name). */
export function transportCode(e: unknown): string {
  const err = e as Error & { code?: unknown; cause?: { code?: unknown } };
  if (typeof err.code === 'string') return err.code;
  if (typeof err.cause?.code === 'string') return err.cause.code;
  return err.name;
}

export function describeTransport(code: string | undefined, timeoutMs: number): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (nothing is listening there)';
    case 'ENOTFOUND':
      return 'the host name does not resolve';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'TimeoutError':
    case 'AbortError':
      return `no answer within ${timeoutMs} ms`;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection could not be opened in time';
    case 'UND_ERR_SOCKET':
      return 'the connection closed before the answer was complete';
    default:
      return `transport error ${code}`;
  }
}
