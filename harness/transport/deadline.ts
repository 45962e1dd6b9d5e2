import type { Dispatcher } from 'undici';
import { Forward, type Controller, type Interceptor, type ResponseHeaders } from './handler.js';

/**
 * An answer still arriving must not bring fewer than TRICKLE_MIN_BYTES (but some) in each of
 * TRICKLE_WINDOWS windows in a row: a JSON or XML answer comes in a few packets, so a body that
 * keeps coming a few bytes at a time is a drip, given up after those windows rather than at the
 * deadline. A window with no byte at all is a pause, not a drip (undici's bodyTimeout bounds it):
 * a first packet, a pause, then the rest is an answer.
 */
export const TRICKLE_WINDOW_MS = 2_000;
export const TRICKLE_WINDOWS = 2;
export const TRICKLE_MIN_BYTES = 1_024;

/** The error of an exchange given up because its answer dripped (failures.ts describes it). */
export class Trickle extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'SMS_ANSWER_TRICKLE';
  constructor(bytes: number, { windowMs, minBytes }: TrickleGuard) {
    super(`the answer kept coming a few bytes at a time: ${bytes} in the last ${windowMs} ms, fewer than ${minBytes}`);
  }
}

/** The least an answer still arriving must bring in each window (the defaults above; self-tests shorten it). */
export interface TrickleGuard {
  windowMs: number;
  minBytes: number;
}

/**
 * One deadline for a whole exchange, from its dispatch to the end of its body: undici's
 * headersTimeout and bodyTimeout bound each wait, so a target dribbling a byte at a time would
 * never end without this. The exchange is aborted with a TimeoutError, as AbortSignal.timeout
 * does; a body that drips (fewer than TRICKLE_MIN_BYTES in a window) is aborted at the end of
 * that window with a Trickle.
 */
class Deadline extends Forward {
  #controller?: Controller;
  #expired?: Error;
  readonly #timer: NodeJS.Timeout;
  #trickle?: NodeJS.Timeout;
  #windowBytes = 0;
  /** windows in a row that brought some bytes, but fewer than the guard's least */
  #trickled = 0;

  constructor(
    handler: Dispatcher.DispatchHandler,
    ms: number,
    private readonly guard: TrickleGuard,
  ) {
    super(handler);
    this.#timer = setTimeout(() => {
      this.#expired = new DOMException(`The exchange took longer than ${ms} ms`, 'TimeoutError');
      this.#controller?.abort(this.#expired);
    }, ms);
    this.#timer.unref();
  }

  override onRequestStart(controller: Controller, context: unknown) {
    this.#controller = controller;
    // the deadline passed while the request waited for a connection
    if (this.#expired) return controller.abort(this.#expired);
    return super.onRequestStart(controller, context);
  }

  override onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string) {
    this.#trickle = setInterval(() => {
      const bytes = this.#windowBytes;
      this.#windowBytes = 0;
      this.#trickled = bytes > 0 && bytes < this.guard.minBytes ? this.#trickled + 1 : 0;
      if (this.#trickled >= TRICKLE_WINDOWS) controller.abort(new Trickle(bytes, this.guard));
    }, this.guard.windowMs);
    this.#trickle.unref();
    return super.onResponseStart(controller, statusCode, headers, statusMessage);
  }

  override onResponseData(controller: Controller, chunk: Buffer) {
    this.#windowBytes += chunk.length;
    return super.onResponseData(controller, chunk);
  }

  override onResponseEnd(controller: Controller, trailers: ResponseHeaders) {
    this.#stop();
    return super.onResponseEnd(controller, trailers);
  }

  override onResponseError(controller: Controller, err: Error) {
    this.#stop();
    return super.onResponseError(controller, err);
  }

  #stop(): void {
    clearTimeout(this.#timer);
    clearInterval(this.#trickle);
  }
}

export function exchangeDeadline(ms: number, guard: TrickleGuard = { windowMs: TRICKLE_WINDOW_MS, minBytes: TRICKLE_MIN_BYTES }): Interceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new Deadline(handler, ms, guard));
}
