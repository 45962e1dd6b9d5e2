import { errors, type Dispatcher } from 'undici';
import { Forward, type Controller, type Interceptor, type ResponseHeaders } from './handler.js';

/**
 * A huge answer gives a verdict, never a hang or an exhausted heap: the body is read up to
 * limits.maxBodyMB and the exchange is aborted past it with undici's own error
 * (UND_ERR_RES_EXCEEDED_MAX_SIZE), the recorder keeping the head as evidence. A declared
 * Content-Length past the bound is refused before a byte of the body is read.
 *
 * The header block is bounded where it is parsed, by the Agent's maxHeaderSize (worker.ts):
 * an interceptor sees headers only once they have all been read.
 */
class Bounded extends Forward {
  #read = 0;

  constructor(
    handler: Dispatcher.DispatchHandler,
    private readonly maxBytes: number,
  ) {
    super(handler);
  }

  override onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string) {
    super.onResponseStart(controller, statusCode, headers, statusMessage);
    // after the status and headers are passed on, so the evidence shows what was declared
    const declared = Number((headers as Record<string, unknown>)['content-length']);
    if (declared > this.maxBytes) controller.abort(new errors.ResponseExceededMaxSizeError());
  }

  override onResponseData(controller: Controller, chunk: Buffer) {
    this.#read += chunk.length;
    if (this.#read > this.maxBytes) return controller.abort(new errors.ResponseExceededMaxSizeError());
    return super.onResponseData(controller, chunk);
  }
}

export function boundedBody(maxBytes: number): Interceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new Bounded(handler, maxBytes));
}
