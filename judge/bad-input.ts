import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RecordedExchange } from './exchange.js';

/**
 * What a recording front does with input it cannot take whole, and how the report says so: one
 * sentence per exchange, never a crash. Bytes that are not an HTTP request, a client that hangs
 * up mid-request, a body larger than the judge keeps. The rules judge what was kept; these
 * sentences are listed apart in the judgement report (`recordingProblems`).
 */

/** The most of a request body a recording keeps and passes on: four times the reference's own cap (256 KiB), so an oversized body is still refused by the server as oversized. */
export const KEPT_BODY_BYTES = 1024 * 1024;

export interface ReadBody {
  body: Buffer;
  /** the bytes beyond KEPT_BODY_BYTES the client sent, read and dropped */
  dropped: number;
}

export const droppedSentence = (kept: number, dropped: number) =>
  `the request body is ${kept + dropped} bytes, over the ${kept} the judge keeps: the first ${kept} were judged and passed on, the rest dropped`;

const sentenceOf = (e: NodeJS.ErrnoException) => {
  switch (e.code) {
    case 'ECONNRESET':
    case 'HPE_INVALID_EOF_STATE':
      return 'the client hung up before the end of its request head';
    case 'HPE_HEADER_OVERFLOW':
      return 'the request head is larger than an HTTP server reads';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return 'the client did not finish its request in time';
    default:
      return `the bytes the client sent are not an HTTP/1.1 request (${e.code ?? 'unreadable'}: ${e.message.replace(/\s+/g, ' ')})`;
  }
};

/**
 * A front's guard for one HTTP server: reads request bodies with a cap, and turns bytes the
 * server refused before a request was read (`clientError`) into a recorded exchange. A socket
 * whose request was already recorded (a hang-up mid-body) gets no second sentence.
 */
export interface InputGuard {
  /** Reads a request body, keeping at most `kept` bytes (the rest is read and dropped, so the client is not stalled). */
  readBody(req: IncomingMessage, kept?: number): Promise<ReadBody>;
  /** The exchange to record for a `clientError`, or undefined when the socket's request already says it. */
  unreadable(seq: number, e: Error, socket: Duplex): RecordedExchange | undefined;
}

export function inputGuard(): InputGuard {
  /** sockets whose current request is recorded and has not ended */
  const midRequest = new WeakSet<Duplex>();
  return {
    readBody: (req, kept = KEPT_BODY_BYTES) =>
      new Promise((resolve, reject) => {
        midRequest.add(req.socket);
        const chunks: Buffer[] = [];
        let size = 0;
        let dropped = 0;
        req.on('data', (c: Buffer) => {
          const piece = c.subarray(0, Math.max(0, kept - size));
          if (piece.length > 0) chunks.push(piece);
          size += piece.length;
          dropped += c.length - piece.length;
        });
        req.on('end', () => {
          midRequest.delete(req.socket);
          resolve({ body: Buffer.concat(chunks), dropped });
        });
        req.on('error', reject);
        req.on('aborted', () => reject(new Error('the client hung up before the end of its request body')));
      }),
    unreadable: (seq, e, socket) =>
      midRequest.has(socket) ? undefined : { seq, client: `${(socket as Partial<Socket>).remoteAddress}:${(socket as Partial<Socket>).remotePort}`, at: Date.now(), method: '', url: '', headers: {}, error: sentenceOf(e as NodeJS.ErrnoException) },
  };
}

/** One sentence per exchange the front could not take whole, in the order seen. */
export function recordingProblems(exchanges: readonly RecordedExchange[]): string[] {
  return exchanges.flatMap((x) => {
    const why = x.error ?? x.problem;
    if (!why) return [];
    const what = x.method ? `${x.method} ${x.url.split('?')[0]}` : 'a request the judge could not read';
    return [`exchange ${x.seq} from ${x.client} (${what}): ${why}`];
  });
}
