import type { Served } from '../reference/state.js';

/** One rule's chain: the most of its exchanges that could not have been in flight together. */
export interface Chain {
  readonly rule: string;
  readonly exchanges: number;
  /** the longest run of exchanges each sent only after the one before it was answered */
  readonly chain: number;
  /** first request in to last answer out, at the server */
  readonly spanMs: number;
}

/**
 * The chains of a run, from what the server noted of each request (its rule, when it arrived,
 * when it was answered), longest first. Measured through a proxy that adds `latencyMs` to each
 * round trip: an exchange sent only after another's answer arrives at the server at least a
 * round trip after that answer left it, while exchanges sent together arrive within a small part
 * of one. So B depends on A when B arrived at least half a round trip after A was answered; a
 * rule's chain is the longest sequence of exchanges each depending on the one before, and the
 * run's floor against a remote server is its longest chain × the round trip.
 */
export function chains(served: readonly Served[], latencyMs: number): Chain[] {
  const byRule = new Map<string, Served[]>();
  for (const s of served) {
    const list = byRule.get(s.rule) ?? [];
    list.push(s);
    byRule.set(s.rule, list);
  }
  const gap = latencyMs / 2;
  return [...byRule].map(([rule, list]) => ({ rule: rule || '(no rule: setup and probes)', exchanges: list.length, chain: longestChain(list, gap), spanMs: Math.max(...list.map((s) => s.end)) - Math.min(...list.map((s) => s.start)) })).sort((a, b) => b.chain - a.chain);
}

/** The longest sequence of requests, each arriving at least `gap` ms after the one before was answered. */
function longestChain(list: readonly Served[], gap: number): number {
  const byStart = [...list].sort((a, b) => a.start - b.start);
  const chainOf = new Map<Served, number>();
  // requests in order of arrival; those answered `gap` before an arrival are all known by then
  let best = 0;
  let answered = 0;
  const ends = [...list].sort((a, b) => a.end - b.end);
  for (const s of byStart) {
    while (answered < ends.length && ends[answered]!.end + gap <= s.start) {
      best = Math.max(best, chainOf.get(ends[answered]!) ?? 0);
      answered += 1;
    }
    chainOf.set(s, best + 1);
  }
  return Math.max(0, ...chainOf.values());
}

/**
 * The most requests in flight at one moment: at the server with `latencyMs` 0 (politeness: never
 * over `limits.concurrency`; the bench holds each answer so that they overlap there), or as the
 * suite saw them through the proxy, each widened by half a round trip on both sides (an estimate:
 * the proxy's timers fire late, so it can exceed what the suite's gate let through).
 */
export function peakInFlight(served: readonly Served[], latencyMs: number): number {
  const half = latencyMs / 2;
  // an answer that arrives at the moment another request leaves is counted as gone first
  const events = served.flatMap((s) => [[s.start - half, 1] as const, [s.end + half, -1] as const]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, d] of events) peak = Math.max(peak, (now += d));
  return peak;
}

/**
 * How much of the allowance a run used: the requests in flight at the server on average while
 * the specs ran (the time each was there, summed, over the span from the first request a rule
 * sent to the last answer; the probe before the specs start is left out), and the time each was
 * there. Against a target that holds each answer, the first beside `limits.concurrency` shows
 * what the slots' turnaround (an answer back to the suite, the next request to the server) costs.
 */
export function occupancy(served: readonly Served[]): { inFlight: number; msEach: number } {
  const ruled = served.filter((s) => s.rule);
  if (!ruled.length) return { inFlight: 0, msEach: 0 };
  const from = Math.min(...ruled.map((s) => s.start));
  const to = Math.max(...served.map((s) => s.end));
  const there = served.reduce((sum, s) => sum + Math.max(0, s.end - Math.max(s.start, from)), 0);
  return { inFlight: there / Math.max(to - from, 1), msEach: served.reduce((sum, s) => sum + s.end - s.start, 0) / served.length };
}
