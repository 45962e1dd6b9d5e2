import { threadId } from 'node:worker_threads';
import { judgedIds, type Judged, type OperationId } from '../contract/operations.js';
import { RuleContext } from './rule-context.js';
import type { WorkerState } from './worker-state.js';

/** How long a shared fixture's handle may make requests: as long as a worker runs. */
const SHARED_LIFETIME_MS = 30 * 60_000;

/**
 * A fixture the worker's rules share and do not change (harness/shared.ts): made once by a handle
 * of its own, `shared.<key>.<worker>`, that judges `performs` (so its own preconditions are refused as a
 * rule's are in the precondition self-test), and removed when the worker ends. To the rule `t` it
 * is the precondition `what` performing `performs`: where the rule judges one of them, a failure
 * stays its verdict (`verdictOf` narrows which: none, for a fixture that is always a
 * precondition). The fixture's exchanges are noted in the rule's evidence, its secrets learnt by
 * the rule's redactor, and its exchanges counted with the rule that made it.
 */
export async function shared<T>(t: RuleContext, key: string, what: string, performs: Judged, make: (s: RuleContext) => Promise<T>, verdictOf: readonly OperationId[] = judgedIds(performs)): Promise<T> {
  const { value, maker, first } = t.worker.shared.once(key, () => handle(t.worker, key, performs, make), t.meta.fixture);
  try {
    return await t.given(what, () => value, verdictOf);
  } finally {
    if (first) t.sharedExchanges += maker.exchanges.length;
    t.redact.adopt(maker.redact);
    t.note(`shared fixture: ${what}`, maker.exchanges.map((x) => `${x.method} ${new URL(x.url).pathname} → ${x.status ?? x.error}`).join('\n'), 'view');
  }
}

/**
 * Starts the shared fixture `key` in the worker now, before a rule asks for it (which it does
 * with shared() and the same arguments): for a fixture whose wait runs on the target's clock,
 * which then passes while the worker's other rules run. Its failure is told to the rule that asks.
 */
export function startShared<T>(worker: WorkerState, key: string, performs: Judged, make: (s: RuleContext) => Promise<T>): void {
  worker.shared.start(key, () => handle(worker, key, performs, make));
}

function handle<T>(worker: WorkerState, key: string, performs: Judged, make: (s: RuleContext) => Promise<T>) {
  // the handle's id names the worker too: a prefix comes from the id, and two workers' fixtures of one key must not share one
  // its requests go first at the gate: every rule that asks for it waits on them
  const s = new RuleContext({ id: `shared.${key}.${process.pid}.${threadId}`, operation: performs, rank: 0, fixture: key }, worker, Date.now() + SHARED_LIFETIME_MS);
  return {
    value: make(s),
    maker: s,
    close: async () => {
      const problems = await s.cleanup();
      if (problems.length > 0) throw new Error(problems.join('; '));
    },
  };
}
