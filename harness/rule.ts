import type { TestRuntime } from 'allure-js-commons/sdk/runtime';
import { TaskAllure } from './allure-task.js';
import type { InterfaceName, Profile } from '../contract/profile.js';
import { judgedIds, judgedNames, type Judged, type OperationId } from '../contract/operations.js';
import type { ClaimKind } from './claims.js';
import { decisiveInputs } from './evidence.js';
import { attachEvidence } from './rule-evidence.js';
import { RuleContext } from './rule-context.js';
import { startShortSession } from './fixtures/short-session.js';
import { honest } from './evidence-marks.js';
import { NotApplicable, TargetBroken } from './outcomes.js';
import { ruleTest as test } from './worker-state.js';
import { sectionOf, type SpecRef } from '../contract/spec/index.js';

export type { RuleContext } from './rule-context.js';

/** A capability a rule needs from the target; `missing` says why it is absent, if it is. */
export interface Need {
  feature: string;
  missing(profile: Profile): string | undefined;
}

/** The metadata every test carries (style.md, convention 3). */
export interface RuleMeta {
  /** stable id, `<interface>.<subject>.<behaviour>`; never a number */
  id: string;
  /**
   * The spec units the rule enforces, each with the words it quotes: the
   * first is the rule's home (its section groups it in the reports). A self-test checks every
   * quote is in its unit verbatim; the anchors lead the test's name, so `-t "§4.4/DeleteMessage"`
   * and `run --section` find the rule. A ref with `silence` rests on the suite's reading of that
   * sentence (contract/silences/): a rule whose every ref does is `should`.
   */
  spec: readonly [SpecRef, ...SpecRef[]];
  /** the rule, present tense, observable */
  title: string;
  interface: InterfaceName;
  /**
   * The spec operation(s) the rule JUDGES (contract/operations.ts), as data: only these may make
   * it fail. Work it needs but does not judge (log on, a session key, SMTP credentials, a folder
   * or message to act on) is a precondition and goes through `t.given()` (fixtures do this), so
   * a refusal of it ends the rule broken or not applicable, never fail.
   * The Allure feature shows the catalogue's spec names.
   */
  operation: Judged;
  /** must: the spec states it; should: a standard the spec relies on, or a reading of its silence, implies it */
  level: 'must' | 'should';
  needs?: Need[];
  timeoutMs?: number;
  /**
   * Company-wide settings (SMTP password, SMTP whitelist, company key): 'changes' declares that
   * the rule changes one, so it runs alone and only where the profile allows company changes
   * (admin.allowCompanyChanges); 'uses' that it relies on them, so it never runs beside a change.
   */
  company?: ClaimKind;
}

/** What reporters read from task.meta. */
export interface RuleRecord extends Omit<RuleMeta, 'needs' | 'company' | 'operation' | 'spec'> {
  /** the quoted words, joined (summary.json's one-line form of `spec`) */
  sentence: string;
  /** the home section: the first anchor's (spec §…) */
  section: string;
  /** every section the rule's anchors name, home first */
  sections: string[];
  spec: SpecRef[];
  features: string[];
  /** the judged operations by their spec names (the Allure feature, the report's meta line) */
  operation: string;
  /** the judged operations' ids */
  judges: OperationId[];
}

declare module 'vitest' {
  interface TaskMeta {
    rule?: RuleRecord;
    notApplicable?: string;
    broken?: string;
    exchanges?: number;
    /** 429/503 answers with Retry-After, and how many of those requests were sent again */
    rateLimited?: { responses: number; retried: number };
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** A rule that changes company-wide settings runs only where the profile allows it. */
const companyChanges: Need = {
  feature: 'admin:company-changes',
  missing: (p) =>
    p.admin?.allowCompanyChanges ? undefined : 'the rule changes a company-wide setting, and the profile does not allow company changes (admin.allowCompanyChanges)',
};

/** Declares one documented rule as one test (style.md, conventions 1-4). */
export function rule(meta: RuleMeta, body: (t: RuleContext) => Promise<void>): void {
  const { needs: declared = [], company, ...described } = meta;
  const needs = company === 'changes' ? [...declared, companyChanges] : declared;
  const spec: SpecRef[] = [...meta.spec];
  const sections = [...new Set(spec.map((r) => sectionOf(r.anchor)))];
  const record: RuleRecord = {
    ...described,
    section: sections[0]!,
    sections,
    spec,
    sentence: spec.map((r) => r.quote).join(' … '),
    operation: judgedNames(meta.operation),
    judges: judgedIds(meta.operation),
    features: needs.map((n) => n.feature),
  };
  // the anchors lead the test name, so `-t "§4.4/DeleteMessage"` or `-t "§4.3"` finds the rule
  const heading = [...new Set(spec.map((r) => r.anchor))].join(' ');
  const timeout = meta.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // rules run concurrently (up to the per-worker share of limits.concurrency); a rule that changes
  // company-wide settings runs alone by the company claim (harness/claims.ts), which every rule
  // that uses them takes too, in whichever file and worker it is
  test.concurrent(`${heading} ${meta.title} [${meta.id}]`, { timeout, meta: { rule: record } }, async ({ task, skip, worker }) => {
    task.meta.rule = record;
    const allure = new TaskAllure(task);
    await labelForAllure(allure, record);
    const t = new RuleContext(meta, worker, Date.now() + timeout, allure);
    // waits on the target's clock start with the worker's first rule, to pass while the others run
    startShortSession(worker, t);
    let outcome: unknown;
    let lease: { release(): void } | undefined;
    try {
      const reasons = needs.map((n) => n.missing(t.profile)).filter((r): r is string => r !== undefined);
      if (reasons.length > 0) throw new NotApplicable(reasons.join('; '));
      if (company) lease = await t.claim('company', company);
      await body(t);
    } catch (e) {
      outcome = e;
    }
    outcome = honest(outcome, t.exchanges);
    if (!(outcome instanceof NotApplicable)) t.endBody(outcome);
    // the made-up wrong values the decisive request sent, in clear: the input the rule tested
    if (outcome instanceof Error && !(outcome instanceof NotApplicable) && t.decisive?.kind === 'exchange') outcome.message += decisiveInputs(t.exchanges[t.decisive.index], t.redact);
    const problems = await t.cleanup();
    lease?.release();
    task.meta.exchanges = t.exchanges.length + t.sharedExchanges;
    if (t.rateLimited.length > 0) task.meta.rateLimited = { responses: t.rateLimited.length, retried: t.rateLimited.filter((r) => r.retried).length };
    // a passing rule's evidence is one attachment; anything else keeps an entry per exchange for its card
    await attachEvidence(t, { compact: outcome === undefined });
    if (problems.length > 0) await allure.attachment('cleanup problems', t.redact.text(problems.join('\n')), { contentType: 'text/plain' });
    if (outcome instanceof NotApplicable) {
      task.meta.notApplicable = outcome.message;
      await allure.description(`Not applicable: ${outcome.message}`);
      skip(`not applicable: ${outcome.message}`);
    }
    if (outcome instanceof TargetBroken) task.meta.broken = t.redact.text(outcome.message);
    if (outcome !== undefined) {
      // messages can quote target responses: redact before vitest, JUnit or Allure see them
      const err = outcome as Error;
      err.message = t.redact.text(err.message ?? String(outcome));
      err.stack = err.stack ? t.redact.text(err.stack) : err.stack;
      throw err;
    }
  });
}

const SEVERITY = { must: 'critical', should: 'normal' } as const;

/** The rule's labels in the Allure report (beside RuleMeta, which they show). */
export async function labelForAllure(allure: TestRuntime, meta: RuleRecord): Promise<void> {
  await allure.displayName(`${meta.section} ${meta.title}`);
  await allure.labels(
    { name: 'epic', value: meta.interface },
    { name: 'feature', value: meta.operation },
    { name: 'story', value: meta.title },
    { name: 'ruleId', value: meta.id },
    { name: 'level', value: meta.level },
    { name: 'severity', value: SEVERITY[meta.level] },
    { name: 'tag', value: meta.level },
  );
}
