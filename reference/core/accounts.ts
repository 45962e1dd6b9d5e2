import { newKey } from '../../contract/wire/envelope-crypto.js';
import type { Companies } from './companies.js';
import type { Credentials } from './credentials.js';
import type { Domain, User } from './domain.js';

/**
 * The administration interface's view of company user accounts (spec §2.2, §4.2), over the
 * shared Domain: the AccountModel fields the domain does not hold, user types by TypeId, the
 * administrators, user PSKs and the AutomationId each administration session came through.
 * Users created here are ordinary domain users, so they log on through messaging and the token
 * endpoint, and provisioning counts them against their type's licenses (spec §8).
 */

/** AccountModel fields beyond the domain's (spec §2.2; vendor-wire §3 adds Phone, EmployeeId…). */
export interface AccountExtras {
  singleSignOnId: string | null;
  userTypeId: number;
  buttonUser: boolean;
  phone: string | null;
  employeeId: string | null;
  miscellaneous: string | null;
  receiveOffers: boolean;
  /** the stored UserId (null or blank when an update left it so); the domain user name follows it */
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface UserTypeView {
  typeId: number;
  code: string;
  description: string;
}

export interface Identity {
  UID?: unknown;
  Email?: unknown;
  UserId?: unknown;
  SingleSignOnId?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const same = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

export class AccountDirectory {
  readonly #extras = new Map<number, AccountExtras>();
  readonly #administrators = new Set<number>();
  readonly #psk = new Map<number, string>();
  /** session key → AutomationId it was obtained with (Create a new encryption key replaces that one) */
  readonly #sessionAutomation = new Map<string, string>();
  readonly #seenKeys = new Map<string, string[]>();
  readonly #adminOnly = new Map<string, number>();
  readonly #hidden = new Set<number>();
  /** per-company TypeId bases, by CompanyId (typeIdScope per-company) */
  readonly #typeIdBases = new Map<number, number>();
  /** user id → AccountModel field → the write that last wrote it (reference/shown.ts) */
  readonly #origins = new Map<number, Map<string, string>>();

  constructor(
    private readonly domain: Domain,
    private readonly companies: Companies,
    /**
     * silence user-type-id-scope (spec §2.2 'UserTypeModel … Its fields: not shown'; nothing says
     * a TypeId means the same type in every company): one numbering for the platform, or each
     * company numbering its own types from a base of its own (clarification I1).
     */
    private readonly typeIdScope: 'global' | 'per-company' = 'global',
  ) {}

  /** The platform's user types with stable TypeIds (1, 2, … in the platform's order). */
  platformTypes(): UserTypeView[] {
    return [...this.companies.userTypes.values()].map((t, i) => ({ typeId: i + 1, code: t.code, description: t.description }));
  }

  /**
   * spec §4.2 Get user types: those provisioned for the company; every platform type for a
   * company not provisioned. Per company, the ids are the company's own: a base the company gets
   * when its types are first read (100, 200, … in that order) plus the platform's number, so no
   * company's TypeId names a type of another, none moves when an Update adds a type, and every id
   * stays an int (spec §2.2 UserTypeId int) however large the CompanyIds are (ids.* axes).
   */
  companyTypes(companyId: number): UserTypeView[] {
    const provisioned = this.companies.provisioned(companyId);
    const all = this.platformTypes();
    const own = provisioned ? all.filter((t) => provisioned.userTypes.has(t.code)) : all;
    if (this.typeIdScope === 'global') return own;
    const base = this.#typeIdBase(companyId);
    return own.map((t) => ({ ...t, typeId: base + t.typeId }));
  }

  #typeIdBase(companyId: number): number {
    let base = this.#typeIdBases.get(companyId);
    if (base === undefined) this.#typeIdBases.set(companyId, (base = (this.#typeIdBases.size + 1) * 100));
    return base;
  }

  makeAdministrator(user: User): void {
    this.#administrators.add(user.id);
  }

  /** The company's administrator: one made so here, or the provisioned company's Admin (spec §2.4). */
  isAdministrator(user: User): boolean {
    return this.#administrators.has(user.id) || this.companies.provisioned(user.companyId)?.adminUserId === user.id;
  }

  extras(user: User): AccountExtras {
    let found = this.#extras.get(user.id);
    if (!found) {
      found = {
        singleSignOnId: null,
        userTypeId: this.companyTypes(user.companyId)[0]?.typeId ?? 1,
        buttonUser: false,
        phone: null,
        employeeId: null,
        miscellaneous: null,
        receiveOffers: false,
        userId: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
      };
      this.#extras.set(user.id, found);
    }
    return found;
  }

  /** Records that `origin` (a write of the matrix `fields`) wrote these AccountModel fields of the user. */
  wrote(user: User, fields: readonly string[], origin: string): void {
    const known = this.#origins.get(user.id) ?? new Map<string, string>();
    for (const f of fields) known.set(f, origin);
    this.#origins.set(user.id, known);
  }

  /** The write that last wrote an AccountModel field of the user, if one of the matrix did. */
  origin(user: User, field: string): string | undefined {
    return this.#origins.get(user.id)?.get(field);
  }

  /**
   * The names of a user changed outside administration (provisioning's Update of a company's
   * administrator): the AccountModel fields follow, so View shows what the domain holds.
   */
  renamed(user: User, names: { email: string; firstName: string; lastName: string }): void {
    Object.assign(user, { email: names.email, username: names.email, firstName: names.firstName, lastName: names.lastName });
    const x = this.#extras.get(user.id);
    if (x) Object.assign(x, { email: names.email, userId: names.email, firstName: names.firstName, lastName: names.lastName });
  }

  /** `counted` false leaves the user out of the §8 LicenseQuantity count of its type. */
  setExtras(user: User, extras: AccountExtras, counted = true): void {
    const before = this.#extras.get(user.id)?.userTypeId;
    this.#extras.set(user.id, extras);
    user.username = extras.userId ?? '';
    user.email = extras.email ?? '';
    user.firstName = extras.firstName ?? '';
    user.lastName = extras.lastName ?? '';
    if (before !== extras.userTypeId && counted) this.#countType(user, extras.userTypeId);
  }

  /** spec §8 LicenseQuantity: provisioning counts the users of each type of a provisioned company. */
  #countType(user: User, typeId: number): void {
    const record = this.companies.provisioned(user.companyId);
    if (!record) return;
    for (const t of record.userTypes.values()) t.userIds.delete(user.id);
    const code = this.companyTypes(user.companyId).find((t) => t.typeId === typeId)?.code;
    if (code) record.userTypes.get(code)?.userIds.add(user.id);
  }

  /** A user of `companyId` named by any identity field (spec §2.2 IdentityModel); every given field must agree. */
  find(companyId: number, identity: Identity): User | undefined {
    const uid = typeof identity.UID === 'number' && identity.UID > 0 ? identity.UID : undefined;
    const email = text(identity.Email);
    const userId = text(identity.UserId);
    const sso = text(identity.SingleSignOnId);
    if (uid === undefined && !email && !userId && !sso) return undefined;
    for (const user of this.domain.users.values()) {
      if (user.companyId !== companyId || this.#hidden.has(user.id)) continue;
      const x = this.extras(user);
      if (uid !== undefined && user.id !== uid) continue;
      if (email && !same(x.email, email)) continue;
      if (userId && !same(x.userId, userId)) continue;
      if (sso && !same(x.singleSignOnId, sso)) continue;
      return user;
    }
    return undefined;
  }

  /** Whether a login name (e-mail address or user id) is another user's, of any company (log on reads both, spec §2.3). */
  taken(value: string, except?: number): boolean {
    for (const user of this.domain.users.values()) {
      if (user.id !== except && (same(user.email, value) || same(user.username, value))) return true;
    }
    return false;
  }

  remove(user: User): void {
    const record = this.companies.provisioned(user.companyId);
    if (record) for (const t of record.userTypes.values()) t.userIds.delete(user.id);
    this.domain.removed.set(user.id, user);
    this.#extras.delete(user.id);
    this.#origins.delete(user.id);
    this.#psk.delete(user.id);
    this.#administrators.delete(user.id);
    this.domain.users.delete(user.id);
  }

  /** A new PSK for the user, replacing the old one. */
  newUserKey(user: User): string {
    this.#psk.set(user.id, newKey());
    return this.#psk.get(user.id)!;
  }

  visible(user: User): boolean {
    return !this.#hidden.has(user.id);
  }

  /** Hides the account from the administration interface only (it stays a user of the domain). */
  hide(user: User): void {
    this.#hidden.add(user.id);
  }

  /** spec §4.2 Get an encryption key (PSK): the user's key, generated if absent. */
  userKey(user: User): string {
    let key = this.#psk.get(user.id);
    if (!key) this.#psk.set(user.id, (key = newKey()));
    return key;
  }

  /** The company's administrator, if it has one. */
  administratorOf(companyId: number): User | undefined {
    for (const user of this.domain.users.values()) if (user.companyId === companyId && this.isAdministrator(user)) return user;
    return undefined;
  }

  /** A user of any company with this identity. */
  anyUserIdBy(identity: Identity): number | undefined {
    for (const companyId of this.domain.companies.keys()) {
      const user = this.find(companyId, identity);
      if (user) return user.id;
    }
    return undefined;
  }

  /** Records a key seen for an AutomationId; previousKeys lists them, the current one included. */
  seenKey(automationId: string, key: string): void {
    const list = this.#seenKeys.get(automationId) ?? [];
    if (!list.includes(key)) this.#seenKeys.set(automationId, [...list, key]);
  }

  previousKeys(automationId: string): string[] {
    return this.#seenKeys.get(automationId) ?? [];
  }

  /** Moves a session out of the shared credentials: it then opens administration only. */
  adminOnly(sessionKey: string, credentials: Credentials): void {
    const session = credentials.session(sessionKey);
    if (session && 'user' in session) this.#adminOnly.set(sessionKey, session.user.id);
    credentials.forget(sessionKey);
  }

  adminOnlyUser(sessionKey: string): User | undefined {
    const id = this.#adminOnly.get(sessionKey);
    return id === undefined ? undefined : this.domain.users.get(id);
  }

  rememberSession(sessionKey: string, automationId: string): void {
    this.#sessionAutomation.set(sessionKey, automationId);
  }

  sessionAutomationId(sessionKey: string): string | undefined {
    return this.#sessionAutomation.get(sessionKey);
  }
}
