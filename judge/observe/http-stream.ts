/**
 * A reader of HTTP/1.1 messages (RFC 9112) from a COPY of a connection's bytes: what observe's
 * proxy forwards is the raw bytes, untouched; this only reads them for the judge. It frames each
 * message (Content-Length, chunked, read until close, no body for 1xx/204/304 and answers to
 * HEAD) and hands it on whole. Bytes it cannot read (not HTTP, a head too long) end its reading of
 * that connection with one sentence; the forwarding goes on.
 */

export interface HttpMessage {
  /** request: method and target; response: status */
  method?: string;
  target?: string;
  status?: number;
  /** header names lower-case, repeated values joined */
  headers: Record<string, string>;
  body: Buffer;
}

export interface StreamEvents {
  message(m: HttpMessage): void;
  /** the copy could not be read: one sentence; `partial` is the head of a message cut short */
  problem(why: string, partial?: HttpMessage): void;
}

const MAX_HEAD = 64 * 1024;
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]$/;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/;

type State = 'head' | 'fixed' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'close' | 'done';

export class HttpStream {
  #state: State = 'head';
  #pending: Buffer = Buffer.alloc(0);
  #head?: HttpMessage;
  #body: Buffer[] = [];
  #left = 0;

  /**
   * @param kind which side's bytes this reads
   * @param bodiless for a response: whether the request it answers can have no body in its answer (HEAD)
   */
  constructor(
    readonly kind: 'request' | 'response',
    private readonly on: StreamEvents,
    private readonly bodiless: () => boolean = () => false,
  ) {}

  /** whether it has stopped reading (bytes it could not read, or the end) */
  get stopped(): boolean {
    return this.#state === 'done';
  }

  /** whether a message's head is read and its body is still coming */
  get midMessage(): boolean {
    return this.#head !== undefined;
  }

  /** Stops reading the copy (the other side's could not be read: nothing here can be paired). */
  stop(): void {
    this.#state = 'done';
    this.#head = undefined;
    this.#pending = Buffer.alloc(0);
  }

  /** Another chunk of the copy. */
  push(chunk: Buffer): void {
    if (this.#state === 'done') return;
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    while (this.#pending.length > 0 && (this.#state as State) !== 'done') if (!this.#step()) break;
  }

  /** The connection ended: a body read until close is whole; anything else half-read is a problem. */
  end(why: string): void {
    if (this.#state === 'close') {
      this.#emit();
      this.#state = 'done';
      return;
    }
    if (this.#state === 'done') return;
    if (this.#head) this.on.problem(why, { ...this.#head, body: Buffer.concat(this.#body) });
    else if (this.#pending.toString('latin1').trim().length > 0) this.on.problem(`${why}, in the middle of a message head`);
    this.#state = 'done';
  }

  /** One step of the state machine; false: it needs more bytes. */
  #step(): boolean {
    switch (this.#state) {
      case 'head':
        return this.#readHead();
      case 'fixed':
      case 'chunk-data':
      case 'close':
        return this.#readBody();
      case 'chunk-size':
      case 'chunk-end':
      case 'trailers':
        return this.#readLine();
      default:
        return false;
    }
  }

  #readHead(): boolean {
    // a client may send empty lines before a request line (RFC 9112 §2.2)
    while (this.#pending.length >= 2 && this.#pending[0] === 13 && this.#pending[1] === 10) this.#pending = this.#pending.subarray(2);
    const end = this.#pending.indexOf('\r\n\r\n');
    if (end < 0) {
      if (this.#pending.length > MAX_HEAD) this.#fail(`a message head longer than ${MAX_HEAD} bytes`);
      return false;
    }
    const lines = this.#pending.subarray(0, end).toString('latin1').split('\r\n');
    this.#pending = this.#pending.subarray(end + 4);
    const start = lines.shift() ?? '';
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) return this.#fail(`a header line that is not "name: value" (${JSON.stringify(line.slice(0, 60))})`);
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    if (this.kind === 'request') {
      const m = REQUEST_LINE.exec(start);
      if (!m) return this.#fail(`bytes that are not an HTTP/1.1 request (${JSON.stringify(start.slice(0, 60))})`);
      this.#head = { method: m[1]!, target: m[2]!, headers, body: Buffer.alloc(0) };
    } else {
      const m = STATUS_LINE.exec(start);
      if (!m) return this.#fail(`bytes that are not an HTTP/1.1 answer (${JSON.stringify(start.slice(0, 60))})`);
      this.#head = { status: Number(m[1]), headers, body: Buffer.alloc(0) };
    }
    this.#body = [];
    const status = this.#head.status ?? 0;
    if (status === 101 || (this.#head.method ?? '').toUpperCase() === 'CONNECT') {
      // the connection becomes something else: nothing more of it is HTTP
      this.#emit();
      this.#state = 'done';
      return false;
    }
    const noBody = this.kind === 'response' && ((status >= 100 && status < 200) || status === 204 || status === 304 || this.bodiless());
    const te = (headers['transfer-encoding'] ?? '').toLowerCase();
    if (noBody) return this.#emit();
    if (te.split(',').map((s) => s.trim()).pop() === 'chunked') this.#state = 'chunk-size';
    else if (headers['content-length'] !== undefined) {
      const n = Number(headers['content-length'].split(',')[0]!.trim());
      if (!Number.isSafeInteger(n) || n < 0) return this.#fail(`a Content-Length that is not a length (${headers['content-length']})`);
      if (n === 0) return this.#emit();
      this.#left = n;
      this.#state = 'fixed';
    } else if (this.kind === 'request') return this.#emit();
    else this.#state = 'close';
    return true;
  }

  #readBody(): boolean {
    if (this.#state === 'close') {
      this.#body.push(this.#pending);
      this.#pending = Buffer.alloc(0);
      return false;
    }
    const take = Math.min(this.#left, this.#pending.length);
    this.#body.push(this.#pending.subarray(0, take));
    this.#pending = this.#pending.subarray(take);
    this.#left -= take;
    if (this.#left > 0) return false;
    if (this.#state === 'fixed') return this.#emit();
    this.#state = 'chunk-end';
    return true;
  }

  #readLine(): boolean {
    const eol = this.#pending.indexOf('\r\n');
    if (eol < 0) {
      if (this.#pending.length > MAX_HEAD) this.#fail('a chunk line too long');
      return false;
    }
    const line = this.#pending.subarray(0, eol).toString('latin1');
    this.#pending = this.#pending.subarray(eol + 2);
    if (this.#state === 'chunk-end') {
      if (line !== '') return this.#fail('a chunk not ended by CRLF');
      this.#state = 'chunk-size';
      return true;
    }
    if (this.#state === 'trailers') return line === '' ? this.#emit() : true;
    const size = parseInt(line.split(';')[0]!.trim(), 16);
    if (!Number.isSafeInteger(size) || size < 0 || !/^[0-9a-fA-F]+$/.test(line.split(';')[0]!.trim())) return this.#fail(`a chunk size that is not hexadecimal (${JSON.stringify(line.slice(0, 20))})`);
    this.#state = size === 0 ? 'trailers' : 'chunk-data';
    this.#left = size;
    return true;
  }

  #emit(): boolean {
    const head = this.#head!;
    this.#head = undefined;
    const body = this.#body.length === 1 ? this.#body[0]! : Buffer.concat(this.#body);
    this.#body = [];
    this.#state = 'head';
    this.on.message({ ...head, body });
    return true;
  }

  #fail(why: string): false {
    const partial = this.#head;
    this.#head = undefined;
    this.#state = 'done';
    this.#pending = Buffer.alloc(0);
    this.on.problem(`the ${this.kind === 'request' ? 'client' : 'server'} sent ${why}; the rest of that connection was passed on unread`, partial);
    return false;
  }
}
