import { randomBytes } from 'node:crypto';
import { ipInRange, type Domain } from './domain.js';
import type { SmtpSettingsReadings } from './readings.js';
import type { StateChange } from '../../contract/credentials.js';
import type { CredentialPolicy } from './credential-policy.js';
import type { SmtpEndpoint } from '../../contract/account.js';
import type { Reading } from '../../contract/silences/index.js';

/**
 * Company-level SMTP gateway settings (spec §1, §4.2, B7), over the shared domain: the company
 * SMTP credentials the administration interface hands out and resets, and the exclusive IP
 * whitelist the gateway enforces. The administration routes and the SMTP gateway both use this
 * one model.
 */

export type { SmtpEndpoint } from '../../contract/account.js';

export interface SmtpCredentials {
  /** vendor-wire §3: `<CompanyId>` + six underscores + the company user name */
  userId: string;
  password: string;
  /** the whitelist; undefined when the company has none (B7: no restriction) */
  endpoints?: SmtpEndpoint[];
  /** the change whose answer handed these credentials out last (the credential policy asks whether they open the gateway) */
  answeredBy?: SmtpChange;
}

/** The changes that answer SMTP credentials (spec §4.2 Reset password, Update IP whitelist). */
export type SmtpChange = Extract<StateChange, 'smtp-reset' | 'whitelist-update'>;

const newPassword = () => randomBytes(18).toString('base64url');

export class SmtpSettings {
  readonly #byCompany = new Map<number, SmtpCredentials>();
  /** every password each company was given, oldest first */
  readonly #issued = new Map<number, string[]>();
  /** every whitelist each company set, oldest first */
  readonly #lists = new Map<number, SmtpEndpoint[][]>();
  /** passwords a change replaced, and the change */
  readonly #replaced = new Map<number, { password: string; by: SmtpChange }[]>();
  readonly readings: SmtpSettingsReadings;

  constructor(private readonly domain: Domain) {
    this.readings = domain.readings.smtp;
  }

  /** spec §4.2 Get company SMTP credentials (created on first request). */
  credentials(companyId: number): SmtpCredentials {
    let found = this.#byCompany.get(companyId);
    if (!found) {
      const name = (this.domain.companies.get(companyId)?.name ?? 'company').toLowerCase().replace(/\s+/g, '');
      found = { userId: `${companyId}______${name}`, password: newPassword() };
      this.#byCompany.set(companyId, found);
      this.#issued.set(companyId, [found.password]);
    }
    return found;
  }

  /** spec §4.2 Reset password: a newly generated SMTP password; the old one stops working. */
  resetPassword(companyId: number, by: SmtpChange = 'smtp-reset'): SmtpCredentials {
    const current = this.credentials(companyId);
    let password = newPassword();
    while (password === current.password) password = newPassword();
    this.#replaced.set(companyId, [...(this.#replaced.get(companyId) ?? []), { password: current.password, by }]);
    current.password = password;
    current.answeredBy = by;
    this.#issued.get(companyId)!.push(password);
    return current;
  }

  /**
   * spec §4.2 Update IP whitelist: exclusive; `undefined` (an empty-string body) removes it,
   * which means no restriction or no address at all (B7 open question; a reading). Whether the
   * password is renewed too ('existing SMTP credentials are overwritten') is a reading too.
   */
  setWhitelist(companyId: number, endpoints: SmtpEndpoint[] | undefined): SmtpCredentials {
    const current = this.credentials(companyId);
    if (endpoints === undefined) current.endpoints = this.readings.removedWhitelist === 'accept-nobody' ? [] : undefined;
    else {
      current.endpoints = endpoints.map((e) => ({ ...e }));
      this.#lists.set(companyId, [...(this.#lists.get(companyId) ?? []), current.endpoints]);
    }
    if (this.readings.renewPasswordOnWhitelist) return this.resetPassword(companyId, 'whitelist-update');
    current.answeredBy = 'whitelist-update';
    return current;
  }

  /**
   * The company whose SMTP credentials these are, if they open the gateway (spec §1, §4.2), as the
   * credential policy answers: the current ones, unless the change that answered them does not
   * reach; ones a change replaced, where the change did not end them.
   */
  authenticate(userId: string, password: string, policy: CredentialPolicy): number | undefined {
    for (const [companyId, c] of this.#byCompany) {
      if (c.userId !== userId || !policy.opens('smtp-credentials', 'smtp.AUTH')) continue;
      if (c.password === password) return !c.answeredBy || policy.replacementOpens(c.answeredBy, 'smtp-credentials', 'smtp.AUTH') ? companyId : undefined;
      const old = this.#replaced.get(companyId)?.find((r) => r.password === password);
      if (old && !policy.ends(old.by, 'smtp-credentials', 'smtp.AUTH')) return companyId;
    }
    return undefined;
  }

  /** The company an SMTP user id belongs to, right password or not. */
  companyOf(userId: string): number | undefined {
    for (const [companyId, c] of this.#byCompany) if (c.userId === userId) return companyId;
    return undefined;
  }

  /** Every password the company was ever given, oldest first. */
  issuedPasswords(companyId: number): readonly string[] {
    return this.#issued.get(companyId) ?? [];
  }

  /** Every whitelist the company ever set, oldest first (removals are not lists). */
  listsSet(companyId: number): readonly SmtpEndpoint[][] {
    return this.#lists.get(companyId) ?? [];
  }

  /** B7: with a whitelist, only a listed address (IpAddress, or within Subnet) may connect. */
  allows(companyId: number, address: string): boolean {
    const endpoints = this.#byCompany.get(companyId)?.endpoints;
    if (!endpoints) return true;
    return endpoints.some((e) => admits(e, address, this.readings.subnetForm));
  }

  /** Whether some company's whitelist lets this address in, for checks made before AUTH. */
  anyAllows(address: string): boolean {
    const lists = [...this.#byCompany.values()].filter((c) => c.endpoints !== undefined);
    return lists.length === 0 || [...this.#byCompany.keys()].some((id) => this.allows(id, address));
  }
}

/**
 * Whether one whitelist entry admits an address. Its Subnet is a dotted mask (255.255.255.0) or a
 * prefix length (24), as the reading has it; empty, it names the IpAddress alone; in the other
 * form, the entry admits nothing.
 */
export function admits(e: SmtpEndpoint, address: string, form: Reading<'smtp-whitelist-entry'>): boolean {
  const ip = address.replace(/^::ffff:/, '');
  if (!e.Subnet) return ip === e.IpAddress;
  const bits = form === 'prefix-length' ? prefixLength(e.Subnet) : maskLength(e.Subnet);
  return bits !== undefined && ipInRange(ip, `${e.IpAddress}/${bits}`);
}

const prefixLength = (subnet: string) => (/^\d{1,2}$/.test(subnet) && Number(subnet) <= 32 ? Number(subnet) : undefined);

function maskLength(subnet: string): number | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(subnet)) return undefined;
  const bits = subnet.split('.').map((p) => (Number(p) >>> 0).toString(2).padStart(8, '0')).join('');
  return /^1*0*$/.test(bits) ? bits.indexOf('0') === -1 ? 32 : bits.indexOf('0') : undefined;
}
