import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { Limits } from '../contract/profile.js';

/**
 * Workers (vitest threads) a run uses at most: the work is mostly waiting on the target, which
 * each worker's slots keep in flight; a worker beyond the machine's cores only adds its own start
 * (every module loaded and compiled again). On 2 cores, 2 workers instead of 4: CPU 0.88×, wall
 * 0.76× (A/B, 3 pairs), the same verdicts. Read once at start, the same in every thread.
 */
export const MAX_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

/**
 * How the profile's limits split over the run's workers: each worker keeps at most `slots`
 * requests in flight (and as many tests running) and starts at most `perSecond` a second, so the
 * run as a whole stays within `limits.concurrency` and `limits.requestsPerSecond`.
 */
export interface ConcurrencyPlan {
  workers: number;
  slots: number;
  perSecond?: number;
}

export function concurrencyPlan(limits: Pick<Limits, 'concurrency' | 'requestsPerSecond'>, maxWorkers = MAX_WORKERS): ConcurrencyPlan {
  const workers = Math.max(1, Math.min(maxWorkers, limits.concurrency));
  const slots = Math.max(1, Math.floor(limits.concurrency / workers));
  return { workers, slots, perSecond: limits.requestsPerSecond === undefined ? undefined : limits.requestsPerSecond / workers };
}

/**
 * One worker's admission to the target: at most `slots` requests in flight, starts spaced by the
 * rate limit, and a pause for everyone when the target says Retry-After.
 */
export class Gate {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  #nextStart = 0;
  #pausedUntil = 0;
  readonly #spacingMs: number;

  constructor(readonly slots: number, perSecond?: number) {
    this.#spacingMs = perSecond ? 1_000 / perSecond : 0;
  }

  /** Waits for a slot and for the rate limit; call leave() when the response has been read. */
  async enter(): Promise<void> {
    if (this.#active < this.slots) this.#active += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve)); // the slot is handed over by leave()
    const now = performance.now();
    const at = Math.max(now, this.#nextStart, this.#pausedUntil);
    this.#nextStart = at + this.#spacingMs;
    if (at > now) await delay(at - now);
  }

  leave(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active -= 1;
  }

  /** The target asked to wait (429/503 with Retry-After): no request of this worker starts before then. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, performance.now() + ms);
  }
}

/**
 * Retry-After (RFC 9110 §10.2.3) in milliseconds from now: delay-seconds or an HTTP-date;
 * undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
