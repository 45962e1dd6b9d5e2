import type { Dispatcher } from 'undici';
import { DEFAULT_LIMITS, type Limits } from '../contract/profile.js';
import { OperationAbsent, TargetBroken } from './outcomes.js';
import { absence, interfaceAbsence, type OfferDeclaration, type OperationId } from '../contract/operations.js';
import type { InterfaceName } from '../contract/profile.js';
import type { Redactor } from './redact.js';
import { answerOf } from './transport/answer.js';
import { BreakerOpen } from './transport/breaker.js';
import { describeTransport, isTransportFailure, transportCode } from './transport/failures.js';
import { ACTOR_OPTION, flatHeaders, OPERATION_OPTION } from './transport/recorder.js';
import { STAMP_OPTION, type Stamp } from './transport/stamp.js';
import { RetryRefused } from './transport/retry-after.js';

export type { Exchange, ExchangeSink } from './transport/recorder.js';
export type { RateLimited } from './transport/retry-after.js';

const SHOWN_LENGTH = 600;

export interface HttpClientOptions {
  /** per-request timeout: each wait for the target (undici's headersTimeout and bodyTimeout) */
  timeoutMs: number;
  redact: Redactor;
  /** for the wording of an oversize answer; the bounds themselves are the transport's (harness/transport/) */
  limits?: Limits;
  /**
   * What the profile declares about the operations the target offers: every request that names
   * its operation (or its interface) is checked against it before it leaves (contract/operations.ts
   * `absence`). Absent: nothing is checked (an ungated client, see `ungated()`).
   */
  offers?: OfferDeclaration;
}

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
  readonly shown: string;
  /** whose credential made the call (harness/redact.ts actorOf); undefined when it carried none */
  actor?: string;
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
  /** whose call it is, where no credential it carries says so (the redactor reads it off the credentials otherwise) */
  actor?: string;
  /** the body and headers made again when the request leaves the gate, for what holds the time it is sent (harness/transport/stamp.ts) */
  stamp?: Stamp;
}

/** A thin HTTP client: every request is recorded, timed out per request, and transport
 * failures become TargetBroken (the rule could not be evaluated). */
export class HttpClient {
  private readonly timeoutMs: number;
  private readonly redact: Redactor;
  private readonly limits: Limits;

  /** `dispatcher`: a rule's composed transport (harness/transport/compose.ts), or any undici dispatcher. */
  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly options: HttpClientOptions,
  ) {
    this.timeoutMs = options.timeoutMs;
    this.redact = options.redact;
    this.limits = options.limits ?? DEFAULT_LIMITS;
  }

  /**
   * The same client without the profile's operation gate, for the one rule that checks the
   * declaration itself (a declared-absent operation must be refused): a visible opt-out.
   */
  ungated(): HttpClient {
    return new HttpClient(this.dispatcher, { ...this.options, offers: undefined });
  }

  /**
   * THE gate: ends the rule as not applicable, with the profile key and the spec
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
    // the one place where the profile's declaration of offered operations is enforced
    this.assertOffered(options.operation, options.service);
    const target = new URL(url);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) target.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const label = `${method} ${target.pathname}`;
    // whose call it is, read off the credentials it carries (harness/redact.ts): the owner of what it sends and of what the answer hands out
    const actor = options.actor ?? this.redact.actorOf(headers, target.toString(), body);
    const owner = actor === 'anonymous' || actor === 'an unnamed credential' ? undefined : actor;
    this.redact.learnFromRequest(headers, body, owner);
    try {
      // gate, pacing, Retry-After, breaker, rule headers, bounds and recorder are the dispatcher's
      const res = await answerOf(this.dispatcher, {
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        // for the exchange recorder (harness/transport/recorder.ts); never on the wire
        [OPERATION_OPTION]: options.operation,
        [ACTOR_OPTION]: actor,
        [STAMP_OPTION]: options.stamp,
      } as Dispatcher.DispatchOptions);
      const { text } = res;
      const flat = flatHeaders(res.headers as Record<string, string | string[] | undefined>);
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      // learn secrets the target hands out (tokens, session keys) before anything can print them
      if (json !== undefined) this.redact.learnFrom(json, owner, `the answer to ${label}`);
      else this.redact.learnFromText(text, owner, `the answer to ${label}`);
      const redact = this.redact;
      let shown: string | undefined;
      return {
        label,
        actor: owner,
        status: res.statusCode,
        headers: flat,
        text,
        json,
        mediaType: flat['content-type']?.split(';')[0]?.trim().toLowerCase(),
        // redacted when a message first asks for it, not for every answer (most are never shown)
        get shown() {
          if (shown === undefined) {
            const body = redact.body(text);
            shown = body.length > SHOWN_LENGTH ? `${body.slice(0, SHOWN_LENGTH)}…` : body;
          }
          return shown;
        },
      };
    } catch (e) {
      throw this.#verdict(e, method, target) ?? e;
    }
  }

  /** What a failed exchange says about the target, as a broken rule; undefined for an error of the suite's own. */
  #verdict(e: unknown, method: string, target: URL): TargetBroken | undefined {
    const label = `${method} ${target.pathname}`;
    const where = `${method} ${target.origin}${target.pathname}`;
    const advice = 'lower limits.requestsPerSecond or limits.concurrency.';
    if (e instanceof RetryRefused) {
      // the target asked to slow down (spec §8 shows no rate limits): never judged as conformance
      return new TargetBroken(
        e.repeatable
          ? `${label} answered ${e.message}, past the rule's deadline; ${advice}`
          : `${label} answered ${e.message}; ${method} is not idempotent, so it is not sent again; ${advice}`,
      );
    }
    if (e instanceof BreakerOpen) return new TargetBroken(`${where} was not sent: ${e.message}.`);
    const code = transportCode(e);
    // the target answered, but more than the suite reads: the exchange is broken, the run goes on
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return new TargetBroken(`${where} answered more than ${MB(this.limits.maxBodyMB * 2 ** 20)} (limits.maxBodyMB); the evidence keeps the head of the body.`);
    if (code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW') {
      return new TargetBroken(`${where} answered a header block larger than ${this.limits.maxHeaderKB} KB (limits.maxHeaderKB).`);
    }
    if (isTransportFailure(e)) return new TargetBroken(`${where} got no response: ${describeTransport(code, this.timeoutMs)}.`);
    return undefined;
  }
}
