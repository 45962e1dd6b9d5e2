import type { Clock } from './clock.js';
import { Ids } from './ids.js';
import type { CoreReadings } from './readings.js';
import type { StateChange } from '../../contract/credentials.js';

/**
 * The shared domain core: companies, users and their credential state. Every interface module
 * (token, messaging, administration, provisioning) reads and changes this one model, so a key
 * obtained on one interface is valid on another (spec §4.2) and a company provisioned on one is
 * administered on another.
 */
export interface Company {
  id: number;
  name: string;
}

export interface MfaSetting {
  method: 'Auth' | 'Email';
  /** base32 TOTP secret for the authenticator-app route (B2) */
  totpSecret?: string;
}

export interface User {
  id: number;
  companyId: number;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  disabled: boolean;
  passwordExpired: boolean;
  /** spec §5.7: a user must be authorized to use the web service API */
  apiEnabled: boolean;
  /** IPv4 CIDR ranges the user may sign in from; empty means anywhere (spec §7.1 IpRestriction) */
  allowedIps: string[];
  mfa?: MfaSetting;
  failedAttempts: number;
  lockedOut: boolean;
  /** the password Change password replaced, and through which form (spec §4.3, §5 item 6) */
  replacedPassword?: ReplacedPassword;
  /** disabled through Update a user account (spec §4.2), not from the start */
  disabledByUpdate?: boolean;
}

/** A password Change password replaced, and through which form (kept for the credential policy's question). */
export interface ReplacedPassword {
  readonly password: string;
  readonly change: Extract<StateChange, 'rest-change-password' | 'soap-change-password'>;
}

export type NewUser = Pick<User, 'companyId' | 'username' | 'email' | 'password'> & Partial<User>;

export class Domain {
  readonly ids: Ids;
  readonly companies = new Map<number, Company>();
  readonly users = new Map<number, User>();
  /** users Delete a user account removed (spec §4.2), kept for the credential policy's question */
  readonly removed = new Map<number, User>();

  constructor(
    readonly clock: Clock,
    /** the readings of the spec's silences, resolved once at start (reference/readings.ts) */
    readonly readings: CoreReadings,
    /** bad secrets before an account locks (the spec names the error, not the count) */
    readonly lockoutThreshold = 5,
  ) {
    this.ids = new Ids(readings.ids);
  }

  addCompany(name: string): Company {
    const company = { id: this.ids.next('company'), name };
    this.companies.set(company.id, company);
    return company;
  }

  addUser(fields: NewUser): User {
    const user: User = {
      firstName: 'Test',
      lastName: 'User',
      verified: true,
      disabled: false,
      passwordExpired: false,
      apiEnabled: true,
      allowedIps: [],
      failedAttempts: 0,
      lockedOut: false,
      ...fields,
      id: this.ids.next('user'),
    };
    this.users.set(user.id, user);
    return user;
  }

  /** By user name or e-mail address, case-insensitively (spec §2.1 client_id, §2.3 UserIdOrEmail). */
  findUser(login: string): User | undefined {
    const wanted = login.trim().toLowerCase();
    for (const user of this.users.values()) {
      if (user.username.toLowerCase() === wanted || user.email.toLowerCase() === wanted) return user;
    }
    return undefined;
  }

  /** A removed user by user name or e-mail address (the credential policy asks whether a log-on still finds it). */
  findRemovedUser(login: string): User | undefined {
    const wanted = login.trim().toLowerCase();
    for (const user of this.removed.values()) {
      if (user.username.toLowerCase() === wanted || user.email.toLowerCase() === wanted) return user;
    }
    return undefined;
  }

  findUserByEmail(email: string): User | undefined {
    const wanted = email.trim().toLowerCase();
    for (const user of this.users.values()) if (user.email.toLowerCase() === wanted) return user;
    return undefined;
  }
}

/** Whether an IPv4 address (possibly IPv4-mapped IPv6) lies in a CIDR range. */
export function ipInRange(address: string, cidr: string): boolean {
  const v4 = address.replace(/^::ffff:/, '');
  const [base, bitsText] = cidr.split('/');
  const bits = Number(bitsText ?? 32);
  const toInt = (ip: string) => ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(v4) || !base) return false;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (toInt(v4) & mask) === (toInt(base) & mask);
}
