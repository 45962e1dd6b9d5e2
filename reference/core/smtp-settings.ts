import { randomBytes } from 'node:crypto';
import { ipInRange, type Domain } from './domain.js';

/**
 * Company-level SMTP gateway settings (spec §1, §4.2, B7), over the shared domain: the company
 * SMTP credentials the administration interface hands out and resets, and the exclusive IP
 * whitelist the gateway enforces. The administration routes and the SMTP gateway both use this
 * one model.
 */

/** spec §2.2 SMTPEndpoint2Model: one element per whitelist entry. */
export interface SmtpEndpoint {
  Domain: string;
  Incoming: boolean;
  IpAddress: string;
  Outgoing: boolean;
  Port: number;
  Subnet: string;
}

export interface SmtpCredentials {
  /** vendor-wire §3: `<CompanyId>` + six underscores + the company user name */
  userId: string;
  password: string;
  /** the whitelist; undefined when the company has none (B7: no restriction) */
  endpoints?: SmtpEndpoint[];
}

const newPassword = () => randomBytes(18).toString('base64url');

export class SmtpSettings {
  readonly #byCompany = new Map<number, SmtpCredentials>();

  constructor(private readonly domain: Domain) {}

  /** spec §4.2 Get company SMTP credentials (created on first request). */
  credentials(companyId: number): SmtpCredentials {
    let found = this.#byCompany.get(companyId);
    if (!found) {
      const name = (this.domain.companies.get(companyId)?.name ?? 'company').toLowerCase().replace(/\s+/g, '');
      found = { userId: `${companyId}______${name}`, password: newPassword() };
      this.#byCompany.set(companyId, found);
    }
    return found;
  }

  /** spec §4.2 Reset password: a newly generated SMTP password; the old one stops working. */
  resetPassword(companyId: number): SmtpCredentials {
    const current = this.credentials(companyId);
    let password = newPassword();
    while (password === current.password) password = newPassword();
    current.password = password;
    return current;
  }

  /** spec §4.2 Update IP whitelist: exclusive; `undefined` (an empty-string body) removes it. */
  setWhitelist(companyId: number, endpoints: SmtpEndpoint[] | undefined): SmtpCredentials {
    const current = this.credentials(companyId);
    current.endpoints = endpoints;
    return current;
  }

  /** The company whose SMTP credentials these are, if they are right. */
  authenticate(userId: string, password: string): number | undefined {
    for (const [companyId, c] of this.#byCompany) if (c.userId === userId && c.password === password) return companyId;
    return undefined;
  }

  /** B7: with a whitelist, only a listed address (IpAddress, or within Subnet) may connect. */
  allows(companyId: number, address: string): boolean {
    const endpoints = this.#byCompany.get(companyId)?.endpoints;
    if (!endpoints) return true;
    return endpoints.some((e) => (e.Subnet ? ipInRange(address, cidrOf(e.IpAddress, e.Subnet)) : address.replace(/^::ffff:/, '') === e.IpAddress));
  }

  /** Whether some company's whitelist lets this address in, for checks made before AUTH. */
  anyAllows(address: string): boolean {
    const lists = [...this.#byCompany.values()].filter((c) => c.endpoints !== undefined);
    return lists.length === 0 || [...this.#byCompany.keys()].some((id) => this.allows(id, address));
  }
}

/** A Subnet is a mask (255.255.255.0) or a prefix length (24). */
function cidrOf(ip: string, subnet: string): string {
  if (/^\d+$/.test(subnet)) return `${ip}/${subnet}`;
  const bits = subnet.split('.').reduce((n, part) => n + (Number(part) >>> 0).toString(2).replace(/0/g, '').length, 0);
  return `${ip}/${bits}`;
}
