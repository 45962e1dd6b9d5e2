import type { Dispatcher } from 'undici';
import { failUnsent, Forward, type Controller, type Interceptor, type ResponseHeaders } from './handler.js';
import { isTransportFailure } from './failures.js';

/**
 * A target that stops answering mid-run must give a verdict, not a hang: after `threshold`
 * transport failures in a row (per worker), requests fail at once as broken until the target
 * answers again; one in ten still goes through, so a target that comes back is noticed.
 */
export class Breaker {
  #failures = 0;

  constructor(readonly threshold = 3) {}

  /** Whether a request may be sent now. */
  admits(): boolean {
    if (this.#failures < this.threshold) return true;
    this.#failures += 1;
    return this.#failures % 10 === 0;
  }

  answered(): void {
    this.#failures = 0;
  }

  failed(): void {
    this.#failures += 1;
  }
}

/** The error of a request the open breaker did not send (harness/http.ts makes it a TargetBroken). */
export class BreakerOpen extends Error {
  override readonly name = 'BreakerOpen';
  readonly code = 'SMS_BREAKER_OPEN';
  constructor(readonly threshold: number) {
    super(`the target stopped answering (${threshold}+ transport failures in a row)`);
  }
}

class Watch extends Forward {
  constructor(
    handler: Dispatcher.DispatchHandler,
    private readonly breaker: Breaker,
  ) {
    super(handler);
  }

  override onResponseEnd(controller: Controller, trailers: ResponseHeaders) {
    this.breaker.answered();
    return super.onResponseEnd(controller, trailers);
  }

  override onResponseError(controller: Controller, err: Error) {
    if (isTransportFailure(err)) this.breaker.failed();
    return super.onResponseError(controller, err);
  }
}

export function breakerOf(breaker: Breaker): Interceptor {
  return (dispatch) => (opts, handler) => {
    if (breaker.admits()) return dispatch(opts, new Watch(handler, breaker));
    failUnsent(handler, new BreakerOpen(breaker.threshold));
    return true;
  };
}
