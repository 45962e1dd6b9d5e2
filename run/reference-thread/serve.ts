import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadRequest, ThreadAnswer } from './index.js';

/**
 * Inside the reference's thread: starts the embedded reference (the variant and faults asked for,
 * else the environment's) and answers with where it listens and its generated profile; closes it
 * when the main thread asks.
 */
const port = parentPort!;
const asked = workerData as ThreadRequest;
const answer = (a: ThreadAnswer) => port.postMessage(a);
try {
  const { startReferenceTarget } = await import('../run-context.js');
  const { reference, profile } = await startReferenceTarget(process.env, asked);
  port.once('message', () => {
    void reference.close().finally(() => {
      answer({ closed: true });
      port.close();
    });
  });
  answer({ url: reference.url, profile });
} catch (e) {
  answer({ refused: (e as Error).message });
  port.close();
}
