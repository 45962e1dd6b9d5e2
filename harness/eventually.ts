import { setTimeout as delay } from 'node:timers/promises';
import { ConformanceAssertionError } from './outcomes.js';

/**
 * The one way to wait (style.md, convention 8): polls `probe` until it returns a value, within a
 * deadline that comes from configuration. Specs never sleep.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  // most waits are for work the target has done by the next look: the first looks come soon, then back off
  let interval = options.intervalMs ?? 25;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() + interval > deadline) {
      throw new ConformanceAssertionError(`Waited ${options.timeoutMs} ms (SMS_EVENTUALLY_TIMEOUT_MS) for ${what}, without success.`);
    }
    await delay(interval);
    interval = Math.min(interval * 2, 1_000);
  }
}

/**
 * Waits until `spanMs` have passed since `sinceMs` (epoch ms) on this machine's clock: for a rule
 * that needs the target's clock to move on (a second between two dates), not a poll.
 */
export async function elapsed(sinceMs: number, spanMs: number): Promise<void> {
  const left = sinceMs + spanMs - Date.now();
  if (left > 0) await delay(left);
}
