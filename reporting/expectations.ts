import { readFileSync } from 'node:fs';
import { ConfigError } from '../run/config.js';
import { ExpectationsFileSchema, type AppliedExpectation, type ExpectationReport, type ExpectationsFile, type ExpectationStatus, type RuleResult, type Summary } from '../contract/summary.js';

/**
 * Expectations as data: a target's known, accepted deviations. A rule that
 * fails as expected is reported apart and does not change the exit code; an expectation whose
 * rule now passes (stale) or whose expiry date has passed (expired) fails the run, so a known
 * deviation is never forgotten; an expectation naming no rule of the suite is refused.
 */
export function loadExpectations(path: string): ExpectationsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`The expectations file ${path} (--expectations or SMS_EXPECTATIONS) cannot be read; check the path.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`The expectations file ${path} is not valid JSON (${(e as Error).message}).`);
  }
  const parsed = ExpectationsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`The expectations file ${path} has a wrong value at "${issue.path.map(String).join('.')}": ${issue.message}.`);
  }
  const ids = parsed.data.expectations.map((e) => e.rule);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new ConfigError(`The expectations file ${path} names rule ${twice} twice; keep one expectation per rule.`);
  return parsed.data;
}

/** Refuses expectations that name no rule of the interfaces this run covered (exit 2). */
export function assertKnownRules(file: ExpectationsFile, path: string, summary: Summary, areas: readonly string[]): void {
  const known = new Set(summary.rules.map((r) => r.id));
  const unknown = file.expectations.filter((e) => areas.includes(e.rule.split('.')[0]!) && !known.has(e.rule));
  if (unknown.length > 0) {
    throw new ConfigError(`The expectations file ${path} names ${unknown.map((e) => e.rule).join(', ')}, which ${unknown.length === 1 ? 'is not a rule' : 'are not rules'} of this suite; remove or correct ${unknown.length === 1 ? 'it' : 'them'}.`);
  }
}

/** Matches expectations with the run's outcomes, and marks each rule result it concerns. */
export function applyExpectations(summary: Summary, file: ExpectationsFile, path: string, now: string): ExpectationReport {
  const byId = new Map(summary.rules.map((r) => [r.id, r]));
  const applied: AppliedExpectation[] = file.expectations.map((e) => {
    const rule = byId.get(e.rule);
    if (!rule) return { ...e, status: 'not-run' };
    const status: ExpectationStatus = e.expires < now ? 'expired' : rule.outcome === 'pass' ? 'stale' : rule.outcome === e.outcome ? 'expected' : 'different';
    rule.expectation = { outcome: e.outcome, reason: e.reason, link: e.link, expires: e.expires, status };
    return { ...e, status, actual: rule.outcome };
  });
  return { file: path, target: file.target, applied };
}

/** A rule whose non-pass outcome an expectation accounts for. */
export const isExpected = (r: RuleResult): boolean => r.expectation?.status === 'expected';

export function expectationSentence(e: { outcome: string; reason: string; link?: string; expires: string; status: string }): string {
  const what: Record<string, string> = {
    expected: `expected ${e.outcome}`,
    stale: 'STALE expectation: the rule now passes; remove the expectation',
    expired: `EXPIRED expectation (${e.expires})`,
    different: `expected ${e.outcome}, but the outcome differs`,
    'not-run': 'not run',
  };
  return `${what[e.status] ?? e.status}: ${e.reason}${e.link ? ` (${e.link})` : ''}${e.status === 'expected' ? `, until ${e.expires}` : ''}`;
}
