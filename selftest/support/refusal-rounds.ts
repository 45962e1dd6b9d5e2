import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli.js';

/**
 * The precondition self-test's rounds (reference/refusals.ts). Round k runs
 * the whole suite against a reference that refuses, for each rule, the k-th distinct operation
 * its requests reach that the rule does not judge (RuleMeta.operation). Rounds 0, 1, ... cover
 * every (rule, precondition operation) pair; no survey run is needed first.
 */
export interface Refused {
  rule: string;
  /** the precondition operation refused */
  operation: string;
  outcome: string;
  reason?: string;
}

export interface RoundResult {
  round: number;
  refused: Refused[];
  /** rules that FAILED in this round (the defect the self-test looks for), with what was refused for them */
  failed: Array<{ rule: string; refused?: string; reason?: string }>;
  /** the run did not complete (no summary), said in one sentence */
  error?: string;
  ms: number;
}

type Log = Record<string, { judges: string[]; reached: string[]; refused?: string }>;

export async function refusalRound(round: number, args: string[] = [], timeoutMs = 600_000, env: Record<string, string> = {}): Promise<RoundResult> {
  const log = join(mkdtempSync(join(tmpdir(), 'sms-refusals-')), 'log.json');
  const run = await runCli(['run', '--no-allure', '--seed', '20261124', ...args], { ...env, REFERENCE_REFUSE_ROUND: String(round), REFERENCE_REFUSE_LOG: log, SMS_EVENTUALLY_TIMEOUT_MS: '3000' }, timeoutMs);
  let rules;
  let refusals: Log;
  try {
    rules = run.summary().rules;
    refusals = JSON.parse(readFileSync(log, 'utf8')) as Log;
  } catch (e) {
    return { round, refused: [], failed: [], error: `round ${round} wrote no summary or log (${(e as Error).message}); stderr: ${run.stderr.slice(-500)}`, ms: run.ms };
  }
  const outcome = new Map(rules.map((r) => [r.id, r]));
  const refused = Object.entries(refusals).flatMap(([rule, r]) =>
    r.refused ? [{ rule, operation: r.refused, outcome: outcome.get(rule)?.outcome ?? 'missing', reason: outcome.get(rule)?.reason }] : [],
  );
  const failed = rules.filter((r) => r.outcome === 'fail').map((r) => ({ rule: r.id, refused: refusals[r.id]?.refused, reason: r.reason }));
  return { round, refused, failed, ms: run.ms };
}

/** One line per refused pair, for the test's output and the bench's report. */
export function coverageLines(result: RoundResult): string[] {
  return result.refused.map((r) => `round ${result.round}: ${r.rule} without ${r.operation} → ${r.outcome}`).sort();
}
