import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import type { RecordedExchange } from './exchange.js';
import { droppedSentence, inputGuard, KEPT_BODY_BYTES } from './bad-input.js';

/**
 * A recording front for a server (serve --judge): every request a client makes is passed to the
 * upstream and its answer back, and the pair is kept for the judge. A request to `finishPath`
 * is not passed on: it asks the judge to finish. A request it cannot read or pass on (a client
 * hanging up mid-body, an upstream that does not answer) is recorded with why, never a crash.
 */
export interface Recorder {
  url: string;
  exchanges: RecordedExchange[];
  close(): Promise<void>;
}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1): not passed on; the body is passed whole, with its length.
 * Host is passed on: a server that names itself from it (the reference's ?WSDL soap:address)
 * then names the front, so a client it directs stays recorded.
 */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const flat = (h: IncomingMessage['headers'] | Record<string, string | string[] | undefined>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
};

export async function startRecorder(upstream: string, options: { port?: number; host?: string; finishPath: string; onFinish: () => void }): Promise<Recorder> {
  const exchanges: RecordedExchange[] = [];
  const guard = inputGuard();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const x: RecordedExchange = { seq: exchanges.length, client: `${req.socket.remoteAddress}:${req.socket.remotePort}`, at: Date.now(), method: req.method ?? 'GET', url: req.url ?? '/', headers: flat(req.headers) };
    if (x.url.split('?')[0] === options.finishPath) {
      res.writeHead(202, { 'content-type': 'text/plain; charset=utf-8' }).end('the judge is writing its report\n');
      options.onFinish();
      return;
    }
    exchanges.push(x);
    let body: Buffer;
    try {
      const read = await guard.readBody(req);
      body = read.body;
      if (read.dropped > 0) x.problem = droppedSentence(KEPT_BODY_BYTES, read.dropped);
    } catch (e) {
      x.error = (e as Error).message;
      return;
    }
    if (body.length > 0) x.body = body.toString('utf8');
    try {
      const headers = Object.fromEntries(Object.entries(x.headers).filter(([k]) => !HOP.has(k)));
      if (x.problem) headers['content-length'] = String(body.length);
      const answer = await request(`${upstream}${x.url}`, { method: x.method as 'GET', headers, body: body.length > 0 ? body : undefined });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      x.status = answer.statusCode;
      x.answer = bytes.toString('utf8');
      const back = Object.fromEntries(Object.entries(flat(answer.headers)).filter(([k]) => !HOP.has(k)));
      res.writeHead(answer.statusCode, { ...back, 'content-length': String(bytes.length) }).end(bytes);
    } catch (e) {
      x.error = `the upstream did not answer: ${(e as Error).message}`;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('the judged server did not answer\n');
    }
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent) res.writeHead(500).end();
      exchanges.push({ seq: exchanges.length, client: 'recorder', at: Date.now(), method: req.method ?? 'GET', url: req.url ?? '/', headers: {}, error: e.message });
    });
  });
  // bytes that are not an HTTP request: one sentence in the recording (judge/bad-input.ts)
  server.on('clientError', (e, socket) => {
    const x = guard.unreadable(exchanges.length, e, socket);
    if (x) exchanges.push(x);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
