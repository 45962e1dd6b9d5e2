import { Agent } from 'undici';
import { DEFAULT_LIMITS, type Limits } from '../../contract/profile.js';
import { concurrencyPlan, Gate } from '../gate.js';
import { Breaker } from './breaker.js';

/**
 * What the rules of one worker share of the transport: one keep-alive pool, one admission gate
 * (the worker's share of limits.concurrency and limits.requestsPerSecond) and one breaker. It is
 * created once per worker (harness/rule-test.ts) and passed to each rule's transport
 * (compose.ts); nothing of it lives in a module.
 */
export class WorkerTransport {
  readonly agent: Agent;
  readonly gate: Gate;
  readonly breaker = new Breaker();

  constructor(readonly limits: Limits = DEFAULT_LIMITS) {
    const plan = concurrencyPlan(limits);
    this.agent = new Agent({
      connections: Math.max(4, plan.slots * 2),
      keepAliveTimeout: 4_000,
      connect: { timeout: 5_000 },
      // the header block is bounded where it is parsed; the body by bounds.ts
      maxHeaderSize: limits.maxHeaderKB * 2 ** 10,
    });
    this.gate = new Gate(plan.slots, plan.perSecond);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
