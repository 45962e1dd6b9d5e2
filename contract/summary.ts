import { z } from 'zod';
import { INTERFACES } from './profile.js';

/**
 * summary.json, the shape CI gates read: a zod schema, so a reader (compare, merge, a vendor's
 * gate) validates the file instead of casting it. Extra keys may be added, never removed.
 * The writer is reports' summary reporter; the expectations (known deviations of a target, as
 * data) are applied to it by the run.
 */
export const OutcomeSchema = z.enum(['pass', 'fail', 'notApplicable', 'broken']);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** How a rule stands in the verdict (reporting/standing.ts): what every view states of it. */
export const StandingSchema = z.enum(['fail', 'broken', 'warning', 'expected', 'notApplicable', 'pass']);
export type Standing = z.infer<typeof StandingSchema>;

export const TotalsSchema = z.object({ pass: z.number(), fail: z.number(), notApplicable: z.number(), broken: z.number() });
export type Totals = z.infer<typeof TotalsSchema>;

/** One known, accepted deviation of a target, as its expectations file names it. */
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
export const ExpectationStatusSchema = z.enum(['expected', 'stale', 'expired', 'different', 'not-run']);
export type ExpectationStatus = z.infer<typeof ExpectationStatusSchema>;

const AppliedExpectationSchema = z.object({
  ...ExpectationSchema.shape,
  rule: z.string(),
  status: ExpectationStatusSchema,
  /** the outcome the rule actually had in this run */
  actual: OutcomeSchema.optional(),
});
export type AppliedExpectation = z.infer<typeof AppliedExpectationSchema>;

export const ExpectationReportSchema = z.object({ file: z.string(), target: z.string().optional(), applied: z.array(AppliedExpectationSchema) });
export type ExpectationReport = z.infer<typeof ExpectationReportSchema>;

const RateLimitedSchema = z.object({ responses: z.number(), retried: z.number() });

export const RuleResultSchema = z.object({
  id: z.string(),
  interface: z.string(),
  section: z.string(),
  level: z.enum(['must', 'should']),
  outcome: OutcomeSchema,
  title: z.string(),
  operation: z.string(),
  /** the ids of the operations the rule judges (contract/operations.ts); the rest it calls are preconditions */
  judges: z.array(z.string()).optional(),
  /** why it was not applicable, broken, or failed (redacted) */
  reason: z.string().optional(),
  file: z.string(),
  exchanges: z.number(),
  durationMs: z.number(),
  /** the spec sentence(s) the rule checks, its quotes joined by ' … ' (see `spec`) */
  sentence: z.string().optional(),
  /** every section the rule's anchors name, home first */
  sections: z.array(z.string()).optional(),
  /** what the rule enforces: each spec unit (its anchor, an id in the report's spec.html) and the words it quotes */
  spec: z.array(z.object({ anchor: z.string(), quote: z.string(), silence: z.string().optional() })).optional(),
  /** the target's expectation for this rule, when an expectations file names it */
  expectation: z
    .object({ outcome: OutcomeSchema, reason: z.string(), link: z.string().optional(), expires: z.string(), status: z.string() })
    .optional(),
  /** 429/503 answers with Retry-After this rule met, and how many of those requests were sent again */
  rateLimited: RateLimitedSchema.optional(),
});
export type RuleResult = z.infer<typeof RuleResultSchema>;

/** The non-secret facts about a run that every report shows (the run adds `reportsDir`, which summary.json leaves out). */
export const RunFactsSchema = z.object({
  suiteVersion: z.string(),
  target: z.object({ url: z.string(), edition: z.string(), release: z.string(), description: z.string().optional() }),
  seed: z.number(),
  runId: z.string(),
  /** the interfaces this run was asked to cover (--area); absent in older summaries */
  areas: z.array(z.string()).optional(),
  /** when the run started, ISO 8601 in UTC (…Z); absent in older summaries */
  startedAt: z.string().optional(),
  /** the suite's git commit the run was made with, when known */
  commit: z.string().optional(),
});

/** What a judgement of recorded traffic says beyond its rules: what it saw, what it could not read, what was sent wrong on purpose. */
export const JudgementFactsSchema = z.object({
  /** 'serve --judge' or 'observe' */
  by: z.string(),
  exchanges: z.number(),
  /** exchanges under no interface the judge knows */
  unplaced: z.number(),
  /** the spec's operations (contract/operations.ts ids) the traffic exercised, and those it did not */
  operations: z.object({ exercised: z.array(z.string()), notExercised: z.array(z.string()) }),
  /** bad input of the judge (an unreachable upstream, bytes that are not HTTP, a hang-up mid-body), one sentence each */
  problems: z.array(z.string()),
  /** client rules violated only by requests the suite's rules sent wrong on purpose (the rule ledger): never counted */
  deliberate: z.array(z.object({ rule: z.string(), count: z.number(), by: z.array(z.string()), first: z.string() })),
});
export type JudgementFacts = z.infer<typeof JudgementFactsSchema>;

export const SummarySchema = z.object({
  ...RunFactsSchema.shape,
  /** raw outcomes of every rule, whatever its level (a should-level failure is in `fail`); see `standings` for what the verdict counts */
  totals: TotalsSchema,
  /** `totals` split by level */
  totalsByLevel: z.object({ must: TotalsSchema, should: TotalsSchema }).optional(),
  /**
   * each rule counted once by how it stands in the verdict, as every view shows it: `fail` and
   * `broken` are what the exit code counts (must-level, no expectation, plus stale or expired
   * expectations); `warning` is a should-level rule that failed or broke; `expected` an expected failure
   */
  standings: z.record(StandingSchema, z.number()).optional(),
  rules: z.array(RuleResultSchema),
  /** suite-side problems (a spec file that failed to load): a run with any is not a verdict */
  suiteErrors: z.array(z.string()),
  exchanges: z.number(),
  durationMs: z.number(),
  /** set by `run --shard i/n`: this summary holds one part of the rules */
  shard: z.string().optional(),
  /** the expectations file applied to this run, with what became of each expectation */
  expectations: ExpectationReportSchema.optional(),
  /** the verdict as the CLI computed it (CONFORMS / DOES NOT CONFORM / NO VERDICT) and its exit code */
  verdict: z
    .object({
      kind: z.string(),
      exitCode: z.number(),
      line: z.string(),
      /** what the exit code is computed from: a gate that reads these agrees with the exit code */
      basis: z
        .object({
          /** the rule, in words */
          rule: z.string(),
          /** standings.fail + standings.broken: must-level rules that failed or broke with no expectation, and stale or expired expectations */
          counted: z.number(),
          /** rules judged (pass or fail, any level); 0 means no verdict */
          judged: z.number(),
          suiteErrors: z.number(),
          /** listed, never counted */
          warnings: z.number(),
          expected: z.number(),
        })
        .optional(),
    })
    .optional(),
  /** times the target asked the suite to slow down (429/503 with Retry-After), and requests sent again after waiting */
  rateLimited: RateLimitedSchema.optional(),
  /** set by a judgement of recorded traffic (serve --judge, observe) rather than a run */
  judgement: JudgementFactsSchema.optional(),
});
export type Summary = z.infer<typeof SummarySchema>;
