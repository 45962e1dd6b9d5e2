import { test, type TestContext } from 'vitest';
import * as allure from 'allure-js-commons';
import type { InterfaceName, Profile } from '../contract/profile.js';
import type { Account, AccountRole } from '../contract/profile.js';
import { Clients } from './clients/index.js';
import { renderDialogue, SmtpClient, type SmtpDialogue } from './clients/smtp.js';
import { claimCompany, type CompanyClaim } from './company-lock.js';
import { runContext, type RunContext } from './context.js';
import { attachEvidence, labelForAllure } from './reporting/rule-evidence.js';
import { HttpClient, recordExchanges, sharedAgent, type Exchange, type RateLimited } from './http.js';
import { NotApplicable, OperationAbsent, TargetBroken } from './outcomes.js';
import { Redactor } from './redact.js';

/** A capability a rule needs from the target; `missing` says why it is absent, if it is. */
export interface Need {
  feature: string;
  missing(profile: Profile): string | undefined;
}

/** The metadata every test carries (style.md, convention 3). */
export interface RuleMeta {
  /** stable id, `<interface>.<subject>.<behaviour>`; never a number */
  id: string;
  /** spec section, e.g. '§7.1' */
  section: string;
  /** the rule, present tense, observable */
  title: string;
  interface: InterfaceName;
  /** operation, e.g. 'POST /Token' (Allure feature) */
  operation: string;
  /** must: the spec states it; should: a standard the spec relies on implies it */
  level: 'must' | 'should';
  /** the spec sentence or table row the rule checks, quoted (shown in the report beside the title) */
  sentence?: string;
  needs?: Need[];
  timeoutMs?: number;
  /**
   * Company-wide settings (SMTP password, SMTP whitelist, company key): 'changes' declares that
   * the rule changes one, so it runs alone and only where the profile allows company changes
   * (admin.allowCompanyChanges); 'uses' that it relies on them, so it never runs beside a change.
   */
  company?: CompanyClaim;
}

/** What reporters read from task.meta. */
export interface RuleRecord extends Omit<RuleMeta, 'needs' | 'company'> {
  features: string[];
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

/** The per-test handle a rule body receives. */
export class RuleContext {
  readonly profile: Profile;
  readonly run: RunContext;
  readonly redact: Redactor;
  readonly http: HttpClient;
  readonly clients: Clients;
  /** unique per test: run prefix plus a test counter, for names of things the test creates */
  readonly prefix: string;
  readonly exchanges: Exchange[] = [];
  /** when each exchange ended (ms since the epoch), for folding repeated polls in the evidence */
  readonly exchangeTimes: number[] = [];
  readonly rateLimited: RateLimited[] = [];
  /** evidence that is not an HTTP exchange (SMTP dialogues), attached after the test */
  readonly attachments: Array<{ title: string; text: string }> = [];
  readonly #cleanups: Array<{ what: string; fn: () => Promise<unknown> }> = [];

  constructor(
    readonly meta: RuleMeta,
    serial: number,
    /** epoch ms by which the test must be done */
    deadline = Date.now() + (meta.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  ) {
    this.run = runContext();
    this.profile = this.run.profile;
    this.redact = new Redactor(this.run.secrets);
    const dispatcher = sharedAgent(this.profile.limits).compose(
      recordExchanges((x) => {
        this.exchanges.push(x);
        this.exchangeTimes.push(Date.now());
      }),
    );
    // every request names its rule, so a target's logs can be matched with the report
    this.http = new HttpClient(dispatcher, {
      timeoutMs: this.run.settings.requestTimeoutMs,
      redact: this.redact,
      defaultHeaders: { 'x-conformance-rule': meta.id },
      limits: this.profile.limits,
      deadline,
      onRateLimited: (event) => this.rateLimited.push(event),
      // every request asks the profile whether the target offers its operation (issue 15)
      offers: this.profile,
    });
    this.clients = new Clients(this.http, this.profile, this.redact);
    // the counter restarts in every spec file (vitest isolates modules per file), so a digest of
    // the rule id keeps prefixes of different files apart
    this.prefix = `cf${this.run.settings.runId}${ruleDigest(meta.id)}${serial.toString(36)}`;
  }

  get token() {
    return this.clients.token;
  }

  get rest() {
    return this.clients.rest;
  }

  get soap() {
    return this.clients.soap;
  }

  get admin() {
    return this.clients.admin;
  }

  /** The SMTP gateway through a real client; each conversation becomes an attachment. */
  get smtp(): SmtpClient {
    const record = (title: string, dialogue: SmtpDialogue) => this.attachments.push({ title: `SMTP ${title}`, text: renderDialogue(dialogue) });
    return new SmtpClient(this.profile, this.redact, this.meta.id, this.run.settings.requestTimeoutMs, record, (operation) => this.http.assertOffered(operation));
  }

  /** A profile account, or not applicable when the profile has none for that role. */
  account(role: AccountRole): Account {
    const account = this.profile.accounts[role];
    if (!account) this.notApplicable(`the profile has no "${role}" account (accounts.${role})`);
    return account;
  }

  notApplicable(reason: string): never {
    throw new NotApplicable(reason);
  }

  /**
   * A precondition: work the rule needs done but does not judge. If the target fails it, the
   * rule cannot be evaluated, so the outcome is broken, not fail.
   */
  async given<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof NotApplicable || e instanceof TargetBroken) throw e;
      throw new TargetBroken(`Precondition "${what}" failed, so the rule could not be checked: ${(e as Error).message}`);
    }
  }

  /** Registers cleanup that runs after the test, even when it fails (last registered, first run). */
  onCleanup(what: string, fn: () => Promise<unknown>): void {
    this.#cleanups.unshift({ what, fn });
  }

  async cleanup(): Promise<string[]> {
    const problems: string[] = [];
    for (const { what, fn } of this.#cleanups) {
      try {
        await fn();
      } catch (e) {
        problems.push(`${what}: ${(e as Error).message}`);
      }
    }
    return problems;
  }
}

let serial = 0;

/** Six base-36 characters of an FNV-1a hash of a rule id. */
function ruleDigest(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36).padStart(7, '0').slice(-6);
}
const DEFAULT_TIMEOUT_MS = 60_000;

/** A rule that changes company-wide settings runs only where the profile allows it (issue 9, item 6). */
const companyChanges: Need = {
  feature: 'admin:company-changes',
  missing: (p) =>
    p.admin?.allowCompanyChanges ? undefined : 'the rule changes a company-wide setting, and the profile does not allow company changes (admin.allowCompanyChanges)',
};

/** Declares one documented rule as one test (style.md, conventions 1-4). */
export function rule(meta: RuleMeta, body: (t: RuleContext) => Promise<void>): void {
  const { needs: declared = [], company, ...described } = meta;
  const needs = company === 'changes' ? [...declared, companyChanges] : declared;
  const record: RuleRecord = { ...described, features: needs.map((n) => n.feature) };
  const timeout = meta.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // independent rules run concurrently (up to the per-worker share of limits.concurrency); a rule
  // that changes company-wide settings also runs alone in its file (and holds the company claim)
  const declare = company === 'changes' ? test.sequential : test.concurrent;
  declare(`${meta.section} ${meta.title} [${meta.id}]`, { timeout }, async (ctx: TestContext) => {
    ctx.task.meta.rule = record;
    await labelForAllure(meta);
    const t = new RuleContext(meta, ++serial, Date.now() + timeout);
    let outcome: unknown;
    let lease: { release(): void } | undefined;
    try {
      const reasons = needs.map((n) => n.missing(t.profile)).filter((r): r is string => r !== undefined);
      if (reasons.length > 0) throw new NotApplicable(reasons.join('; '));
      // the claim may wait for other rules: most of the test's time, never all of it
      if (company) lease = await claimCompany(t.run.settings.runId, company, Math.floor((meta.timeoutMs ?? 60_000) * 0.6));
      await body(t);
    } catch (e) {
      outcome = e;
    }
    outcome = honest(outcome, t.exchanges);
    const problems = await t.cleanup();
    lease?.release();
    ctx.task.meta.exchanges = t.exchanges.length;
    if (t.rateLimited.length > 0) ctx.task.meta.rateLimited = { responses: t.rateLimited.length, retried: t.rateLimited.filter((r) => r.retried).length };
    await attachEvidence(t);
    if (problems.length > 0) await allure.attachment('cleanup problems', t.redact.text(problems.join('\n')), 'text/plain');
    if (outcome instanceof NotApplicable) {
      ctx.task.meta.notApplicable = outcome.message;
      await allure.description(`Not applicable: ${outcome.message}`);
      ctx.skip(`not applicable: ${outcome.message}`);
    }
    if (outcome instanceof TargetBroken) ctx.task.meta.broken = t.redact.text(outcome.message);
    if (outcome !== undefined) {
      // messages can quote target responses: redact before vitest, JUnit or Allure see them
      const err = outcome as Error;
      err.message = t.redact.text(err.message ?? String(outcome));
      err.stack = err.stack ? t.redact.text(err.stack) : err.stack;
      throw err;
    }
  });
}

/**
 * *Not applicable* is only for what the profile lacks. A rule body that gave up as not applicable
 * after the target answered a 5xx or nothing at all (an account pool probed with log-ons that
 * all failed, say) could not be checked because of the target: that is *broken*, never a pass
 * for the exit code (issue 8, item 4).
 */
export function honest(outcome: unknown, exchanges: readonly Exchange[]): unknown {
  // an operation the profile says is absent is the profile's decision, taken before the request
  // left: no earlier answer of the target (a SOAP Fault is an HTTP 500) makes it the target's
  if (!(outcome instanceof NotApplicable) || outcome instanceof OperationAbsent) return outcome;
  const bad = exchanges.find((x) => x.error !== undefined || (x.status !== undefined && x.status >= 500));
  if (!bad) return outcome;
  const answer = bad.error ? `no answer (${bad.error})` : `HTTP ${bad.status}`;
  return new TargetBroken(`${bad.method} ${new URL(bad.url).pathname} got ${answer} while the rule was being set up, so it could not be checked (it would otherwise be not applicable: ${outcome.message}).`);
}
