import { test, type TestContext } from 'vitest';
import * as allure from 'allure-js-commons';
import type { InterfaceName, Profile } from '../contract/profile.js';
import { judgedIds, judgedNames, type Judged, type OperationId } from '../contract/operations.js';
import type { Account, AccountRole } from '../contract/profile.js';
import { Clients } from './clients/index.js';
import { decisiveOf, judgedOf, type Decisive, type Note, type Phase } from './evidence-marks.js';
import { renderDialogue, SmtpClient, type SmtpDialogue } from './clients/smtp.js';
import { claimCompany, type CompanyClaim } from './company-lock.js';
import { runContext, type RunContext } from './context.js';
import { attachEvidence, labelForAllure } from './reporting/rule-evidence.js';
import { HttpClient, recordExchanges, sharedAgent, type Exchange, type RateLimited } from './http.js';
import { NotApplicable, OperationAbsent, TargetBroken } from './outcomes.js';
import { Redactor } from './redact.js';
import { sectionOf, type SpecRef } from '../contract/spec/index.js';

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
   * The spec units the rule enforces, each with the words it quotes (issue 16, Build 2): the
   * first is the rule's home (its section groups it in the reports). A self-test checks every
   * quote is in its unit verbatim. `section` and `sentence` are the old free-text form, kept only
   * while the specs move to anchors.
   */
  spec?: readonly [SpecRef, ...SpecRef[]];
  /** @deprecated spec section, e.g. '§7.1': use `spec` */
  section?: string;
  /** the rule, present tense, observable */
  title: string;
  interface: InterfaceName;
  /**
   * The spec operation(s) the rule JUDGES (contract/operations.ts), as data: only these may make
   * it fail. Work it needs but does not judge (log on, a session key, SMTP credentials, a folder
   * or message to act on) is a precondition and goes through `t.given()` (fixtures do this), so
   * a refusal of it ends the rule broken or not applicable, never fail (issue 15, Build 3).
   * The Allure feature shows the catalogue's spec names.
   */
  operation: Judged;
  /** must: the spec states it; should: a standard the spec relies on implies it */
  level: 'must' | 'should';
  /** @deprecated the spec sentence the rule checks: use `spec` */
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
export interface RuleRecord extends Omit<RuleMeta, 'needs' | 'company' | 'operation' | 'section' | 'spec'> {
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
  /** the part of the test each exchange belongs to (precondition, body, cleanup, counterexample) */
  readonly exchangePhases: Phase[] = [];
  readonly rateLimited: RateLimited[] = [];
  /** evidence that is not an HTTP exchange (SMTP dialogues, a counterexample), attached after the test in time order */
  readonly attachments: Note[] = [];
  /** the exchange or dialogue whose answer decided the verdict (issue 17, item 1) */
  decisive?: Decisive;
  #givenDepth = 0;
  #stage: 'body' | 'cleanup' | 'counterexample' = 'body';
  readonly #cleanups: Array<{ what: string; fn: () => Promise<unknown> }> = [];

  constructor(
    readonly meta: RuleMeta,
    serial: number,
    /** epoch ms by which the test must be done */
    readonly deadline = Date.now() + (meta.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  ) {
    this.run = runContext();
    this.profile = this.run.profile;
    this.redact = new Redactor(this.run.secrets);
    const dispatcher = sharedAgent(this.profile.limits).compose(
      recordExchanges((x) => {
        this.exchanges.push(x);
        this.exchangeTimes.push(Date.now());
        this.exchangePhases.push(this.phase);
      }),
    );
    // every request names its rule, so a target's logs can be matched with the report
    this.http = new HttpClient(dispatcher, {
      timeoutMs: this.run.settings.requestTimeoutMs,
      redact: this.redact,
      // and the operations it judges, so a test-only refusal mode can refuse only its preconditions (reference/refusals.ts)
      defaultHeaders: { 'x-conformance-rule': meta.id, 'x-conformance-judges': judgedIds(meta.operation).join(',') },
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
    const record = (title: string, dialogue: SmtpDialogue) => this.note(`SMTP ${title}`, renderDialogue(dialogue), 'dialogue');
    return new SmtpClient(this.profile, this.redact, this.meta.id, this.run.settings.requestTimeoutMs, record, (operation) => this.http.assertOffered(operation));
  }

  /** A profile account, or not applicable when the profile has none for that role. */
  account(role: AccountRole): Account {
    const account = this.profile.accounts[role];
    if (!account) this.notApplicable(`the profile has no "${role}" account (accounts.${role})`);
    return account;
  }

  /** Where the test is now: cleanup and a counterexample's replay outrank a precondition inside them. */
  get phase(): Phase {
    return this.#stage !== 'body' ? this.#stage : this.#givenDepth > 0 ? 'given' : 'body';
  }

  /** Evidence other than an exchange, kept in its place in time among the exchanges. */
  note(title: string, text: string, kind: Note['kind']): Note {
    const note: Note = { title, text, kind, phase: this.phase, after: this.exchanges.length };
    this.attachments.push(note);
    return note;
  }

  /** Runs a property's shrunk counterexample once more, its exchanges marked as the counterexample's. */
  async replayCounterexample(fn: () => Promise<void>): Promise<unknown> {
    this.#stage = 'counterexample';
    try {
      await fn();
      return undefined;
    } catch (e) {
      return e;
    } finally {
      this.#stage = 'body';
    }
  }

  /** After the body: marks what decided `outcome`; what is recorded from here on is cleanup. */
  endBody(outcome: unknown): void {
    this.decisive = decisiveOf(outcome, this.exchanges, this.exchanges.length, this.attachments);
    this.#stage = 'cleanup';
  }

  notApplicable(reason: string): never {
    throw new NotApplicable(reason);
  }

  /**
   * A precondition: work the rule needs done but does not judge. If the target fails it, the
   * rule cannot be evaluated, so the outcome is broken, not fail; the reason names the
   * precondition and quotes the answer (issue 15, Found 2).
   *
   * `performs` names the operations the work consists of (fixtures name theirs): where the rule
   * judges one of them (RuleMeta.operation), the work is the rule's own, and its failure stays
   * the rule's verdict. A precondition nested inside it still ends the rule broken.
   */
  async given<T>(what: string, fn: () => Promise<T>, performs?: OperationId | readonly OperationId[]): Promise<T> {
    if (this.judges(performs)) return fn();
    this.#givenDepth += 1;
    try {
      return await fn();
    } catch (e) {
      if (e instanceof NotApplicable || e instanceof TargetBroken) throw e;
      throw new TargetBroken(`Precondition "${what}" failed, so the rule could not be checked: ${(e as Error).message}`, judgedOf(e));
    } finally {
      this.#givenDepth -= 1;
    }
  }

  /** Whether the rule judges any of `operations` (RuleMeta.operation). */
  judges(operations: OperationId | readonly OperationId[] | undefined): boolean {
    if (operations === undefined) return false;
    const judged = judgedIds(this.meta.operation);
    return (typeof operations === 'string' ? [operations] : operations).some((op) => judged.includes(op));
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
  const spec: SpecRef[] = [...(meta.spec ?? [])];
  const sections = [...new Set(spec.length > 0 ? spec.map((r) => sectionOf(r.anchor)) : [meta.section ?? '§?'])];
  const record: RuleRecord = {
    ...described,
    section: sections[0]!,
    sections,
    spec,
    ...(spec.length > 0 ? { sentence: spec.map((r) => r.quote).join(' … ') } : {}),
    operation: judgedNames(meta.operation),
    judges: judgedIds(meta.operation),
    features: needs.map((n) => n.feature),
  };
  // the anchors lead the test name, so `-t "§4.4/DeleteMessage"` or `-t "§4.3"` finds the rule
  const heading = spec.length > 0 ? spec.map((r) => r.anchor).filter((a, i, all) => all.indexOf(a) === i).join(' ') : record.section;
  const timeout = meta.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // independent rules run concurrently (up to the per-worker share of limits.concurrency); a rule
  // that changes company-wide settings also runs alone in its file (and holds the company claim)
  const declare = company === 'changes' ? test.sequential : test.concurrent;
  declare(`${heading} ${meta.title} [${meta.id}]`, { timeout, meta: { rule: record } }, async (ctx: TestContext) => {
    ctx.task.meta.rule = record;
    await labelForAllure(record);
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
    if (!(outcome instanceof NotApplicable)) t.endBody(outcome);
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
  const label = `${bad.method} ${new URL(bad.url).pathname}`;
  return new TargetBroken(`${label} got ${answer} while the rule was being set up, so it could not be checked (it would otherwise be not applicable: ${outcome.message}).`, {
    label,
    status: bad.status ?? 0,
  });
}
