import type { Dispatcher } from 'undici';

/**
 * What every interceptor of harness/transport/ shares. undici hands an interceptor a handler
 * with the dispatch hooks of undici 7 (Dispatcher.compose wraps older ones), so an interceptor's
 * handler forwards those hooks and overrides the ones it watches. (undici's DecoratorHandler
 * is deprecated, and asserts one response per handler, which a retry breaks.)
 */
export type Controller = Dispatcher.DispatchController;
export type Handler = Dispatcher.DispatchHandler;
export type ResponseHeaders = Parameters<NonNullable<Handler['onResponseStart']>>[2];
export type Interceptor = Dispatcher.DispatcherComposeInterceptor;

export class Forward implements Handler {
  constructor(protected readonly next: Handler) {}

  onRequestStart(controller: Controller, context: unknown): void {
    this.next.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Controller, statusCode: number, headers: ResponseHeaders, socket: Parameters<NonNullable<Handler['onRequestUpgrade']>>[3]): void {
    this.next.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string): void {
    this.next.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.next.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: ResponseHeaders): void {
    this.next.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, err: Error): void {
    this.next.onResponseError?.(controller, err);
  }
}

/** A controller for a request that never reached a connection: there is nothing to abort or pause. */
function unsent(reason: Error): Controller {
  return { abort: () => undefined, pause: () => undefined, resume: () => undefined, aborted: true, paused: false, reason } as unknown as Controller;
}

/** Ends a request that was not (or is no longer) sent with `err`, as undici ends a failed one. */
export function failUnsent(handler: Handler, err: Error): void {
  handler.onResponseError?.(unsent(err), err);
}
