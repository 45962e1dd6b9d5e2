import { COMPANY_STATUS, type ProvisioningErrorName } from '../../contract/provisioning.js';
import type { Companies } from '../core/companies.js';
import type { Domain } from '../core/domain.js';
import type { AxisReader } from '../axes/axis.js';
import { emailOk } from './checks.js';
import type { ProvisionCommand, ProvisioningPolicy } from './policy.js';
import { ADMIN_AS_SECURE_CONTACT, CONTACT_WITHOUT_COBRAND, SECURE_CONTACTS_SHAPE } from '../axes/provisioning.js';
import { hexColour, nonEmpty } from './validate.js';

/** spec §2.4 CobrandModel and the §7.3 Cobrand rows, §8 cobrand uniqueness and SecureContacts limit. */

export interface ContactPlan {
  displayName: string;
  email: string;
  userTypeCode: string;
}

interface CobrandScope {
  domain: Domain;
  companies: Companies;
  variant: AxisReader;
  policy: ProvisioningPolicy;
  command: ProvisionCommand;
}

interface Subject {
  name: string;
  /** the company being updated; undefined on create */
  companyId: number | undefined;
  /** user type code → LicenseQuantity, as they will be after the request */
  userTypes: Map<string, number>;
  adminEmail: string;
}

function contactsOf(value: unknown): Array<Record<string, unknown>> {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((c): c is Record<string, unknown> => !!c && typeof c === 'object');
}

/**
 * Checks a request's Cobrand; returns what to store, or undefined when there is none or an
 * error was pushed. Reading (docs/clarifications.md, Provisioning): a Cobrand carrying only
 * SecureContacts is a SecureContact without a cobrand; one with Url or Color but not both is
 * incomplete.
 */
export function checkCobrand(
  scope: CobrandScope,
  value: unknown,
  subject: Subject,
  errors: ProvisioningErrorName[],
): { cobrand: { color: string; url: string }; contacts: ContactPlan[]; contactsGiven: boolean } | undefined {
  if (value === undefined || value === null) return undefined;
  const { policy } = scope;
  const cobrand = typeof value === 'object' ? (value as Record<string, unknown>) : {};
  // P2: one SecureContactModel (spec §2.4); the default reading takes a list too, the other refuses it
  if (Array.isArray(cobrand.SecureContacts) && scope.variant.get(SECURE_CONTACTS_SHAPE) === 'model-only') {
    errors.push('CouldNotCreateCobrand');
    return undefined;
  }
  const contacts = contactsOf(cobrand.SecureContacts);
  const hasUrl = nonEmpty(cobrand.Url);
  const hasColor = nonEmpty(cobrand.Color);
  if (!hasUrl && !hasColor) {
    // spec §2.4 requires Url and Color of a Cobrand that carries SecureContacts; a server that does not check it provisions them
    if (contacts.length > 0 && !policy.checks('cobrand-for-contacts')) {
      return { cobrand: { color: '#000000', url: '' }, contacts: checkContacts(scope, contacts, subject, errors), contactsGiven: true };
    }
    // P3: a SecureContact without a cobrand fits both rows; the variant picks one
    errors.push(contacts.length > 0 ? scope.variant.get(CONTACT_WITHOUT_COBRAND) : 'IncompleteCobrandData');
    return undefined;
  }
  if (!hasUrl || (!hasColor && policy.checks('cobrand-color'))) {
    errors.push('IncompleteCobrandData');
    return undefined;
  }
  const color = hasColor ? (cobrand.Color as string) : '#000000';
  if (!hexColour(color)) errors.push('CouldNotCreateCobrand');

  // spec §8 cobrand uniqueness: the policy's cobrandClash compares the first 8 characters
  for (const other of scope.companies.all()) {
    if (other.companyId === subject.companyId || !other.cobrand || other.status === COMPANY_STATUS.Cancelled) continue;
    const otherName = scope.domain.companies.get(other.companyId)?.name ?? '';
    if (scope.policy.cobrandClash(subject.name, otherName, scope.command)) {
      errors.push('CobrandExists');
      break;
    }
  }

  const plans = checkContacts(scope, contacts, subject, errors);
  // spec §2.4: SecureContacts is the one optional part; left out, the company keeps its contacts
  const contactsGiven = cobrand.SecureContacts !== undefined && cobrand.SecureContacts !== null;
  return { cobrand: { color, url: cobrand.Url as string }, contacts: plans, contactsGiven };
}

function checkContacts(scope: CobrandScope, contacts: Array<Record<string, unknown>>, subject: Subject, errors: ProvisioningErrorName[]): ContactPlan[] {
  if (contacts.length === 0) return [];
  const { policy } = scope;
  const capable = [...subject.userTypes.keys()].some((code) => scope.companies.userTypes.get(code)?.secureContact);
  if (!capable && policy.checks('secure-contact-allowed')) {
    errors.push('SecureContactProvisioningNotAllowed');
    return [];
  }
  const plans: ContactPlan[] = [];
  const perType = new Map<string, number>();
  for (const c of contacts) {
    const plan = { displayName: typeof c.DisplayName === 'string' ? c.DisplayName : '', email: typeof c.Email === 'string' ? c.Email : '', userTypeCode: typeof c.UserTypeCode === 'string' ? c.UserTypeCode : '' };
    if (!subject.userTypes.has(plan.userTypeCode)) {
      errors.push('UserTypeNotFound');
      continue;
    }
    if (!emailOk(scope, plan.email)) {
      errors.push('InvalidEmailAddress');
      continue;
    }
    // P6: spec §7.3 CouldNotAddUserToUserType 'in the administrative role': the reference refuses the
    // administrator's own address, or (the other reading) accepts it
    if (plan.email.toLowerCase() === subject.adminEmail.toLowerCase()) {
      const error = policy.adminContactError();
      if (error) {
        errors.push(error);
        continue;
      }
      if (scope.variant.get(ADMIN_AS_SECURE_CONTACT) === 'refused') {
        errors.push('CouldNotAddUserToUserType');
        continue;
      }
    }
    const existing = scope.domain.findUserByEmail(plan.email);
    if (existing && existing.companyId !== subject.companyId) {
      errors.push('UserNotInCompany');
      continue;
    }
    perType.set(plan.userTypeCode, (perType.get(plan.userTypeCode) ?? 0) + 1);
    plans.push(plan);
  }
  // spec §8 SecureContacts: no more than the licenses of the specified user type
  for (const [count, licenses] of policy.contactLicenseGroups(perType, subject.userTypes)) {
    if (!policy.contactsFit(count, licenses, scope.command)) errors.push('MoreSecureContactsThanLicenses');
  }
  return plans;
}
