import { TOKEN_FAULTS, TOKEN_TRAFFIC_FAULTS } from './token/faults.js';
import { MESSAGING_REST_FAULTS } from './messaging-rest/faults.js';
import { PROVISIONING_FAULTS } from './provisioning/faults.js';
import { MESSAGING_SOAP_FAULTS } from './messaging-soap/faults.js';
import { SMTP_FAULTS } from './smtp/faults.js';
import { DIRECTORY_FAULTS } from './directory/faults.js';
import { ADMIN_FAULTS } from './admin/faults.js';
import { PARTY_FAULTS } from './parties-faults.js';
import { LISTING_FAULTS } from './listing-faults.js';
import { CREDENTIAL_FAULTS } from './credential-faults.js';
import { FIELD_FAULTS } from './fields-faults.js';
import type { Garbles } from './shown.js';

import type { FaultDef } from './fault-def.js';
import { SPEC_MAIL_POLICY, type MailPolicy } from './core/mail/policy.js';
import { SPEC_CREDENTIAL_POLICY, type CredentialPolicy } from './core/credential-policy.js';
import { SPEC_PROVISIONING_POLICY, type ProvisioningPolicy } from './provisioning/policy.js';
import { composePolicy, HookIndex, type HookOverride } from './policy.js';
import { SPEC_PARTY_POLICY, type PartyPolicy } from './core/party-policy.js';
import { SPEC_TOKEN_POLICY, type TokenPolicy } from './token/policy.js';
import { SPEC_ADMIN_POLICY, type AdminPolicy } from './admin/policy.js';
import { SPEC_DIRECTORY_POLICY, type DirectoryPolicy } from './directory/policy.js';
import { SPEC_SOAP_DECISIONS, type SoapPolicy } from './messaging-soap/policy.js';
import { SPEC_REST_DECISIONS, type RestPolicy } from './messaging-rest/policy.js';
import { SPEC_SMTP_POLICY, type SmtpPolicy } from './smtp/policy.js';

export type { FaultDef } from './fault-def.js';

/**
 * Teeth: each fault is one deliberate violation of one rule. Code for faults
 * lives only in reference/. A fault names the rule it breaks, so the self-test can prove that
 * rule's test fails under it. Each interface declares its faults `as const`, so `FaultId` is the
 * union of their literal ids and a misspelt id in a check fails tsc.
 */
export const FAULTS = [...TOKEN_FAULTS, ...TOKEN_TRAFFIC_FAULTS, ...PROVISIONING_FAULTS, ...MESSAGING_REST_FAULTS, ...MESSAGING_SOAP_FAULTS, ...ADMIN_FAULTS, ...SMTP_FAULTS, ...DIRECTORY_FAULTS, ...PARTY_FAULTS, ...CREDENTIAL_FAULTS, ...FIELD_FAULTS, ...LISTING_FAULTS] as const satisfies readonly FaultDef[];

/** The id of a fault of the catalogue: a literal union, so `faults.on('misspelt', …)` fails tsc. */
export type FaultId = (typeof FAULTS)[number]['id'];

/** Whether a fault is on for the current request (the per-request view of `Faults.on`). */
export type FaultCheck = (id: FaultId) => boolean;

/** Header the harness sends on every request: the id of the rule whose test made it. */
export { RULE_HEADER } from '../contract/rule-channel.js';

/** The mail policy with a form's own decisions, made once per mail policy (policies are never changed once made). */
function based<P extends MailPolicy>(cache: WeakMap<MailPolicy, P>, mail: MailPolicy, decisions: Omit<P, keyof MailPolicy>): P {
  let policy = cache.get(mail);
  if (!policy) cache.set(mail, (policy = { ...mail, ...decisions } as P));
  return policy;
}

/**
 * REFERENCE_FAULTS=<id,...> switches faults on for every request. With
 * REFERENCE_FAULT_SCOPE=rule a fault applies only to requests whose rule header names the
 * fault's own rule, so one run can carry every fault at once without one fault's damage
 * spilling into other rules' tests. `all` names every fault of the catalogue;
 * REFERENCE_FAULT_ROUND=k then keeps only the k-th fault of each rule.
 */
export class Faults {
  readonly #active: Map<FaultId, FaultDef>;
  readonly #scoped: boolean;
  /** fault id → rules whose requests reached the fault's check (REFERENCE_FAULT_FOOTPRINT) */
  readonly #footprint?: Map<string, Set<string>>;
  readonly #mailOverrides: HookIndex<MailPolicy, FaultId>;
  readonly #partyOverrides: HookIndex<PartyPolicy, FaultId>;
  readonly #credentialOverrides: HookIndex<CredentialPolicy, FaultId>;
  readonly #provisioningOverrides: HookIndex<ProvisioningPolicy, FaultId>;
  readonly #tokenOverrides: HookIndex<TokenPolicy, FaultId>;
  readonly #adminOverrides: HookIndex<AdminPolicy, FaultId>;
  readonly #directoryOverrides: HookIndex<DirectoryPolicy, FaultId>;
  readonly #soapOverrides: HookIndex<SoapPolicy, FaultId>;
  readonly #restOverrides: HookIndex<RestPolicy, FaultId>;
  readonly #smtpOverrides: HookIndex<SmtpPolicy, FaultId>;
  /** `read|write|field` → the fault of that cell of the matrix `fields` (reference/shown.ts) */
  readonly #cells: ReadonlyMap<string, FaultId>;
  /** a form's policy before its faults, by the mail policy it extends: most requests share one (the spec's) */
  readonly #soapBase = new WeakMap<MailPolicy, SoapPolicy>();
  readonly #restBase = new WeakMap<MailPolicy, RestPolicy>();

  constructor(ids: Iterable<string>, scoped = false, footprint = false) {
    if (footprint) this.#footprint = new Map();
    this.#active = new Map();
    for (const id of ids) {
      const def = FAULTS.find((f) => f.id === id);
      if (!def) throw new Error(`REFERENCE_FAULTS names "${id}", which is no fault of reference/faults.ts.`);
      this.#active.set(def.id, def);
    }
    this.#scoped = scoped;
    // footprinting asks every fault that replaces a hook, on or not, as the checks did inline
    const replacing = footprint ? FAULTS : FAULTS.filter((f) => this.#active.has(f.id));
    const overridesOf = <P>(pick: (f: FaultDef) => Partial<P> | undefined): HookOverride<P, FaultId>[] =>
      replacing.flatMap((f) => {
        const hooks = pick(f as FaultDef);
        return hooks ? [{ id: f.id as FaultId, hooks }] : [];
      });
    const parties = overridesOf<PartyPolicy>((f) => f.parties);
    this.#partyOverrides = new HookIndex(parties);
    // the mail core asks the party decision through its own policy (MailPolicy extends PartyPolicy)
    this.#mailOverrides = new HookIndex<MailPolicy, FaultId>([...overridesOf<MailPolicy>((f) => f.mail), ...parties]);
    this.#credentialOverrides = new HookIndex(overridesOf<CredentialPolicy>((f) => f.credentials));
    this.#provisioningOverrides = new HookIndex(overridesOf<ProvisioningPolicy>((f) => f.provisioning));
    this.#tokenOverrides = new HookIndex(overridesOf<TokenPolicy>((f) => f.token));
    this.#adminOverrides = new HookIndex(overridesOf<AdminPolicy>((f) => f.admin));
    this.#directoryOverrides = new HookIndex(overridesOf<DirectoryPolicy>((f) => f.directory));
    this.#soapOverrides = new HookIndex(overridesOf<SoapPolicy>((f) => f.soap));
    this.#restOverrides = new HookIndex(overridesOf<RestPolicy>((f) => f.rest));
    this.#smtpOverrides = new HookIndex(overridesOf<SmtpPolicy>((f) => f.smtp));
    this.#cells = new Map(replacing.flatMap((f) => ('shown' in f && f.shown ? [[cellKey(f.shown.read, f.shown.write, f.shown.field), f.id as FaultId] as const] : [])));
  }

  /**
   * For a request made on behalf of `rule`: whether the read shows a field garbled (a fault of
   * the matrix `fields` on for it). Asked at the read, so a fault's footprint is the rules whose
   * reads reach its cell.
   */
  garbles(rule: string | undefined): Garbles {
    if (this.#cells.size === 0) return () => false;
    return (read, origin, field) => {
      const id = origin === undefined ? undefined : this.#cells.get(cellKey(read, origin, field));
      return id !== undefined && this.on(id, rule);
    };
  }

  /** The mail core's policy for a request made on behalf of `rule`: the spec's, with the hooks of the faults on for it replaced. */
  mailPolicy(rule: string | undefined): MailPolicy {
    return composePolicy(SPEC_MAIL_POLICY, this.#mailOverrides, (id) => this.on(id, rule));
  }

  /** The party decision for a request made on behalf of `rule` (administration asks it; the mail core through mailPolicy). */
  partyPolicy(rule: string | undefined): PartyPolicy {
    return composePolicy(SPEC_PARTY_POLICY, this.#partyOverrides, (id) => this.on(id, rule));
  }

  /** The core's credential policy for a request made on behalf of `rule`: the spec's, with the questions of the faults on for it answered otherwise. */
  credentialPolicy(rule: string | undefined): CredentialPolicy {
    return composePolicy(SPEC_CREDENTIAL_POLICY, this.#credentialOverrides, (id) => this.on(id, rule));
  }

  /** The provisioning adapter's policy for a request made on behalf of `rule`, likewise. */
  provisioningPolicy(rule: string | undefined): ProvisioningPolicy {
    return composePolicy(SPEC_PROVISIONING_POLICY, this.#provisioningOverrides, (id) => this.on(id, rule));
  }

  /** The token endpoint's policy for a request made on behalf of `rule`, likewise. */
  tokenPolicy(rule: string | undefined): TokenPolicy {
    return composePolicy(SPEC_TOKEN_POLICY, this.#tokenOverrides, (id) => this.on(id, rule));
  }

  /** The administration interface's policy for a request made on behalf of `rule`, likewise. */
  adminPolicy(rule: string | undefined): AdminPolicy {
    return composePolicy(SPEC_ADMIN_POLICY, this.#adminOverrides, (id) => this.on(id, rule));
  }

  /** The directory's policy for a request made on behalf of `rule`, likewise. */
  directoryPolicy(rule: string | undefined): DirectoryPolicy {
    return composePolicy(SPEC_DIRECTORY_POLICY, this.#directoryOverrides, (id) => this.on(id, rule));
  }

  /** The messaging SOAP form's policy for a request made on behalf of `rule`: the request's mail policy and the form's own decisions, with the hooks of the SOAP faults on for it replaced. */
  soapPolicy(rule: string | undefined, mail: MailPolicy): SoapPolicy {
    return composePolicy<SoapPolicy, FaultId>(based(this.#soapBase, mail, SPEC_SOAP_DECISIONS), this.#soapOverrides, (id) => this.on(id, rule));
  }

  /** The messaging REST form's policy for a request made on behalf of `rule`, likewise. */
  restPolicy(rule: string | undefined, mail: MailPolicy): RestPolicy {
    return composePolicy<RestPolicy, FaultId>(based(this.#restBase, mail, SPEC_REST_DECISIONS), this.#restOverrides, (id) => this.on(id, rule));
  }

  /** The SMTP gateway's policy for a connection made on behalf of `rule`. */
  smtpPolicy(rule: string | undefined): SmtpPolicy {
    return composePolicy(SPEC_SMTP_POLICY, this.#smtpOverrides, (id) => this.on(id, rule));
  }

  static none(): Faults {
    return new Faults([]);
  }

  static fromEnv(env: NodeJS.ProcessEnv): Faults {
    const raw = (env.REFERENCE_FAULTS ?? '').trim();
    const scoped = env.REFERENCE_FAULT_SCOPE === 'rule';
    const footprint = Boolean(env.REFERENCE_FAULT_FOOTPRINT);
    if (raw === '') return new Faults([], scoped, footprint);
    if (raw === 'all') return new Faults(faultRound(Number(env.REFERENCE_FAULT_ROUND ?? 0)).map((f) => f.id), scoped, footprint);
    return new Faults(raw.split(',').map((s) => s.trim()).filter(Boolean), scoped, footprint);
  }

  /**
   * For `npm run confinement`: which rules' requests reached each fault's check in this run
   * (recorded only with REFERENCE_FAULT_FOOTPRINT set). A fault can change the answers of these
   * rules directly; others only through state they share.
   */
  footprint(): Record<string, string[]> {
    return Object.fromEntries([...(this.#footprint ?? new Map<string, Set<string>>())].map(([id, rules]) => [id, [...rules].sort()]));
  }

  get size(): number {
    return this.#active.size;
  }

  /** Whether fault `id` is on for a request made on behalf of `rule`. */
  on(id: FaultId, rule: string | undefined): boolean {
    if (this.#footprint && rule) this.#footprint.set(id, (this.#footprint.get(id) ?? new Set()).add(rule));
    const def = this.#active.get(id);
    if (!def) return false;
    return !this.#scoped || def.rule === rule;
  }
}

const cellKey = (read: string, write: string, field: string) => `${read}|${write}|${field}`;

/** The faults whose rule a run judges (the others' rules observe judges, FaultDef.observed). */
export const RUN_FAULTS: readonly FaultDef[] = FAULTS.filter((f: FaultDef) => !f.observed);

/** The k-th fault of each rule (rules with fewer faults drop out of later rounds). */
export function faultRound(k: number): FaultDef[] {
  const byRule = new Map<string, FaultDef[]>();
  for (const f of RUN_FAULTS) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  return [...byRule.values()].flatMap((list) => (list[k] ? [list[k]] : []));
}

export function faultRounds(): number {
  const counts = new Map<string, number>();
  for (const f of RUN_FAULTS) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}
