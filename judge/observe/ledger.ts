import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerDigest, ledgerKey, RULE_HEADER, type LedgerLine } from '../../contract/rule-channel.js';
import type { RecordedExchange } from '../exchange.js';

/**
 * observe's side of the rule ledger (contract/rule-channel.ts): the lines a run wrote
 * (SMS_RULE_LEDGER=DIR) are matched with the recorded requests by rule, method, target and body
 * digest; a request its rule sent wrong on purpose gets `deliberate` (the rule's id), so its
 * violations are reported apart. Answers how many requests it matched, and how many were deliberate.
 */
export function markDeliberate(exchanges: readonly RecordedExchange[], dir: string): { lines: number; matched: number; deliberate: number } {
  const queues = new Map<string, boolean[]>();
  let lines = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    for (const text of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!text) continue;
      let line: LedgerLine;
      try {
        line = JSON.parse(text) as LedgerLine;
      } catch {
        continue;
      }
      lines += 1;
      const key = ledgerKey(line.rule, line.method, line.target, line.body);
      const queue = queues.get(key);
      if (queue) queue.push(line.deliberate);
      else queues.set(key, [line.deliberate]);
    }
  }
  let matched = 0;
  let deliberate = 0;
  for (const x of exchanges) {
    const rule = x.headers[RULE_HEADER];
    if (!rule) continue;
    const meant = queues.get(ledgerKey(rule, x.method, x.url, ledgerDigest(x.body)))?.shift();
    if (meant === undefined) continue;
    matched += 1;
    if (meant) {
      x.deliberate = rule;
      deliberate += 1;
    }
  }
  return { lines, matched, deliberate };
}
