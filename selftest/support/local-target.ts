import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { answerOf } from '../../harness/transport/answer.js';

/** A target on 127.0.0.1 for the transport's self-tests; close() ends it and its connections. */
export async function localTarget(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (opened, then closed). */
export async function deadPort(): Promise<string> {
  const { url, close } = await localTarget(() => undefined);
  close();
  return url;
}

/** One request through `dispatcher`, read as HttpClient reads it (harness/transport/answer.ts): its status and body, or the error it ended with. */
export async function fetchThrough(dispatcher: Dispatcher, url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const target = new URL(url);
  try {
    const res = await answerOf(dispatcher, { origin: target.origin, path: `${target.pathname}${target.search}`, method: (options.method ?? 'GET') as Dispatcher.HttpMethod, headers: options.headers, body: options.body });
    return { status: res.statusCode, text: res.text, error: undefined };
  } catch (e) {
    return { status: undefined, text: undefined, error: e as Error & { code?: string } };
  }
}
