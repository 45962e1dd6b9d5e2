import { test, type TestContext } from 'vitest';
import * as allure from 'allure-js-commons';
import type { InterfaceName, Profile } from '../contract/profile.js';
import type { Account, AccountRole } from '../contract/profile.js';
import { Clients } from './clients/index.js';
import { renderDialogue, SmtpClient, type SmtpDialogue } from './clients/smtp.js';
import { claimCompany, type CompanyClaim } from './company-lock.js';
import { runContext, type RunContext } from './context.js';
import { exchangeTitle, renderExchange } from './evidence.js';
import { HttpClient, recordExchanges, sharedAgent, type Exchange } from './http.js';
import { NotApplicable, TargetBroken } from './outcomes.js';
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
  /** evidence that is not an HTTP exchange (SMTP dialogues), attached after the test */
  readonly attachments: Array<{ title: string; text: string }> = [];
  readonly #cleanups: Array<{ what: string; fn: () => Promise<unknown> }> = [];

  constructor(
    readonly meta: RuleMeta,
    serial: number,
  ) {
    this.run = runContext();
    this.profile = this.run.profile;
    this.redact = new Redactor(this.run.secrets);
    const dispatcher = sharedAgent().compose(recordExchanges((x) => {
      this.exchanges.push(x);
      this.exchangeTimes.push(Date.now());
    }));
    // every request names its rule, so a target's logs can be matched with the report
    this.http = new HttpClient(dispatcher, this.run.settings.requestTimeoutMs, this.redact, { 'x-conformance-rule': meta.id });
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
    return new SmtpClient(this.profile, this.redact, this.meta.id, this.run.settings.requestTimeoutMs, record);
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
const SEVERITY = { must: 'critical', should: 'normal' } as const;

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
  test(`${meta.section} ${meta.title} [${meta.id}]`, { timeout: meta.timeoutMs ?? 60_000 }, async (ctx: TestContext) => {
    ctx.task.meta.rule = record;
    await labelForAllure(meta);
    const t = new RuleContext(meta, ++serial);
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
function honest(outcome: unknown, exchanges: readonly Exchange[]): unknown {
  if (!(outcome instanceof NotApplicable)) return outcome;
  const bad = exchanges.find((x) => x.error !== undefined || (x.status !== undefined && x.status >= 500));
  if (!bad) return outcome;
  const answer = bad.error ? `no answer (${bad.error})` : `HTTP ${bad.status}`;
  return new TargetBroken(`${bad.method} ${new URL(bad.url).pathname} got ${answer} while the rule was being set up, so it could not be checked (it would otherwise be not applicable: ${outcome.message}).`);
}

/** Exchanges attached per test; a long property or model run keeps its first and (failing) last ones. */
const EVIDENCE_HEAD = 50;
const EVIDENCE_TAIL = 150;

/** One evidence entry: an exchange, or a run of identical ones (a poll) folded into one. */
interface Folded {
  x: Exchange;
  count: number;
  first: number;
  last: number;
}

const sameExchange = (a: Exchange, b: Exchange) =>
  a.method === b.method && a.url === b.url && a.requestBody === b.requestBody && a.status === b.status && a.responseBody === b.responseBody && a.error === b.error;

/** Consecutive identical exchanges (eventually() polling the same state) become one entry with a count and timing. */
function fold(all: Exchange[], times: number[]): Folded[] {
  const out: Folded[] = [];
  all.forEach((x, i) => {
    const last = out[out.length - 1];
    const at = times[i] ?? 0;
    if (last && sameExchange(last.x, x)) {
      last.count += 1;
      last.last = at;
      last.x = x;
    } else out.push({ x, count: 1, first: at, last: at });
  });
  return out;
}

async function attachEvidence(t: RuleContext): Promise<void> {
  const all = fold(t.exchanges, t.exchangeTimes);
  const omitted = all.length - EVIDENCE_HEAD - EVIDENCE_TAIL;
  const kept = omitted > 0 ? [...all.slice(0, EVIDENCE_HEAD), ...all.slice(-EVIDENCE_TAIL)] : all;
  for (const [i, f] of kept.entries()) {
    if (omitted > 0 && i === EVIDENCE_HEAD) {
      await allure.attachment(`… ${omitted} exchanges omitted`, `${all.length} evidence entries in all; the first ${EVIDENCE_HEAD} and the last ${EVIDENCE_TAIL} are attached.`, 'text/plain');
    }
    const title = exchangeTitle(f.x, t.redact);
    if (f.count === 1) await allure.attachment(title, renderExchange(f.x, t.redact), 'text/plain');
    else {
      const seconds = ((f.last - f.first) / 1000).toFixed(1);
      const note = `The same request got the same answer ${f.count} times in a row, over ${seconds} s (consecutive identical exchanges, such as eventually() polling until the rule held or time ran out, are shown once). The last one:\n\n`;
      await allure.attachment(`${title} (× ${f.count} identical, over ${seconds} s)`, note + renderExchange(f.x, t.redact), 'text/plain');
    }
  }
  for (const a of t.attachments) await allure.attachment(a.title, t.redact.text(a.text), 'text/plain');
}

async function labelForAllure(meta: RuleMeta): Promise<void> {
  await allure.displayName(`${meta.section} ${meta.title}`);
  await allure.epic(meta.interface);
  await allure.feature(meta.operation);
  await allure.story(meta.title);
  await allure.label('ruleId', meta.id);
  await allure.label('level', meta.level);
  await allure.severity(SEVERITY[meta.level]);
  await allure.tag(meta.level);
  await allure.link(`interface-spec.md#${encodeURIComponent(meta.section)}`, `spec ${meta.section}`);
}
