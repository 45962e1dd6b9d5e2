import type { ProvisioningErrorName } from '../../contract/provisioning.js';
import type { AccountDirectory } from '../core/accounts.js';
import type { Companies } from '../core/companies.js';
import type { Domain } from '../core/domain.js';
import type { AxisReader } from '../axes/axis.js';
import type { ProvisionCommand, ProvisioningPolicy } from './policy.js';
import { EMAIL_VALIDATION } from '../axes/provisioning.js';
import { wellFormedDomain, wellFormedEmail } from './validate.js';

/** The CompanyModel field checks of spec §7.3 shared by Create and Update (reference/provisioning/company.ts). */

export type Model = Record<string, unknown>;

export interface ProvisionScope {
  domain: Domain;
  companies: Companies;
  /** administration's view of the users: the administrator's AccountModel follows an Update; the origin of its fields (reference/shown.ts) */
  accounts: AccountDirectory;
  /** the key under which a target names a company type (profile provisioning.companyType.field) */
  companyTypeField: string;
  /** the reference's readings of the spec's silences (reference/provisioning/readings.ts) */
  variant: AxisReader;
  /** the request's decisions on the spec's limits (policy.ts): the spec's, with the hooks of the faults on for its rule replaced */
  policy: ProvisioningPolicy;
  /** the Command being carried out, for the hooks Create and Update share */
  command: ProvisionCommand;
}

/** spec §7.3 InvalidEmailAddress under the variant's reading of 'well-formed' (P16). */
export const emailOk = (scope: { policy: ProvisioningPolicy; variant: AxisReader }, value: unknown): boolean =>
  wellFormedEmail(value, scope.variant.get(EMAIL_VALIDATION) === 'lenient', scope.policy);

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const asModel = (v: unknown): Model | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Model) : undefined);

/** spec §2.4 UserTypes: known codes (UserTypeNotFound) with whole, non-negative quantities. */
export function readUserTypes(scope: ProvisionScope, value: unknown, errors: ProvisioningErrorName[]): Map<string, number> {
  const out = new Map<string, number>();
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value)) {
    errors.push('CouldNotCreateType');
    return out;
  }
  for (const item of value) {
    const code = str(asModel(item)?.UserTypeCode);
    const quantity = asModel(item)?.LicenseQuantity;
    if (!scope.companies.userTypes.has(code) && scope.policy.checks('user-type-known')) errors.push('UserTypeNotFound');
    else if (!Number.isInteger(quantity) || (quantity as number) < 0) errors.push('CouldNotCreateType');
    else out.set(code, quantity as number);
  }
  return out;
}

/** spec §7.3 Admin / User rows for the administrator's e-mail address. */
export function checkAdmin(scope: ProvisionScope, value: unknown, companyId: number | undefined, errors: ProvisioningErrorName[], onCreate: boolean): void {
  const admin = asModel(value);
  const failed: ProvisioningErrorName[] = [];
  if (!admin) failed.push('CouldNotCreateUser');
  else if (!emailOk(scope, admin.Email)) failed.push('InvalidEmailAddress');
  else {
    const existing = scope.domain.findUserByEmail(str(admin.Email));
    if (existing && existing.companyId !== companyId && scope.policy.checks('admin-in-company')) failed.push('UserNotInCompany');
  }
  // spec §7.3: CouldNotCreateAdmin is 'accompanied by a User error'
  if (failed.length) errors.push(onCreate ? 'CouldNotCreateAdmin' : 'CouldNotUpdateUser', ...failed);
}

export function checkDomains(scope: ProvisionScope, value: unknown, companyId: number | undefined, errors: ProvisioningErrorName[]): string[] {
  if (value === undefined || value === null) return [];
  const domains = Array.isArray(value) ? value : [value];
  for (const d of domains) {
    if (!wellFormedDomain(d)) errors.push('UnableToRegisterDomain');
    else {
      const owner = scope.companies.domainOwner(d);
      if (owner !== undefined && owner !== companyId && scope.policy.checks('domain-free')) errors.push('DomainAlreadyRegistered');
    }
  }
  return domains.filter(wellFormedDomain);
}

/** spec §3.3, §7.3 UnknownCompanyStatus: 'Status other than 0, 1, 2' (the policy's statusKnown). */
export function checkStatus(scope: ProvisionScope, value: unknown, errors: ProvisioningErrorName[]): number {
  if (!scope.policy.statusKnown(value, scope.command)) errors.push('UnknownCompanyStatus');
  return value as number;
}
