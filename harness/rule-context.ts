import { AsyncLocalStorage } from 'node:async_hooks';
import type { TestRuntime } from 'allure-js-commons/sdk/runtime';
import type { Profile } from '../contract/profile.js';
import { judgedIds, type Judged, type OperationId } from '../contract/operations.js';
import type { Account, AccountRole } from '../contract/profile.js';
import { NoAllure } from './allure-task.js';
import { claim, type ClaimKind, type Lease } from './claims.js';
import { Cleanups, type CleanupMode } from './cleanup.js';
import { fnv1a } from './digest.js';
import { PartyFolders } from './party-folders.js';
import { Clients } from './clients/index.js';
import { decisiveOf, judgedOf, type Decisive, type Note, type Phase, type RecordedExchange } from './evidence-marks.js';
import { renderDialogue, SmtpClient, type SmtpDialogue } from './clients/smtp.js';
import type { RunContext } from './context.js';
import { runContext } from './provided.js';
import { HttpClient, type Exchange, type RateLimited } from './http.js';
import { NotApplicable, TargetBroken } from './outcomes.js';
import type { Redactor } from './redact.js';
import { madeUpWrong, type WrongShape } from '../generators/wrong-value.js';
import { composeTransport } from './transport/compose.js';
import type { WorkerState } from './worker-state.js';

/**
 * What a rule's handle reads of its metadata (RuleMeta, harness/rule.ts, has these and more):
 * kept here, so the handle and its registry do not import each other.
 */
export interface RuleIdentity {
  id: string;
  /** the operations the rule judges: only these may make it fail */
  operation: Judged;
  timeoutMs?: number;
  /** the company claim the rule holds for its whole body (harness/rule.ts), if any */
  company?: ClaimKind;
  /** the place of its requests at the worker's gate (harness/gate.ts): by default the rule's start order */
  rank?: number;
  /** for a shared fixture's handle (harness/shared-fixture.ts), the key of the fixture it makes */
  fixture?: string;
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
  /** every exchange of the rule, in order, with when it ended and the part of the test it belongs to */
  readonly recorded: RecordedExchange[] = [];
  readonly rateLimited: RateLimited[] = [];
  /** evidence that is not an HTTP exchange (SMTP dialogues, a counterexample), attached after the test in time order */
  readonly attachments: Note[] = [];
  /** what the rule has removed itself (a company it cancelled): its cleanup skips them */
  readonly removed = new WeakSet<object>();
  /** the exchange or dialogue whose answer decided the verdict */
  decisive?: Decisive;
  /** exchanges of shared fixtures this rule made (harness/shared.ts), counted with its own */
  sharedExchanges = 0;
  #givenDepth = 0;
  /** claims (harness/claims.ts) the rule holds now: while it holds any, its requests go first at the gate */
  #claims = 0;
  #stage: 'body' | 'cleanup' | 'counterexample' = 'body';
  readonly #cleanups = new Cleanups();
  /** set inside a property's shrink attempt (concurrent chains each have their own) */
  readonly #shrinking = new AsyncLocalStorage<boolean>();

  readonly #worker: WorkerState;
  /** the rule's share of the parties' folders: sessions register here, party rules hold them (harness/party-folders.ts) */
  readonly partyFolders: PartyFolders;

  constructor(
    readonly meta: RuleIdentity,
    /** what the rules of this worker share: the transport's pool, gate and breaker, a test counter */
    worker: WorkerState,
    /** epoch ms by which the test must be done */
    readonly deadline: number,
    /** the Allure runtime of the rule's own test (harness/allure-task.ts); a shared fixture's handle has none */
    readonly allure: TestRuntime = new NoAllure(),
  ) {
    this.#worker = worker;
    this.run = runContext();
    this.profile = this.run.profile;
    this.redact = worker.redactor();
    const timeoutMs = this.run.settings.requestTimeoutMs;
    const judges = judgedIds(meta.operation);
    const ledger = worker.ledger(this.run.settings.ruleLedger);
    const serial = worker.nextSerial();
    const dispatcher = composeTransport(worker.transport, {
      timeoutMs,
      // the rules that started first get a free slot first (harness/gate.ts), and a rule holding a
      // claim before them all: other rules wait on what it holds, so its chain is theirs too
      rank: () => (this.#claims > 0 ? 0 : (meta.rank ?? serial)),
      // every request names its rule, so a target's logs can be matched with the report, and the
      // operations it judges, so a test-only refusal mode can refuse only its preconditions (reference/refusals.ts)
      rule: { id: meta.id, judges },
      deadline,
      onRateLimited: (event) => this.rateLimited.push(event),
      record: (exchange) => {
        this.recorded.push({ exchange, at: Date.now(), phase: this.phase });
        ledger?.(meta.id, this.phase, exchange);
      },
    });
    this.http = new HttpClient(dispatcher, {
      timeoutMs,
      redact: this.redact,
      limits: this.profile.limits,
      // every request asks the profile whether the target offers its operation
      offers: this.profile,
    });
    this.partyFolders = new PartyFolders(this.profile, (resource, kind, what) => this.claim(resource, kind, what), (what, release) => this.onCleanup(what, release));
    this.clients = new Clients(this.http, this.profile, this.redact, {
      view: (title, text) => this.note(title, text, 'view'),
      judging: () => this.phase === 'body' || this.phase === 'shrink' || this.phase === 'counterexample',
      creatingFolder: (key, send) => this.partyFolders.creating(key, send),
    });
    // the counter is the worker's, and workers run files side by side, so a digest of the rule
    // id keeps prefixes of different files apart
    this.prefix = `cf${this.run.settings.runId}${ruleDigest(meta.id)}${serial.toString(36)}`;
  }

  /** The rule's exchanges alone, in order. */
  get exchanges(): Exchange[] {
    return this.recorded.map((r) => r.exchange);
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

  /** A value made up to be wrong (generators/wrong-value.ts) for `what` (client_secret, otp…): shown in clear, marked deliberate. */
  wrong(what: string, shape?: WrongShape | string): string {
    // a string: a value the rule made up itself (an unknown user id under the run prefix)
    return this.redact.deliberate(typeof shape === 'string' ? shape : madeUpWrong(shape), what);
  }

  /** A profile account, or not applicable when the profile has none for that role. */
  account(role: AccountRole): Account {
    const account = this.profile.accounts[role];
    if (!account) this.notApplicable(`the profile has no "${role}" account (accounts.${role})`);
    return account;
  }

  /** Where the test is now: cleanup and a counterexample's replay outrank a precondition inside them. */
  get phase(): Phase {
    return this.#stage !== 'body' ? this.#stage : this.#givenDepth > 0 ? 'given' : this.#shrinking.getStore() ? 'shrink' : 'body';
  }

  /** Runs one of a property's shrink attempts: what it records is marked as one. */
  shrinkAttempt<T>(fn: () => Promise<T>): Promise<T> {
    return this.#shrinking.run(true, fn);
  }

  /** Evidence other than an exchange, kept in its place in time among the exchanges. */
  note(title: string, text: string, kind: Note['kind']): Note {
    const note: Note = { title, text, kind, phase: this.phase, after: this.recorded.length };
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
    this.decisive = decisiveOf(outcome, this.exchanges, this.recorded.length, this.attachments);
    this.#stage = 'cleanup';
  }

  notApplicable(reason: string): never {
    throw new NotApplicable(reason);
  }

  /**
   * A precondition: work the rule needs done but does not judge. If the target fails it, the
   * rule cannot be evaluated, so the outcome is broken, not fail; the reason names the
   * precondition and quotes the answer.
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

  /**
   * Runs `step` relying on the company-wide settings (harness/claims.ts, `uses`): no rule that
   * changes them runs meanwhile. For a step that goes through the SMTP gateway in a rule or shared
   * fixture that does not rely on them throughout, such as delivering the plain-text TLS message
   * (spec §1): once the gateway has accepted it, a change of the whitelist or the SMTP password
   * takes nothing away, so the rule's other work does not hold up the rules that change them.
   * A rule that holds the claim for its body (RuleMeta.company) runs the step as it is; a rule or
   * fixture that asks for one must not hold it (a change waiting between the two would wait on both).
   */
  async usingCompany<T>(step: () => Promise<T>): Promise<T> {
    if (this.meta.company) return step();
    const lease = await this.claim('company', 'uses');
    try {
      return await step();
    } finally {
      lease.release();
    }
  }

  /**
   * Takes `resource` (harness/claims.ts) for this rule, waiting for other rules for most of the
   * rule's time left, never all of it. While the rule holds a claim, its requests go before every
   * other rule's at the gate (the rules waiting on the claim wait on its chain). The lease may be
   * released more than once: the first release counts.
   */
  async claim(resource: string, kind: ClaimKind, what = resource === 'company' ? 'the company-wide settings' : resource): Promise<Lease> {
    const waitMs = Math.max(0, Math.floor((this.deadline - Date.now()) * 0.6));
    const lease = await claim(this.run.settings.runId, resource, kind, waitMs, what);
    this.#claims += 1;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.#claims -= 1;
        lease.release();
      },
    };
  }

  /** What the rules of this worker share (harness/shared-fixture.ts makes its fixtures with it). */
  get worker(): WorkerState {
    return this.#worker;
  }

  /** Whether the rule judges any of `operations` (RuleMeta.operation). */
  judges(operations: OperationId | readonly OperationId[] | undefined): boolean {
    if (operations === undefined) return false;
    const judged = judgedIds(this.meta.operation);
    return (typeof operations === 'string' ? [operations] : operations).some((op) => judged.includes(op));
  }

  /**
   * Registers cleanup that runs after the test, even when it fails (last registered, first run).
   * `key` names the thing it removes (harness/cleanup.ts): registered twice it is removed once,
   * and once `removedNow(key)` says the rule removed it, cleanup sends nothing for it. `mode`
   * other than 'in-turn': it runs at once with its neighbours of that kind (harness/cleanup.ts).
   */
  onCleanup(what: string, fn: () => Promise<unknown>, key?: string, mode?: CleanupMode): void {
    this.#cleanups.add(what, fn, key, mode);
  }

  /** The rule removed the thing `key` names itself (and the target said so): its cleanup is forgotten. */
  removedNow(key: string): void {
    this.#cleanups.gone(key);
  }

  cleanup(): Promise<string[]> {
    return this.#cleanups.run();
  }
}

/** Six base-36 characters of an FNV-1a hash of a rule id. */
const ruleDigest = (id: string): string => fnv1a(id).toString(36).padStart(7, '0').slice(-6);
