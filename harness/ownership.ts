import { mkdirSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { runContext } from './context.js';

/**
 * A lock per shared target setting, across the run's workers (threads): a directory made with
 * mkdir, which only one caller can create. Rules that own the same setting take turns; the
 * lock lives under the run id, so a crashed run leaves nothing another run trips over.
 */
export async function ownSetting(setting: string, timeoutMs: number): Promise<() => void> {
  const root = join(tmpdir(), `sms-owned-${runContext().settings.runId}`);
  mkdirSync(root, { recursive: true });
  const lock = join(root, encodeURIComponent(setting));
  const giveUp = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > giveUp) throw e;
      await delay(50);
    }
  }
}
