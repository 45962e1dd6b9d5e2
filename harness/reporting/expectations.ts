import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { INTERFACES } from '../../contract/profile.js';
import { ConfigError } from '../config.js';
import type { Outcome, RuleResult, Summary } from './summary-reporter.js';

/**
 * Expectations as data (issue 12, item 1): a target's known, accepted deviations. A rule that
 * fails as expected is reported apart and does not change the exit code; an expectation whose
 * rule now passes (stale) or whose expiry date has passed (expired) fails the run, so a known
 * deviation is never forgotten; an expectation naming no rule of the suite is refused.
 */
export const ExpectationSchema = z.object({
  /** the rule id, as in summary.json */
  rule: z
    .string()
    .regex(/^[a-z-]+(\.[a-z0-9-]+)+$/, 'a rule id such as token.credentials.invalid')
    .refine((id) => (INTERFACES as readonly string[]).includes(id.split('.')[0]!), 'a rule id that starts with an interface of the suite (token, messaging-rest, …)'),
  /** the outcome the target is known to give */
  outcome: z.enum(['fail', 'broken', 'notApplicable']).default('fail'),
  /** why the deviation is accepted, in one sentence */
  reason: z.string().min(1),
  /** where it is tracked (an issue, a ticket, a clarification) */
  link: z.url().optional(),
  /** the last day (UTC, YYYY-MM-DD) the expectation holds; afterwards it fails the run */
  expires: z.iso.date(),
});
export type Expectation = z.infer<typeof ExpectationSchema>;

export const ExpectationsFileSchema = z.object({
  /** which target (and release) these expectations are for; shown in the report */
  target: z.string().optional(),
  expectations: z.array(ExpectationSchema),
});
export type ExpectationsFile = z.infer<typeof ExpectationsFileSchema>;

/** How an expectation met the run. */
export type ExpectationStatus = 'expected' | 'stale' | 'expired' | 'different' | 'not-run';

export interface AppliedExpectation extends Expectation {
  status: ExpectationStatus;
  /** the outcome the rule actually had in this run */
  actual?: Outcome;
}

export interface ExpectationReport {
  file: string;
  target?: string;
  applied: AppliedExpectation[];
}

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

/** Today as YYYY-MM-DD in UTC (SMS_TODAY overrides it, for self-tests). */
export function today(env: NodeJS.ProcessEnv = process.env): string {
  return env.SMS_TODAY ?? new Date().toISOString().slice(0, 10);
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
