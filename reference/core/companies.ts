import { newKey } from '../../contract/wire/envelope-crypto.js';
import type { StateChange } from '../../contract/credentials.js';
import type { CredentialPolicy } from './credential-policy.js';
import type { Company, Domain } from './domain.js';

/** The changes that hand out a new company key (spec §4.2, §4.5 Create a new encryption key). */
export type KeyChange = Extract<StateChange, 'admin-new-company-key' | 'provisioning-new-company-key'>;

/**
 * Provisioned companies and company keys, over the shared Domain (whose companies and users
 * they extend). The provisioning interface writes here; the administration interface reads the
 * AutomationId / EncryptionKey pairs from here (vendor-wire §3.1: exactly what provisioning
 * hands out as AutomationKeyModel, spec §2.4).
 */

/** A user type of the platform (its feature set, spec §7.3 TemplateNotFound). */
export interface UserTypeDef {
  code: string;
  description: string;
  /** whether it includes SecureContact functionality (spec §7.3 SecureContactProvisioningNotAllowed) */
  secureContact: boolean;
}

export const DEFAULT_USER_TYPES: readonly UserTypeDef[] = [
  { code: 'STANDARD', description: 'Standard user', secureContact: false },
  { code: 'SECURECONTACT', description: 'Secure contact portal user', secureContact: true },
];

/** Company types of the reference platform (spec §7.3 CompanyTypeNotFound); the first is the default. */
export const COMPANY_TYPES: readonly string[] = ['Standard', 'Healthcare'];

export interface CompanyUserType {
  code: string;
  licenseQuantity: number;
  /** users provisioned for this type (spec §7.3 LicenseQuantityLessThanNumberOfUsers) */
  userIds: Set<number>;
}

export interface SecureContact {
  userId: number;
  displayName: string;
  email: string;
  userTypeCode: string;
}

export interface ProvisionedCompany {
  companyId: number;
  referenceId: string;
  companyType: string;
  /** spec §3.3: 0 Active, 1 Trial, 2 Cancelled */
  status: number;
  /** as supplied, mm/dd/yyyy (spec §2.4) */
  expirationDate: string;
  billing: { monthly: boolean; years: number };
  adminUserId: number;
  userTypes: Map<string, CompanyUserType>;
  cobrand?: { color: string; url: string };
  secureContacts: SecureContact[];
  domains: string[];
  /** cancelled under the reading that Cancel deletes the company (provisioning axis cancel-effect): no longer found by name */
  deleted?: boolean;
  /** the Provision that last set its user types (reference/shown.ts: what Get user types shows) */
  typesOrigin?: string;
}

export interface CompanyKey {
  automationId: string;
  apiEncryptionKey: string;
}

interface KeyRing {
  defaultAutomationId?: string;
  latest?: string;
  keys: Map<string, string>;
  /** by AutomationId: the change that handed out its key, and the keys it replaced */
  changes: Map<string, { by: KeyChange; replaced: string[] }>;
}

export class Companies {
  readonly userTypes = new Map<string, UserTypeDef>(DEFAULT_USER_TYPES.map((t) => [t.code, t]));
  readonly companyTypes = new Set<string>(COMPANY_TYPES);
  readonly #provisioned = new Map<number, ProvisionedCompany>();
  /** every ReferenceId a Create has used, cancelled companies' included (spec §7.3 ReferenceIdAlreadyUsed) */
  readonly #referenceIds = new Set<string>();
  /** AutoSenderDomain (lower case) → company id (spec §7.3 DomainAlreadyRegistered) */
  readonly #domains = new Map<string, number>();
  readonly #rings = new Map<number, KeyRing>();
  readonly #byAutomationId = new Map<string, number>();

  constructor(
    private readonly domain: Domain,
    private readonly newAutomationId: () => string,
  ) {}

  /** A company of the domain by name, case-insensitively (spec §7.3 CompanyNotFound: 'company name'). */
  byName(name: string): Company | undefined {
    const wanted = name.trim().toLowerCase();
    for (const company of this.domain.companies.values()) if (company.name.toLowerCase() === wanted) return company;
    return undefined;
  }

  provisioned(companyId: number): ProvisionedCompany | undefined {
    return this.#provisioned.get(companyId);
  }

  all(): ProvisionedCompany[] {
    return [...this.#provisioned.values()];
  }

  byReferenceId(referenceId: string): ProvisionedCompany | undefined {
    return this.all().find((p) => p.referenceId === referenceId);
  }

  referenceIdUsed(referenceId: string): boolean {
    return this.#referenceIds.has(referenceId);
  }

  releaseReferenceId(referenceId: string): void {
    this.#referenceIds.delete(referenceId);
  }

  domainOwner(name: string): number | undefined {
    return this.#domains.get(name.toLowerCase());
  }

  /** Stores a newly provisioned company; the domain Company and admin user exist already. */
  add(company: ProvisionedCompany): void {
    this.#provisioned.set(company.companyId, company);
    this.#referenceIds.add(company.referenceId);
    for (const d of company.domains) this.#domains.set(d.toLowerCase(), company.companyId);
    this.defaultKey(company.companyId);
  }

  registerDomains(company: ProvisionedCompany, domains: string[]): void {
    for (const d of domains) this.#domains.set(d.toLowerCase(), company.companyId);
    company.domains = [...new Set([...company.domains, ...domains])];
  }

  #ring(companyId: number): KeyRing {
    let ring = this.#rings.get(companyId);
    if (!ring) this.#rings.set(companyId, (ring = { keys: new Map(), changes: new Map() }));
    return ring;
  }

  /** spec §4.5: the company's default key, created with the company (or on first ask). */
  defaultKey(companyId: number): CompanyKey {
    const ring = this.#ring(companyId);
    if (!ring.defaultAutomationId) ring.defaultAutomationId = this.newKey(companyId).automationId;
    return { automationId: ring.defaultAutomationId, apiEncryptionKey: ring.keys.get(ring.defaultAutomationId)! };
  }

  key(companyId: number, automationId: string): CompanyKey | undefined {
    const apiEncryptionKey = this.#ring(companyId).keys.get(automationId);
    return apiEncryptionKey === undefined ? undefined : { automationId, apiEncryptionKey };
  }

  /**
   * spec §4.5 / §3.2: a new key for `automationId`, replacing (invalidating) its old one; with
   * no AutomationId, a new AutomationId as well.
   */
  newKey(companyId: number, automationId?: string, by?: KeyChange): CompanyKey {
    const id = automationId ?? this.newAutomationId();
    const apiEncryptionKey = newKey();
    const ring = this.#ring(companyId);
    const old = ring.keys.get(id);
    if (by) ring.changes.set(id, { by, replaced: [...(ring.changes.get(id)?.replaced ?? []), ...(old ? [old] : [])] });
    ring.keys.set(id, apiEncryptionKey);
    this.#ring(companyId).latest = id;
    this.#byAutomationId.set(id, companyId);
    return { automationId: id, apiEncryptionKey };
  }

  /** Invalidates every key of the company but `automationId`'s, which becomes the default (provisioning axis company-keys=all). */
  keepOnly(companyId: number, automationId: string): void {
    const ring = this.#ring(companyId);
    for (const id of [...ring.keys.keys()]) {
      if (id === automationId) continue;
      ring.keys.delete(id);
      this.#byAutomationId.delete(id);
    }
    ring.defaultAutomationId = automationId;
  }

  /** The key made last for the company (not necessarily its default). */
  latestKey(companyId: number): CompanyKey | undefined {
    const latest = this.#ring(companyId).latest;
    return latest === undefined ? undefined : this.key(companyId, latest);
  }

  /**
   * The keys of an AutomationId that open an administration session (spec §4.2 Get a session key),
   * as the credential policy answers: its current key, unless the change that handed it out does
   * not reach; keys a change replaced, where the change did not end them (§3.2 'any existing key
   * is invalidated').
   */
  keysOpening(automationId: string, policy: CredentialPolicy): string[] {
    const companyId = this.#byAutomationId.get(automationId);
    const current = companyId === undefined ? undefined : this.key(companyId, automationId)?.apiEncryptionKey;
    if (companyId === undefined || current === undefined || !policy.opens('company-key', 'admin.GetSessionKey')) return [];
    const change = this.#ring(companyId).changes.get(automationId);
    const replacementOpens = !change || policy.replacementOpens(change.by, 'company-key', 'admin.GetSessionKey');
    const kept = change && !policy.ends(change.by, 'company-key', 'admin.GetSessionKey') ? change.replaced : [];
    return [...(replacementOpens ? [current] : []), ...kept];
  }

  /** For the administration interface (X-Company-Automation-Id): the company and its current key. */
  byAutomationId(automationId: string): { company: Company; key: CompanyKey } | undefined {
    const companyId = this.#byAutomationId.get(automationId);
    const company = companyId === undefined ? undefined : this.domain.companies.get(companyId);
    const key = companyId === undefined ? undefined : this.key(companyId, automationId);
    return company && key ? { company, key } : undefined;
  }
}
