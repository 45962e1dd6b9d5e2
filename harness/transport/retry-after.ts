import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { retryAfterMs, type Gate } from '../gate.js';
import { Forward, type Controller, type Handler, type Interceptor, type ResponseHeaders } from './handler.js';

/**
 * A 429 or 503 with Retry-After (RFC 9110 §10.2.3, RFC 6585 §4): the target asked the suite to
 * slow down. The spec shows no rate limits (§8), so this is never judged as conformance: the
 * worker's other requests hold back (for at most a request timeout at a time), and the request
 * is sent again after the wait if repeating it is harmless and the rule has the time; otherwise
 * the exchange ends with RetryRefused, which harness/http.ts words as a broken rule.
 *
 * undici's own retry interceptor does not fit: it also retries a 5xx or a reset without
 * Retry-After (hiding a broken target), caps the wait at its own maxTimeout rather than the
 * rule's deadline, and cannot hold back the worker's other requests.
 */
export interface RateLimited {
  status: number;
  waitMs: number;
  /** whether the request was sent again after the wait */
  retried: boolean;
}

export interface RetryAfterOptions {
  gate: Gate;
  timeoutMs: number;
  /** the epoch ms by which the rule must be done: a Retry-After past it is not waited for */
  deadline?: number;
  onRateLimited?: (event: RateLimited) => void;
}

/** Methods whose repetition is harmless (RFC 9110 §9.2.2); only these are repeated after Retry-After. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** The request was not sent again after a Retry-After; `repeatable` tells why (idempotent but out of time, or not idempotent). */
export class RetryRefused extends Error {
  override readonly name = 'RetryRefused';
  readonly code = 'SMS_RETRY_REFUSED';
  constructor(
    readonly status: number,
    readonly waitMs: number,
    readonly repeatable: boolean,
  ) {
    super(`HTTP ${status} asking to retry after ${Math.ceil(waitMs / 1000)} s`);
  }
}

class RetryAfter extends Forward {
  /** the answer that asked to wait: read to its end, not passed on */
  #held?: RateLimited;

  constructor(
    handler: Handler,
    private readonly dispatch: Dispatcher.Dispatch,
    private readonly opts: Dispatcher.DispatchOptions,
    private readonly options: RetryAfterOptions,
  ) {
    super(handler);
  }

  override onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string) {
    const value = (headers as Record<string, string | string[] | undefined>)['retry-after'];
    const waitMs = statusCode === 429 || statusCode === 503 ? retryAfterMs(Array.isArray(value) ? value[0] : value) : undefined;
    if (waitMs === undefined) return super.onResponseStart(controller, statusCode, headers, statusMessage);
    const { gate, timeoutMs, deadline = Infinity, onRateLimited } = this.options;
    gate.pause(Math.min(waitMs, timeoutMs));
    const inTime = Date.now() + waitMs + timeoutMs < deadline;
    this.#held = { status: statusCode, waitMs, retried: IDEMPOTENT.has(this.opts.method.toUpperCase()) && inTime };
    onRateLimited?.(this.#held);
  }

  override onResponseData(controller: Controller, chunk: Buffer) {
    if (!this.#held) super.onResponseData(controller, chunk);
  }

  override onResponseEnd(controller: Controller, trailers: ResponseHeaders) {
    const held = this.#held;
    if (!held) return super.onResponseEnd(controller, trailers);
    this.#held = undefined;
    if (!held.retried) return super.onResponseError(controller, new RetryRefused(held.status, held.waitMs, IDEMPOTENT.has(this.opts.method.toUpperCase())));
    void delay(held.waitMs).then(() => this.dispatch(this.opts, this));
  }
}

export function retryAfter(options: RetryAfterOptions): Interceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new RetryAfter(handler, dispatch, opts, options));
}
