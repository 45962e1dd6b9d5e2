import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { ledgerDigest, type LedgerLine } from '../contract/rule-channel.js';
import type { Phase } from './evidence-marks.js';
import type { Exchange } from './http.js';

/**
 * The harness's side of the rule ledger (contract/rule-channel.ts): with the run setting
 * SMS_RULE_LEDGER=DIR, each request a rule sends is written down as one line in DIR (a file per
 * process and worker thread, appended as it is recorded); without it, nothing is written and the
 * wire is the same either way. A request is deliberate when the rule's own work sent it (not a
 * precondition or a cleanup) for an operation the rule judges: the requests a rule bends on purpose.
 */
export type LedgerWriter = (rule: string, judges: readonly string[], phase: Phase, x: Exchange) => void;

export function ledgerWriter(dir: string | undefined): LedgerWriter | undefined {
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${threadId}.jsonl`);
  return (rule, judges, phase, x) => {
    const url = new URL(x.url);
    const own = phase === 'body' || phase === 'shrink' || phase === 'counterexample';
    const line: LedgerLine = { rule, method: x.method, target: `${url.pathname}${url.search}`, body: ledgerDigest(x.requestBody), deliberate: own && x.operation !== undefined && judges.includes(x.operation) };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}
