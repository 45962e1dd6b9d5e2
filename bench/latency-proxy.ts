import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy that adds `delayMs` to every round trip: each chunk is held delayMs / 2 on its
 * way to the target and delayMs / 2 on its way back, and opening a connection costs one more
 * round trip (the TCP handshake a real network would cost). Order within a direction is kept:
 * chunks leave in arrival order, each delayMs / 2 after it came.
 */
export interface LatencyProxy {
  url: string;
  /** connections opened through the proxy */
  connections(): number;
  close(): Promise<void>;
}

export async function startLatencyProxy(target: URL, delayMs: number): Promise<LatencyProxy> {
  const half = delayMs / 2;
  const sockets = new Set<Socket>();
  let opened = 0;

  /** Forwards from one socket to the other, each chunk half a round trip late, in order. */
  const delayed = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk);
      }, half);
    });
    from.on('end', () => setTimeout(() => to.end(), half));
    from.on('error', () => setTimeout(() => to.destroy(), half));
    from.on('close', () => setTimeout(() => to.destroy(), half));
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    opened += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    setTimeout(() => {
      const upstream = connect(Number(target.port), target.hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.setNoDelay(true);
      client.setNoDelay(true);
      delayed(client, upstream);
      delayed(upstream, client);
      client.resume();
    }, delayMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => opened,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
