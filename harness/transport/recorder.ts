import { AsyncResource } from 'node:async_hooks';
import type { Dispatcher } from 'undici';
import { Forward, type Controller, type Interceptor, type ResponseHeaders as Headers } from './handler.js';

/** The recorder interceptor: every request and its response (or transport error), kept as evidence. */

/** Bytes of a response body kept as evidence: the head; the body itself is bounded by limits.maxBodyMB. */
const EVIDENCE_BODY_BYTES = 64 * 1024;

/** One request and its response (or transport error): the unit of evidence. */
export interface Exchange {
  /** the spec operation the request performed, as its client named it (contract/operations.ts) */
  operation?: string;
  /** whose credential made the call: a profile account or party (primary, admin, lockable[0]…), or 'anonymous' */
  actor?: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  error?: string;
  ms: number;
}

/** The dispatch option that carries the operation from HttpClient to the recorder (undici passes unknown options through; never on the wire). */
export const OPERATION_OPTION = 'conformanceOperation';
/** The dispatch option that carries the actor (harness/redact.ts actorOf) from HttpClient to the recorder; never on the wire. */
export const ACTOR_OPTION = 'conformanceActor';

export type ExchangeSink = (exchange: Exchange) => void;

/** Header names lower-cased, repeated values joined (RFC 9110 §5.3); a plain loop, as it runs twice per exchange. */
export function flatHeaders(headers: Record<string, string | string[] | undefined> | undefined): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return flat;
}

/** Records a request's exchange as the response streams through (undici interceptor). */
class Recorder extends Forward {
  readonly #chunks: Buffer[] = [];
  #kept = 0;
  #dropped = 0;
  readonly #started = performance.now();
  #status?: number;
  #headers?: Record<string, string>;

  constructor(
    private readonly opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
    private readonly sink: ExchangeSink,
  ) {
    super(handler);
  }

  #record(error?: Error): void {
    const { opts } = this;
    this.sink({
      operation: (opts as unknown as Record<string, string | undefined>)[OPERATION_OPTION],
      actor: (opts as unknown as Record<string, string | undefined>)[ACTOR_OPTION],
      method: opts.method,
      url: new URL(opts.path, String(opts.origin)).toString(),
      requestHeaders: flatHeaders(opts.headers as Record<string, string>),
      requestBody: typeof opts.body === 'string' ? opts.body : Buffer.isBuffer(opts.body) ? opts.body.toString('utf8') : undefined,
      status: this.#status,
      responseHeaders: this.#headers,
      responseBody: this.#chunks.length
        ? `${Buffer.concat(this.#chunks).toString('utf8')}${this.#dropped > 0 ? `\n… (${this.#dropped} more bytes read, not kept)` : ''}`
        : this.#status
          ? ''
          : undefined,
      error: error ? `${error.name}: ${error.message}` : undefined,
      ms: Math.round(performance.now() - this.#started),
    });
  }

  override onResponseStart(controller: Controller, statusCode: number, headers: Headers, statusMessage?: string) {
    this.#status = statusCode;
    this.#headers = flatHeaders(headers as Record<string, string | string[] | undefined>);
    return super.onResponseStart(controller, statusCode, headers, statusMessage);
  }

  override onResponseData(controller: Controller, chunk: Buffer) {
    const room = EVIDENCE_BODY_BYTES - this.#kept;
    if (room > 0) {
      const head = chunk.length > room ? chunk.subarray(0, room) : chunk;
      this.#chunks.push(head);
      this.#kept += head.length;
    }
    this.#dropped += chunk.length - Math.max(0, Math.min(room, chunk.length));
    return super.onResponseData(controller, chunk);
  }

  override onResponseEnd(controller: Controller, trailers: Headers) {
    this.#record();
    return super.onResponseEnd(controller, trailers);
  }

  override onResponseError(controller: Controller, err: Error) {
    this.#record(err);
    return super.onResponseError(controller, err);
  }
}

/** The sink is called in the context the request was made in (undici answers in the socket's), so a rule can tell which of its attempts made it. */
export function recordExchanges(sink: ExchangeSink): Interceptor {
  return (dispatch) => (opts, handler) => {
    // the request's context, kept for its answer (AsyncResource.bind does the same at more cost)
    const context = new AsyncResource('conformance.exchange');
    return dispatch(opts, new Recorder(opts, handler, (exchange) => context.runInAsyncScope(sink, undefined, exchange)));
  };
}
