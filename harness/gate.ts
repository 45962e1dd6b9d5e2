import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { Limits } from '../contract/profile.js';

/**
 * Workers (vitest threads) a run uses at most: the work is mostly waiting on the target, which
 * each worker's slots keep in flight; a worker beyond the machine's cores only adds its own start
 * (every module loaded and compiled again, by V8's compiler threads too). On 2 cores, 2 workers
 * instead of 4: CPU 0.88×, wall 0.76× (A/B, 3 pairs); the same verdicts. Read once at start, the
 * same in every thread; a run that hosts the embedded reference says how many it uses
 * (RunContext.workers).
 */
export const MAX_WORKERS = workersFor(availableParallelism());

/**
 * The workers for a machine of `cores`, one at least and four at most: one a core, and one fewer
 * where the run's own process serves the embedded reference, whose thread then takes a core. On
 * 2 cores with the embedded reference, 1 worker instead of 2: CPU 0.85×, wall 0.93× (5 pairs);
 * against a target 50 ms away the second worker keeps its chains short (one run each: 30.0 s with
 * two, 32.2 s with one).
 */
export function workersFor(cores: number, hostsReference = false): number {
  return Math.max(1, Math.min(4, hostsReference ? cores - 1 : cores));
}

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
 * Where a gate counts its slots: `take` one if any is free, `give` one back, and `given(seen)`,
 * which settles once a slot may have been given back since `seen()` was read. `share()` is as
 * many as one worker's rules may hold while others want them too.
 */
export interface Slots {
  share(): number;
  take(): boolean;
  give(): void;
  seen(): number;
  given(seen: number): Promise<unknown>;
}

/** One worker's own share of the slots (a bare `npx vitest run`, the self-tests). */
export class WorkerSlots implements Slots {
  #taken = 0;
  #gives = 0;
  #wake?: { promise: Promise<void>; resolve: () => void };

  constructor(readonly size: number) {}

  share(): number {
    return this.size;
  }

  take(): boolean {
    if (this.#taken >= this.size) return false;
    this.#taken += 1;
    return true;
  }

  give(): void {
    this.#taken -= 1;
    this.#gives += 1;
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.resolve();
  }

  seen(): number {
    return this.#gives;
  }

  given(seen: number): Promise<void> {
    if (seen !== this.#gives) return Promise.resolve();
    if (!this.#wake) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.#wake = { promise, resolve };
    }
    return this.#wake.promise;
  }
}

/**
 * The run's `limits.concurrency` slots in memory every worker shares (the CLI provides the
 * buffer, run/vitest-options.ts): [0] slots taken, [1] slots given back so far, [2] workers
 * waiting for one (a give wakes them only when there are any), [3] the workers that share them
 * (a worker's share is their part of the slots). A worker whose
 * rules wait on a claim or the clock, or whose bundle is done, leaves its share to the others,
 * and the run as a whole still never has more than `size` requests in flight.
 */
export class RunSlots implements Slots {
  readonly #cells: Int32Array;

  constructor(
    readonly size: number,
    buffer: SharedArrayBuffer,
  ) {
    this.#cells = new Int32Array(buffer, 0, 4);
    Atomics.add(this.#cells, 3, 1);
  }

  static buffer(): SharedArrayBuffer {
    return new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
  }

  share(): number {
    return Math.ceil(this.size / Math.max(1, Atomics.load(this.#cells, 3)));
  }

  take(): boolean {
    for (;;) {
      const taken = Atomics.load(this.#cells, 0);
      if (taken >= this.size) return false;
      if (Atomics.compareExchange(this.#cells, 0, taken, taken + 1) === taken) return true;
    }
  }

  give(): void {
    Atomics.sub(this.#cells, 0, 1);
    Atomics.add(this.#cells, 1, 1);
    if (Atomics.load(this.#cells, 2) > 0) Atomics.notify(this.#cells, 1);
  }

  seen(): number {
    return Atomics.load(this.#cells, 1);
  }

  async given(seen: number): Promise<unknown> {
    // counted as waiting before the sequence is compared: a give after this either changed the
    // sequence (no wait) or sees the count and wakes this wait; the timeout only bounds a missed one
    Atomics.add(this.#cells, 2, 1);
    try {
      const wait = Atomics.waitAsync(this.#cells, 1, seen, 1_000);
      return wait.async ? await wait.value : undefined;
    } finally {
      Atomics.sub(this.#cells, 2, 1);
    }
  }
}

/** A request waiting at the gate: its rank and what lets it go. */
interface Waiting {
  rank: number;
  go: () => void;
}

/**
 * One worker's admission to the target: a slot (its own share, or the run's shared slots), starts
 * spaced by the rate limit, and a pause for everyone when the target says Retry-After. Waiting
 * requests get slots by rank, lowest first, and in the order they asked within a rank: a rule
 * ranks by when it started (RuleContext), so the rules that started first, the ones with the
 * longest chains of round trips (run/bundles.ts FIRST), are not held behind the many short ones
 * that came after them; against a distant target the run is then bounded by its slots, not by
 * its longest rule. The limits are the same: only the order of who waits changes.
 */
export class Gate {
  readonly #slots: Slots;
  readonly #waiting: Waiting[] = [];
  /** slots this worker's requests hold */
  #held = 0;
  #pumping = false;
  #nextStart = 0;
  #pausedUntil = 0;
  readonly #spacingMs: number;

  constructor(slots: number | Slots, perSecond?: number) {
    this.#slots = typeof slots === 'number' ? new WorkerSlots(slots) : slots;
    this.#spacingMs = perSecond ? 1_000 / perSecond : 0;
  }

  /** Waits for a slot (behind the waiting requests of a lower rank) and for the rate limit; call leave() when the response has been read. */
  async enter(rank = Number.MAX_SAFE_INTEGER): Promise<void> {
    if (this.#waiting.length === 0 && this.#slots.take()) this.#held += 1;
    else {
      await new Promise<void>((go) => {
        const waiting = { rank, go };
        // kept sorted by rank, in arrival order within one: a new request goes after every one of its rank or lower
        let at = this.#waiting.length;
        while (at > 0 && this.#waiting[at - 1]!.rank > rank) at -= 1;
        this.#waiting.splice(at, 0, waiting);
        void this.#pump();
      });
    }
    const now = performance.now();
    const at = Math.max(now, this.#nextStart, this.#pausedUntil);
    this.#nextStart = at + this.#spacingMs;
    if (at > now) await delay(at - now);
  }

  leave(): void {
    // within the worker's share, the slot goes at once to the worker's next waiting request, not
    // a turn of the event loop later (where a waiter of the run's shared slots wakes): it is
    // not idle meanwhile. Beyond its share, it goes back for every worker to take.
    if (this.#waiting.length > 0 && this.#held <= this.#slots.share()) return this.#waiting.shift()!.go();
    this.#held -= 1;
    this.#slots.give();
  }

  /** The target asked to wait (429/503 with Retry-After): no request of this worker starts before then. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, performance.now() + ms);
  }

  /** Hands slots to the waiting requests, lowest rank first, as they are given back. */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#waiting.length > 0) {
        const seen = this.#slots.seen();
        if (this.#slots.take()) {
          this.#held += 1;
          this.#waiting.shift()!.go();
        } else await this.#slots.given(seen);
      }
    } finally {
      this.#pumping = false;
    }
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
