// The latency proxy's own thread (bench/latency-proxy.ts starts it). Plain JavaScript: a worker
// thread does not inherit the bench's TypeScript loader.
//
// A TCP proxy that adds a delay to every round trip: each chunk is held half of it on its way to
// the target and half on its way back, and opening a connection costs one more round trip (the
// TCP handshake a real network would cost). Order within a direction is kept: chunks leave in
// arrival order, each half a round trip after it came. In a thread of its own, as a network is
// apart from the server: the delays are not held up by the reference's work on the bench's thread.
import { createServer, connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port: targetPort, host: targetHost, delayMs } = workerData;
const half = delayMs / 2;
const sockets = new Set();

/** Forwards from one socket to the other, each chunk half a round trip late, in order. */
function delayed(from, to) {
  from.on('data', (chunk) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, half);
  });
  from.on('end', () => setTimeout(() => to.end(), half));
  from.on('error', () => setTimeout(() => to.destroy(), half));
  from.on('close', () => setTimeout(() => to.destroy(), half));
}

const server = createServer({ pauseOnConnect: true }, (client) => {
  parentPort.postMessage({ opened: 1 });
  sockets.add(client);
  client.on('close', () => sockets.delete(client));
  setTimeout(() => {
    const upstream = connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.setNoDelay(true);
    client.setNoDelay(true);
    delayed(client, upstream);
    delayed(upstream, client);
    client.resume();
  }, delayMs);
});

parentPort.on('message', (message) => {
  if (message !== 'close') return;
  for (const s of sockets) s.destroy();
  server.close(() => parentPort.postMessage({ closed: true }));
});

server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
