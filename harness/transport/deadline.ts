import type { Dispatcher } from 'undici';
import { Forward, type Controller, type Interceptor, type ResponseHeaders } from './handler.js';

/**
 * One deadline for a whole exchange, from its dispatch to the end of its body: undici's
 * headersTimeout and bodyTimeout bound each wait, so a target dribbling a byte at a time would
 * never end without this. The exchange is aborted with a TimeoutError, as AbortSignal.timeout does.
 */
class Deadline extends Forward {
  #controller?: Controller;
  #expired?: Error;
  readonly #timer: NodeJS.Timeout;

  constructor(handler: Dispatcher.DispatchHandler, ms: number) {
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

  override onResponseEnd(controller: Controller, trailers: ResponseHeaders) {
    clearTimeout(this.#timer);
    return super.onResponseEnd(controller, trailers);
  }

  override onResponseError(controller: Controller, err: Error) {
    clearTimeout(this.#timer);
    return super.onResponseError(controller, err);
  }
}

export function exchangeDeadline(ms: number): Interceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new Deadline(handler, ms));
}
