import type { Dispatcher } from 'undici';
import { admittedBy } from './admission.js';
import { boundedBody } from './bounds.js';
import type { Interceptor } from './handler.js';
import { breakerOf } from './breaker.js';
import { exchangeDeadline } from './deadline.js';
import { recordExchanges, type ExchangeSink } from './recorder.js';
import { retryAfter, type RateLimited } from './retry-after.js';
import { ruleHeader } from './rule-header.js';
import { stampedWhenSent } from './stamp.js';
import type { WorkerTransport } from './worker.js';

export interface RuleTransport {
  /** per-request timeout (run settings): each wait, and the whole exchange plus a second */
  timeoutMs: number;
  /** the rule the requests are made for, and the operations it judges (contract/rule-channel.ts) */
  rule?: { id: string; judges: readonly string[] };
  /** the place of the rule's requests at the worker's gate, lowest first (harness/gate.ts Gate.enter), as of each request */
  rank?: number | (() => number);
  /** the epoch ms by which the rule must be done: a Retry-After past it is not waited for */
  deadline?: number;
  onRateLimited?: (event: RateLimited) => void;
  /** where each exchange goes as evidence */
  record?: ExchangeSink;
}

/**
 * THE one place the transport is composed: a rule's requests pass through these interceptors
 * onto its worker's pool. undici runs the last one first, so read the list from the bottom:
 * a request gets its rule headers, may be repeated after Retry-After, waits at the gate, is
 * stamped with the time it leaves it (stamp.ts), passes the breaker, is recorded, and is bounded
 * in time and in size. The breaker is asked once the
 * request has its slot, so requests that queued while the target was still thought to answer are
 * not all sent into a target that has since stopped (each would hold a slot for a whole timeout).
 */
export function composeTransport(worker: WorkerTransport, rule: RuleTransport): Dispatcher {
  const interceptors: Array<Interceptor | undefined> = [
    boundedBody(Math.floor(worker.limits.maxBodyMB * 2 ** 20)),
    // one deadline for the whole exchange, a second more than each wait's
    exchangeDeadline(rule.timeoutMs + 1_000),
    rule.record && recordExchanges(rule.record),
    breakerOf(worker.breaker),
    stampedWhenSent(),
    admittedBy(worker.gate, rule.rank),
    retryAfter({ gate: worker.gate, timeoutMs: rule.timeoutMs, deadline: rule.deadline, onRateLimited: rule.onRateLimited }),
    rule.rule && ruleHeader(rule.rule.id, rule.rule.judges),
  ];
  return worker.agent.compose(interceptors.filter((i): i is Interceptor => i !== undefined));
}
