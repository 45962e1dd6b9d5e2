import { inject, test } from 'vitest';
import type { Profile } from '../contract/profile.js';
import { Redactor } from './redact.js';
import { profileCredentials } from './secret-labels.js';
import { runContext } from './provided.js';
import { ledgerWriter, type LedgerWriter } from './rule-ledger.js';
import { SharedFixtures } from './shared.js';
import { WorkerTransport } from './transport/worker.js';

/**
 * What the rules of one vitest worker share: the transport's pool, admission gate and breaker
 * (harness/transport/worker.ts) and a test counter. A worker-scoped fixture creates it once per
 * worker and hands it to each rule (harness/rule.ts), so no module holds run state; the pool is
 * closed when the worker ends.
 */
export class WorkerState {
  readonly transport: WorkerTransport;
  /** fixtures the worker's rules share and do not change, removed when the worker ends (harness/shared.ts) */
  readonly shared = new SharedFixtures();
  #tests = 0;
  #ledger?: LedgerWriter;
  #profileRedactor?: Redactor;

  constructor(
    private readonly profile: Profile,
    runSlots?: SharedArrayBuffer,
    workers?: number,
  ) {
    this.transport = new WorkerTransport(profile.limits, runSlots, workers);
  }

  /** The rule ledger's writer for this worker (run setting SMS_RULE_LEDGER), opened at its first use; none when unset. */
  ledger(dir: string | undefined): LedgerWriter | undefined {
    return dir ? (this.#ledger ??= ledgerWriter(dir)) : undefined;
  }

  /** A redactor that knows the profile's secrets and identifiers, for a rule of this worker to start from (its own copy). */
  redactor(): Redactor {
    if (!this.#profileRedactor) {
      const credentials = profileCredentials(this.profile);
      this.#profileRedactor = new Redactor(credentials.secrets, credentials.identifiers);
      // the index is built once here, not by each rule's first scan
      this.#profileRedactor.text('');
    }
    return this.#profileRedactor.fork();
  }

  /** The next test's number in this worker, for names unique in the run (RuleContext.prefix). */
  nextSerial(): number {
    return ++this.#tests;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's limits.concurrency slots, shared by its workers (harness/gate.ts RunSlots); absent in a bare `npx vitest run` */
    conformanceSlots?: SharedArrayBuffer;
  }
}

/** vitest's `test` with the worker's state as the `worker` fixture. */
export const ruleTest = test.extend('worker', { scope: 'worker' }, async ({}, { onCleanup }) => {
  const { profile, workers } = runContext();
  const state = new WorkerState(profile, inject('conformanceSlots'), workers);
  onCleanup(async () => {
    // shared fixtures go first: their removal needs the pool
    const problems = await state.shared.close();
    if (problems.length > 0) console.error(`shared fixtures not removed:\n${problems.join('\n')}`);
    await state.transport.close();
  });
  return state;
});
