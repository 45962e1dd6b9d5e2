import type { Dispatcher } from 'undici';
import type { Controller, Handler, ResponseHeaders } from './handler.js';

/** An answer read whole: what a rule reads of every exchange. */
export interface Answer {
  statusCode: number;
  headers: ResponseHeaders;
  /** the body as UTF-8 text, a byte-order mark skipped (as undici's body.text()) */
  text: string;
}

/**
 * Sends one request through `dispatcher` (a rule's composed transport) and reads its answer
 * whole: the last handler of the chain, in place of undici's request(), whose body stream and
 * async resource a rule that reads every body at once only pays for. Informational (1xx) heads
 * are passed over, as request() does; a transport error rejects with undici's own error.
 */
export function answerOf(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(options, new Collect(resolve, reject));
  });
}

class Collect implements Handler {
  #statusCode = 0;
  #headers: ResponseHeaders = {};
  readonly #chunks: Buffer[] = [];
  #settled = false;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (err: Error) => void,
  ) {}

  /** present, so undici takes this for a handler of its dispatch hooks, not one of the older API it wraps */
  onRequestStart(): void {}

  onResponseStart(_controller: Controller, statusCode: number, headers: ResponseHeaders): void {
    if (statusCode < 200) return;
    this.#chunks.length = 0;
    this.#statusCode = statusCode;
    this.#headers = headers;
  }

  onResponseData(_controller: Controller, chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.resolve({ statusCode: this.#statusCode, headers: this.#headers, text: utf8(this.#chunks) });
  }

  onResponseError(_controller: Controller, err: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.reject(err);
  }
}

function utf8(chunks: Buffer[]): string {
  if (chunks.length === 0) return '';
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  const bom = body.length > 2 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  return body.toString('utf8', bom ? 3 : 0);
}
