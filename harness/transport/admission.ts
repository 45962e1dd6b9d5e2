import type { Dispatcher } from 'undici';
import type { Gate } from '../gate.js';
import { failUnsent, Forward, type Controller, type Interceptor, type ResponseHeaders } from './handler.js';

/**
 * The worker's admission gate (harness/gate.ts) as an interceptor: a request waits for a slot
 * and for the rate limit before it is dispatched, and holds the slot until its answer has been
 * read or has failed, so limits.concurrency counts whole exchanges.
 */
class Leave extends Forward {
  #left = false;

  constructor(
    handler: Dispatcher.DispatchHandler,
    private readonly gate: Gate,
  ) {
    super(handler);
  }

  leave(): void {
    if (this.#left) return;
    this.#left = true;
    this.gate.leave();
  }

  override onResponseEnd(controller: Controller, trailers: ResponseHeaders) {
    this.leave();
    return super.onResponseEnd(controller, trailers);
  }

  override onResponseError(controller: Controller, err: Error) {
    this.leave();
    return super.onResponseError(controller, err);
  }
}

/** `rank`: the place of the rule's requests among the worker's waiting ones (harness/gate.ts Gate.enter), read as each request asks. */
export function admittedBy(gate: Gate, rank?: number | (() => number)): Interceptor {
  return (dispatch) => (opts, handler) => {
    void gate.enter(typeof rank === 'function' ? rank() : rank).then(() => {
      const leaving = new Leave(handler, gate);
      try {
        dispatch(opts, leaving);
      } catch (e) {
        // undici throws for options it refuses (an invalid header, say): the slot is free again
        leaving.leave();
        failUnsent(handler, e as Error);
      }
    });
    return true;
  };
}
