import { Agent } from 'undici';
import { DEFAULT_LIMITS, type Limits } from '../../contract/profile.js';
import { concurrencyPlan, Gate, RunSlots } from '../gate.js';
import { Breaker } from './breaker.js';

/**
 * What the rules of one worker share of the transport: one keep-alive pool, one admission gate
 * (limits.concurrency's slots, shared with the run's other workers where the run provides them,
 * else the worker's share; the worker's share of limits.requestsPerSecond) and one breaker. It is
 * created once per worker (harness/rule-test.ts) and passed to each rule's transport
 * (compose.ts); nothing of it lives in a module.
 */
export class WorkerTransport {
  readonly agent: Agent;
  readonly gate: Gate;
  readonly breaker = new Breaker();

  constructor(
    readonly limits: Limits = DEFAULT_LIMITS,
    runSlots?: SharedArrayBuffer,
    /** the run's workers (RunContext.workers), over which its rate limit is split */
    workers?: number,
  ) {
    const plan = concurrencyPlan(limits, workers);
    this.agent = new Agent({
      // a worker may hold every one of the run's slots, each its own connection
      connections: Math.max(4, runSlots ? limits.concurrency : plan.slots * 2),
      keepAliveTimeout: 4_000,
      connect: { timeout: 5_000 },
      // the header block is bounded where it is parsed; the body by bounds.ts
      maxHeaderSize: limits.maxHeaderKB * 2 ** 10,
    });
    this.gate = new Gate(runSlots ? new RunSlots(limits.concurrency, runSlots) : plan.slots, plan.perSecond);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
