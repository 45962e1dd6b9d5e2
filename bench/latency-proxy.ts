import { Worker } from 'node:worker_threads';

/**
 * A TCP proxy that adds `delayMs` to every round trip (bench/latency-proxy-thread.mjs, in a
 * thread of its own): each chunk is held delayMs / 2 each way, and opening a connection costs one
 * more round trip.
 */
export interface LatencyProxy {
  url: string;
  /** connections opened through the proxy */
  connections(): number;
  close(): Promise<void>;
}

export async function startLatencyProxy(target: URL, delayMs: number): Promise<LatencyProxy> {
  const worker = new Worker(new URL('./latency-proxy-thread.mjs', import.meta.url), { workerData: { port: Number(target.port), host: target.hostname, delayMs } });
  let opened = 0;
  const port = await new Promise<number>((resolve, reject) => {
    worker.on('message', (m: { port?: number; opened?: number; error?: string }) => {
      if (m.opened) opened += m.opened;
      if (m.port) resolve(m.port);
      if (m.error) reject(new Error(`the latency proxy could not listen: ${m.error}`));
    });
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => opened,
    close: async () => {
      const closed = new Promise<void>((resolve) => worker.on('message', (m: { closed?: boolean }) => m.closed && resolve()));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
