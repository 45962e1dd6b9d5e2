import { mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { ledgerDigest, type LedgerLine } from '../contract/rule-channel.js';
import type { Phase } from './evidence-marks.js';
import type { Exchange } from './http.js';

/**
 * The harness's side of the rule ledger (contract/rule-channel.ts): with the run setting
 * SMS_RULE_LEDGER=DIR, each request a rule sends is written down as one line in DIR (a file per
 * process and worker thread, opened once per worker (harness/worker-state.ts) and appended to
 * as each request is recorded); without it, nothing is written and the
 * wire is the same either way. A request is deliberate when the rule's own work sent it (its body,
 * a property's attempts), not a precondition or a cleanup: what a rule sends there is its test
 * input, bent on purpose where the rule probes a refusal (a call with a key after log-out probes
 * Log out, an operation of its own); preconditions and cleanups must conform.
 */
export type LedgerWriter = (rule: string, phase: Phase, x: Exchange) => void;

export function ledgerWriter(dir: string): LedgerWriter {
  mkdirSync(dir, { recursive: true });
  // closed when the worker's process ends
  const fd = openSync(join(dir, `${process.pid}-${threadId}.jsonl`), 'a');
  return (rule, phase, x) => {
    const url = new URL(x.url);
    const line: LedgerLine = { rule, method: x.method, target: `${url.pathname}${url.search}`, body: ledgerDigest(x.requestBody), deliberate: phase === 'body' || phase === 'shrink' || phase === 'counterexample' };
    writeSync(fd, `${JSON.stringify(line)}\n`);
  };
}
