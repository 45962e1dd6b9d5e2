import type { Dispatcher } from 'undici';
import { failUnsent, type Interceptor } from './handler.js';

/**
 * The dispatch option (never on the wire) that carries a request's stamp: what it sends that
 * holds the time it is sent (the LoginModel TimeStamp of Get a session key, sealed with it,
 * vendor-wire §3.1), made again as the request leaves the gate.
 */
export const STAMP_OPTION = 'conformanceStamp';

/** The body, and the headers that go with it, as of now. */
export type Stamp = () => { body: string; headers: Record<string, string> };

/**
 * Stamps a request when the gate lets it go, not when it was asked for: a request may wait for a
 * slot behind many others (limits.concurrency), longer than a server's window for the time
 * stamp (B3: ±5 s), and a retry after Retry-After is stamped anew. Runs after the gate and
 * before the recorder, so the evidence shows what was sent.
 */
export function stampedWhenSent(): Interceptor {
  return (dispatch) => (opts, handler) => {
    const stamp = (opts as unknown as Record<string, Stamp | undefined>)[STAMP_OPTION];
    if (!stamp) return dispatch(opts, handler);
    let fresh: ReturnType<Stamp>;
    try {
      fresh = stamp();
    } catch (e) {
      failUnsent(handler, e as Error);
      return true;
    }
    const headers = { ...(opts.headers as Record<string, string>), ...fresh.headers };
    return dispatch({ ...opts, headers, body: fresh.body } as Dispatcher.DispatchOptions, handler);
  };
}
