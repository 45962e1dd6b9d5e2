import { Worker } from 'node:worker_threads';
import type { Profile } from '../../contract/profile.js';
import { ConfigError } from '../config.js';

/** What the main thread asks of the reference's thread: the variant and faults (else the environment's). */
export interface ThreadRequest {
  variant?: string;
  faults?: readonly string[];
}

/** What the thread answers: where the reference listens and its profile, that it refused to start (one sentence), or that it closed. */
export type ThreadAnswer = { url: string; profile: Profile } | { refused: string } | { closed: true };

export interface ThreadedReference {
  url: string;
  profile: Profile;
  close(): Promise<void>;
}

/**
 * The embedded reference started in a worker thread of its own, for `run`: the reference then
 * answers on its own event loop (and core) while the main thread runs vitest's coordinator and
 * reporters, and its modules load while the main thread loads vitest's. A
 * reference that cannot start (a wrong REFERENCE_VARIANT, REFERENCE_FAULTS or REFERENCE_EDITION) is a
 * configuration error in one sentence. The thread starts it through startReferenceTarget (the one
 * place), reading the environment as the process had it: the profile it answers has the limits applied.
 */
export function startReferenceThread(request: ThreadRequest = {}): Promise<ThreadedReference> {
  const worker = new Worker(new URL('./entry.mjs', import.meta.url), { workerData: request });
  return new Promise((resolve, reject) => {
    const failed = (e: Error) => reject(new ConfigError(`The embedded reference server did not start: ${e.message}`));
    worker.once('error', failed);
    worker.once('message', (a: ThreadAnswer) => {
      worker.off('error', failed);
      if ('refused' in a) return reject(new ConfigError(a.refused));
      if (!('url' in a)) return reject(new ConfigError('The embedded reference server closed before it started.'));
      // a reference that breaks later is seen by the rules (its requests fail); say why once
      worker.on('error', (e) => console.error(`The embedded reference server stopped: ${e.message}`));
      let closed: Promise<void> | undefined;
      resolve({
        url: a.url,
        profile: a.profile,
        close: () =>
          (closed ??= new Promise<void>((done) => {
            worker.once('exit', () => done());
            worker.once('message', () => void worker.terminate());
            worker.postMessage('close');
          })),
      });
    });
  });
}
