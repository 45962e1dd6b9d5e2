import { connect as tcpConnect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { RecordedExchange } from '../exchange.js';
import { HttpStream, type HttpMessage } from './http-stream.js';

/**
 * observe's proxy: between any client and any server, it passes the raw bytes of every
 * connection on, both ways, untouched (keep-alive, pipelining and whatever the bytes are), and
 * reads a copy of them (http-stream.ts) into recorded exchanges for the judge: each request paired
 * with the answer that came back in its place on the connection. An upstream that cannot be
 * reached, bytes that are not HTTP, a client that hangs up mid-body: one sentence in `problems`
 * (and on the exchange it cut short), never a crash.
 */
export interface ObserveProxyOptions {
  upstream: string;
  port?: number;
  host?: string;
  /** certificate authorities to trust for an https upstream (else the system's and NODE_EXTRA_CA_CERTS) */
  ca?: string | Buffer;
}

export interface ObserveProxy {
  url: string;
  exchanges: RecordedExchange[];
  /** what the copy could not read, or the upstream refused, one sentence each (deduplicated, counted) */
  problems(): string[];
  close(): Promise<void>;
}

const MAX_KEPT_PROBLEMS = 50;

export async function startObserveProxy(o: ObserveProxyOptions): Promise<ObserveProxy> {
  const upstream = new URL(o.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') throw new Error(`the upstream ${o.upstream} is not an http or https URL`);
  const tls = upstream.protocol === 'https:';
  const upHost = upstream.hostname.replace(/^\[|\]$/g, '');
  const upPort = Number(upstream.port || (tls ? 443 : 80));
  const exchanges: RecordedExchange[] = [];
  const problems = new Map<string, number>();
  const problem = (why: string) => {
    if (problems.has(why) || problems.size < MAX_KEPT_PROBLEMS) problems.set(why, (problems.get(why) ?? 0) + 1);
  };
  const sockets = new Set<Socket>();

  const onConnection = (client: Socket) => {
    sockets.add(client);
    client.setNoDelay(true);
    const from = `${client.remoteAddress}:${client.remotePort}`;
    const up: Socket = tls ? tlsConnect({ host: upHost, port: upPort, servername: /^[\d.:]+$/.test(upHost) ? undefined : upHost, ...(o.ca ? { ca: o.ca } : {}) }) : tcpConnect({ host: upHost, port: upPort });
    sockets.add(up);
    up.setNoDelay(true);
    /** requests of this connection waiting for their answer, in order (pipelining) */
    const waiting: RecordedExchange[] = [];
    let upstreamFailed: string | undefined;
    /** an answer that came before its request was whole (a server refusing a body early) */
    let early: HttpMessage | undefined;
    const answered = (x: RecordedExchange, m: HttpMessage) => {
      x.status = m.status;
      x.answerHeaders = m.headers;
      x.answer = m.body.toString('utf8');
    };

    const requests = new HttpStream('request', {
      message: (m) => {
        const x = exchangeOf(m, exchanges.length, from);
        exchanges.push(x);
        if (early) answered(x, early);
        else waiting.push(x);
        early = undefined;
        if (upstreamFailed) x.error = upstreamFailed;
      },
      problem: (why, partial) => {
        problem(why);
        // what the server answers on a connection whose requests cannot be read cannot be paired
        answers.stop();
        if (partial) {
          const x: RecordedExchange = { ...exchangeOf(partial, exchanges.length, from), error: why };
          if (early) answered(x, early);
          exchanges.push(x);
        }
      },
    });
    const answers = new HttpStream(
      'response',
      {
        message: (m) => {
          if (m.status! >= 100 && m.status! < 200 && m.status !== 101) return;
          const x = waiting.shift();
          if (x) return answered(x, m);
          if (requests.midMessage && !early) early = m;
          else problem('the server sent an answer no request on its connection was waiting for');
        },
        problem: (why, partial) => {
          problem(why);
          const x = partial ? waiting.shift() : undefined;
          if (x && partial) Object.assign(x, { status: partial.status, answerHeaders: partial.headers, answer: partial.body.toString('utf8'), error: why });
        },
      },
      () => (waiting[0]?.method ?? '').toUpperCase() === 'HEAD',
    );

    // the bytes themselves: piped, untouched, with back-pressure; the copies are read beside them
    client.on('data', (chunk: Buffer) => requests.push(chunk));
    up.on('data', (chunk: Buffer) => answers.push(chunk));
    client.pipe(up);
    up.pipe(client);

    client.on('error', () => up.destroy());
    client.on('close', () => {
      sockets.delete(client);
      requests.end('the client hung up before the end of its request');
      up.end();
    });
    up.on('error', (e: Error & { code?: string }) => {
      upstreamFailed = `the server at ${upstream.origin} did not answer (${e.code ?? e.message})`;
      problem(upstreamFailed);
      for (const x of waiting) x.error ??= upstreamFailed;
      client.destroy();
    });
    up.on('close', () => {
      sockets.delete(up);
      answers.end('the server closed the connection before the end of its answer');
      for (const x of waiting.splice(0)) if (x.status === undefined) x.error ??= 'the server closed the connection without answering';
      client.end();
    });
  };

  const server: Server = createServer({ noDelay: true }, onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    exchanges,
    problems: () => [...problems].map(([why, n]) => (n > 1 ? `${why} (${n} times)` : why)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

function exchangeOf(m: HttpMessage, seq: number, client: string): RecordedExchange {
  return {
    seq,
    client,
    at: Date.now(),
    method: m.method ?? 'GET',
    url: m.target ?? '/',
    headers: m.headers,
    ...(m.body.length > 0 ? { body: m.body.toString('utf8') } : {}),
  };
}
