import type { Dispatcher } from 'undici';
import { failUnsent, Forward, type Controller, type Interceptor, type ResponseHeaders } from './handler.js';
import { isTransportFailure } from './failures.js';

/**
 * A target that stops answering mid-run must give a verdict, not a hang: after `threshold`
 * transport failures in a row (per worker), requests fail at once as broken until the target
 * answers again. While it is open, one in ten still goes through (a probe, as a circuit breaker's
 * half-open state), so a target that comes back is noticed; never two probes at once, so a target
 * that stalls costs one request timeout at a time, not one per rule waiting on it.
 */
export class Breaker {
  #failures = 0;
  #probing = false;

  constructor(readonly threshold = 3) {}

  /** Whether a request may be sent now; a request sent while open is the probe, and must be settled. */
  admits(): 'closed' | 'probe' | false {
    if (this.#failures < this.threshold) return 'closed';
    this.#failures += 1;
    if (this.#probing || this.#failures % 10 !== 0) return false;
    this.#probing = true;
    return 'probe';
  }

  answered(probe: boolean): void {
    this.#failures = 0;
    if (probe) this.#probing = false;
  }

  failed(probe: boolean): void {
    this.#failures += 1;
    if (probe) this.#probing = false;
  }

  /** A request ended without telling whether the target answers (an oversize body, a local abort). */
  settled(probe: boolean): void {
    if (probe) this.#probing = false;
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
    private readonly probe: boolean,
  ) {
    super(handler);
  }

  override onResponseEnd(controller: Controller, trailers: ResponseHeaders) {
    this.breaker.answered(this.probe);
    return super.onResponseEnd(controller, trailers);
  }

  override onResponseError(controller: Controller, err: Error) {
    if (isTransportFailure(err)) this.breaker.failed(this.probe);
    else this.breaker.settled(this.probe);
    return super.onResponseError(controller, err);
  }
}

export function breakerOf(breaker: Breaker): Interceptor {
  return (dispatch) => (opts, handler) => {
    const admitted = breaker.admits();
    if (admitted) return dispatch(opts, new Watch(handler, breaker, admitted === 'probe'));
    failUnsent(handler, new BreakerOpen(breaker.threshold));
    return true;
  };
}
