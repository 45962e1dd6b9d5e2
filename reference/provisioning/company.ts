import { randomBytes } from 'node:crypto';
import { COMMANDS, COMPANY_STATUS, type ProvisioningErrorName } from '../../contract/provisioning.js';
import { COMPANY_TYPES, type CompanyUserType, type ProvisionedCompany } from '../core/companies.js';
import { asModel, checkAdmin, checkDomains, checkStatus, readUserTypes, str, type Model, type ProvisionScope } from './checks.js';
import { checkCobrand, type ContactPlan } from './cobrand.js';
import { AUTO_SENDER_DOMAINS, CANCEL_EFFECT, COMPANY_NAME_KEY, COMPANY_TYPE, CONTACTS_LEFT_OUT, EXPIRATION_TODAY, LATEST_EXPIRATION_DATE, SECURE_CONTACTS_COUNT } from '../axes/provisioning.js';
import { checkBillingInterval, checkExpirationDate } from './validate.js';

export type { ProvisionScope } from './checks.js';

/**
 * spec §4.5 Provision a company: Create, Update or Cancel, with the §7.3 conditions a request
 * can cause. Checks collect every error they find; nothing changes when there is one.
 */

export interface Outcome {
  errors: ProvisioningErrorName[];
  company?: ProvisionedCompany;
}

/** P8: the latest ExpirationDate the variant's date type holds (SQL smalldatetime ends 06/06/2079). */
const latestDate = (scope: ProvisionScope): Date | undefined =>
  scope.variant.get(LATEST_EXPIRATION_DATE) === 'smalldatetime' ? new Date(Date.UTC(2079, 5, 6)) : undefined;

/** The AccountModel fields a CompanyModel's Admin (UserModel, spec §2.4) sets on the administrator's account. */
const ADMIN_FIELDS = ['Email', 'FirstName', 'LastName'] as const;

/** The company an Update or Cancel designates (P1: by CompanyName, or by ReferenceId), unless a Cancel deleted it (P17). */
function designated(scope: ProvisionScope, m: Model): ProvisionedCompany | undefined {
  if (scope.variant.get(COMPANY_NAME_KEY) === 'ReferenceId') {
    const record = scope.companies.byReferenceId(str(m.ReferenceId).trim());
    return record && !record.deleted ? record : undefined;
  }
  return liveByName(scope, str(m.CompanyName));
}

function liveByName(scope: ProvisionScope, name: string): ProvisionedCompany | undefined {
  const wanted = name.trim().toLowerCase();
  for (const c of scope.domain.companies.values()) {
    if (c.name.toLowerCase() !== wanted) continue;
    const record = scope.companies.provisioned(c.id);
    if (record && !record.deleted) return record;
  }
  return undefined;
}

/** spec §7.3 CompanyNameAlreadyExists: any company of that name, except one a Cancel deleted (P17). */
function nameTaken(scope: ProvisionScope, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return [...scope.domain.companies.values()].some((c) => c.name.toLowerCase() === wanted && !scope.companies.provisioned(c.id)?.deleted);
}

export function provision(scope: Omit<ProvisionScope, 'command'>, command: number, input: Model, today: Date): Outcome {
  if (command === COMMANDS.Create) return create({ ...scope, command: 'create' }, input, today);
  if (command === COMMANDS.Update) return update({ ...scope, command: 'update' }, input, today);
  return cancel({ ...scope, command: 'update' }, input);
}

/** The request's policy and Command, as the date and billing checks take them (validate.ts). */
const at = (scope: ProvisionScope) => ({ policy: scope.policy, command: scope.command });

function create(scope: ProvisionScope, m: Model, today: Date): Outcome {
  const { companies, domain, policy } = scope;
  const errors: ProvisioningErrorName[] = [];
  const name = str(m.CompanyName).trim();
  const referenceId = str(m.ReferenceId).trim();
  if (!name || !referenceId) errors.push('CouldNotCreateCompany');
  if (name && nameTaken(scope, name) && policy.checks('company-name-free')) errors.push('CompanyNameAlreadyExists');
  if (referenceId && companies.referenceIdUsed(referenceId) && policy.checks('reference-id-free')) errors.push('ReferenceIdAlreadyUsed');
  const status = checkStatus(scope, m.Status ?? COMPANY_STATUS.Active, errors);
  // P11: under the 'none' reading CompanyModel has no company type field at all
  const typed = scope.variant.get(COMPANY_TYPE) !== 'none';
  const companyType = !typed || m[scope.companyTypeField] === undefined ? COMPANY_TYPES[0]! : str(m[scope.companyTypeField]);
  if (!companies.companyTypes.has(companyType) && policy.checks('company-type-known')) errors.push('CompanyTypeNotFound');
  const dateError = checkExpirationDate(m.ExpirationDate, today, latestDate(scope), scope.variant.get(EXPIRATION_TODAY), at(scope));
  if (dateError) errors.push(dateError);
  const billingError = checkBillingInterval(m.BillingInterval, at(scope));
  if (billingError) errors.push(billingError);
  checkAdmin(scope, m.Admin, undefined, errors, true);
  const userTypes = readUserTypes(scope, m.UserTypes, errors);
  // P12: a CompanyModel without AutoSenderDomains ignores the field
  const domains = scope.variant.get(AUTO_SENDER_DOMAINS) ? checkDomains(scope, m.AutoSenderDomains, undefined, errors) : [];
  const admin = asModel(m.Admin) ?? {};
  const cobrand = checkCobrand(scope, m.Cobrand, { name, companyId: undefined, userTypes, adminEmail: str(admin.Email) }, errors);
  const refused = [...new Set(errors)];
  if (refused.length > 0 && policy.refusalChangesNothing(scope.command)) return { errors: refused };
  // an Update of an unknown company that creates it (company-found unchecked) is still a Create here
  if (refused.length === 0 && !policy.acceptedTakesEffect('create')) return { errors: [] };

  const company = domain.addCompany(name);
  const adminUser = domain.addUser({
    companyId: company.id,
    username: str(admin.Email),
    email: str(admin.Email),
    password: randomBytes(18).toString('base64url'),
    firstName: str(admin.FirstName),
    lastName: str(admin.LastName),
  });
  scope.accounts.wrote(adminUser, ADMIN_FIELDS, 'provisioning.Provision:create');
  const billing = asModel(m.BillingInterval);
  const record: ProvisionedCompany = {
    companyId: company.id,
    referenceId,
    companyType,
    status,
    expirationDate: str(m.ExpirationDate),
    billing: { monthly: billing?.Monthly === true, years: Number(billing?.Years ?? 0) },
    adminUserId: adminUser.id,
    userTypes: new Map([...userTypes].map(([code, licenseQuantity]) => [code, { code, licenseQuantity, userIds: new Set<number>() }])),
    cobrand: cobrand?.cobrand,
    secureContacts: [],
    domains,
    typesOrigin: 'provisioning.Provision:create',
  };
  if (cobrand) addContacts(scope, record, cobrand.contacts);
  companies.add(record);
  return refused.length > 0 ? { errors: refused } : { errors: [], company: record };
}

function update(scope: ProvisionScope, m: Model, today: Date): Outcome {
  const { companies, domain, policy } = scope;
  const record = designated(scope, m);
  if (!record) return policy.checks('company-found') ? { errors: ['CompanyNotFound'] } : create(scope, m, today);
  const errors: ProvisioningErrorName[] = [];
  if (m.Status !== undefined) checkStatus(scope, m.Status, errors);
  if (m.ExpirationDate !== undefined) {
    const dateError = checkExpirationDate(m.ExpirationDate, today, latestDate(scope), scope.variant.get(EXPIRATION_TODAY), at(scope));
    if (dateError) errors.push(dateError);
  }
  if (m.BillingInterval !== undefined) {
    const billingError = checkBillingInterval(m.BillingInterval, at(scope));
    if (billingError) errors.push(billingError);
  }
  if (m.Admin !== undefined) checkAdmin(scope, m.Admin, record.companyId, errors, false);
  const requested = readUserTypes(scope, m.UserTypes, errors);
  // spec §8 LicenseQuantity: not less than the current number of users of that type
  for (const [code, quantity] of requested) {
    const users = record.userTypes.get(code)?.userIds.size ?? 0;
    if (!scope.policy.licenseCovers(quantity, users)) errors.push('LicenseQuantityLessThanNumberOfUsers');
  }
  const domains = scope.variant.get(AUTO_SENDER_DOMAINS) ? checkDomains(scope, m.AutoSenderDomains, record.companyId, errors) : [];
  const userTypes = new Map([...record.userTypes].map(([code, t]) => [code, t.licenseQuantity]));
  for (const [code, quantity] of requested) userTypes.set(code, quantity);
  const adminEmail = m.Admin !== undefined ? str(asModel(m.Admin)?.Email) : (domain.users.get(record.adminUserId)?.email ?? '');
  const name = domain.companies.get(record.companyId)?.name ?? '';
  const cobrand = m.Cobrand === undefined ? undefined : checkCobrand(scope, m.Cobrand, { name, companyId: record.companyId, userTypes, adminEmail }, errors);
  const refused = [...new Set(errors)];
  if (refused.length > 0 && policy.refusalChangesNothing(scope.command)) return { errors: refused };
  if (refused.length === 0 && !policy.acceptedTakesEffect('update')) return { errors: [], company: record };

  if (m.Status !== undefined) record.status = m.Status as number;
  if (m.ExpirationDate !== undefined) record.expirationDate = str(m.ExpirationDate);
  if (m.BillingInterval !== undefined) {
    const b = m.BillingInterval as { Monthly: boolean; Years: number };
    record.billing = { monthly: b.Monthly, years: b.Years };
  }
  const adminUser = domain.users.get(record.adminUserId);
  const admin = asModel(m.Admin);
  if (admin && adminUser && policy.updateAppliesAdmin()) {
    scope.accounts.renamed(adminUser, { email: str(admin.Email), firstName: str(admin.FirstName), lastName: str(admin.LastName) });
    scope.accounts.wrote(adminUser, ADMIN_FIELDS, 'provisioning.Provision:update');
  }
  if (requested.size > 0) record.typesOrigin = 'provisioning.Provision:update';
  for (const [code, quantity] of requested) {
    const existing: CompanyUserType = record.userTypes.get(code) ?? { code, licenseQuantity: quantity, userIds: new Set() };
    existing.licenseQuantity = quantity;
    record.userTypes.set(code, existing);
  }
  companies.registerDomains(record, domains);
  if (cobrand) record.cobrand = cobrand.cobrand;
  // P4: a Cobrand without SecureContacts keeps the contacts, or (the other reading) removes them
  if (cobrand?.contactsGiven || (cobrand && scope.variant.get(CONTACTS_LEFT_OUT) === 'remove')) {
    for (const t of record.userTypes.values()) for (const c of record.secureContacts) t.userIds.delete(c.userId);
    record.secureContacts = [];
    addContacts(scope, record, cobrand.contacts);
  }
  return refused.length > 0 ? { errors: refused } : { errors: [], company: record };
}

function cancel(scope: ProvisionScope, m: Model): Outcome {
  const record = designated(scope, m);
  if (!record) return { errors: ['CompanyNotFound'] };
  const status = scope.policy.cancelledStatus();
  if (status !== undefined) {
    record.status = status;
    // P17: under the 'deleted' reading the company is gone: Update and Cancel no longer find it, its name is free
    if (scope.variant.get(CANCEL_EFFECT) === 'deleted') record.deleted = true;
  }
  if (!scope.policy.referenceIdStaysUsed()) scope.companies.releaseReferenceId(record.referenceId);
  return { errors: [], company: record };
}

/** Secure contacts become users of their user type, each using one of its licenses (spec §8). */
function addContacts(scope: ProvisionScope, record: ProvisionedCompany, contacts: ContactPlan[]): void {
  for (const contact of contacts) {
    const user =
      scope.domain.findUserByEmail(contact.email) ??
      scope.domain.addUser({
        companyId: record.companyId,
        username: contact.email,
        email: contact.email,
        password: randomBytes(18).toString('base64url'),
        firstName: contact.displayName,
        lastName: '',
      });
    // P5: whether a SecureContact is one of the users of its type is the variant's reading
    if (scope.variant.get(SECURE_CONTACTS_COUNT)) record.userTypes.get(contact.userTypeCode)?.userIds.add(user.id);
    record.secureContacts.push({ userId: user.id, ...contact });
  }
}

/** The company as the response's Data shows it (profile provisioning.companyInResponse). */
export function companyView(scope: Omit<ProvisionScope, 'command'>, record: ProvisionedCompany): Model {
  const admin = scope.domain.users.get(record.adminUserId);
  return {
    ReferenceId: record.referenceId,
    CompanyName: scope.domain.companies.get(record.companyId)?.name,
    ExpirationDate: record.expirationDate,
    Status: record.status,
    Admin: admin ? { Email: admin.email, FirstName: admin.firstName, LastName: admin.lastName } : null,
    UserTypes: [...record.userTypes.values()].map((t) => ({ UserTypeCode: t.code, LicenseQuantity: t.licenseQuantity })),
    BillingInterval: { Monthly: record.billing.monthly, Years: record.billing.years },
    Cobrand: record.cobrand
      ? { Color: record.cobrand.color, Url: record.cobrand.url, SecureContacts: record.secureContacts.map((c) => ({ DisplayName: c.displayName, Email: c.email, UserTypeCode: c.userTypeCode })) }
      : null,
    ...(scope.variant.get(AUTO_SENDER_DOMAINS) ? { AutoSenderDomains: record.domains } : {}),
    ...(scope.variant.get(COMPANY_TYPE) !== 'none' ? { [scope.companyTypeField]: record.companyType } : {}),
  };
}
