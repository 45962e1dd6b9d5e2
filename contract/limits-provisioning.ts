import { both, limit, UPDATE, type Limit } from './limit-types.js';
import { EXPIRATION_LIMITS } from './limits-dates.js';

/**
 * The provisioning limits (spec §2.4, §3.3, §7.3, §8), as rows of the limits table
 * (contract/limits.ts). §8 says ExpirationDate, Billing interval, Cobrand uniqueness and
 * SecureContacts apply to 'Provision a company', so to Create and Update alike; LicenseQuantity
 * to 'Provision a company (update)' only. The §7.3 rows set the edges: 'Status other than 0, 1, 2',
 * 'month outside 1-12, day outside 1-31, or day invalid for the month', 'less than 1', ...
 */

export const COMPANY_STATUS_LIMIT = limit<{ readonly status: number }>({
  id: 'company-status',
  title: 'Status 0, 1 or 2',
  spec: [
    { anchor: '§7.3/UnknownCompanyStatus', quote: 'Status other than 0, 1, 2' },
    { anchor: '§3.3/any-other-value-yields-error', quote: 'Any other value yields the error UnknownCompanyStatus.' },
    { anchor: '§2.4/CompanyModel', quote: 'Status (0 = Active, 1 = Trial, 2 = Cancelled)' },
  ],
  unit: 'the integer Status of CompanyModel',
  refusal: 'UnknownCompanyStatus',
  edges: [
    { edge: 'below-min', value: { status: -1 }, accepted: false, shows: 'Status -1' },
    { edge: 'min', value: { status: 0 }, accepted: true, shows: 'Status 0 (Active)' },
    { edge: 'max', value: { status: 2 }, accepted: true, shows: 'Status 2 (Cancelled)' },
    { edge: 'above-max', value: { status: 3 }, accepted: false, shows: 'Status 3' },
  ],
  appliesTo: both({
    'below-min': { rule: 'provisioning.create.unknown-company-status' },
    'above-max': { rule: 'provisioning.create.unknown-company-status', fault: 'provisioning.status-3-accepted' },
  }),
});

export const COMMAND_LIMIT = limit<{ readonly command: number }>({
  id: 'command',
  title: 'Command 1 (Create), 2 (Update) or 3 (Cancel)',
  spec: [
    { anchor: '§7.3/UnknownCommand', quote: 'Command other than Create (1), Update (2), Cancel (3)' },
    { anchor: '§2.4/Command', quote: 'Create = 1, Update = 2, Cancel = 3' },
  ],
  unit: 'the integer Command of a Provision request',
  refusal: 'UnknownCommand',
  edges: [
    { edge: 'below-min', value: { command: 0 }, accepted: false, shows: 'Command 0' },
    { edge: 'min', value: { command: 1 }, accepted: true, shows: 'Command 1 (Create)' },
    { edge: 'max', value: { command: 3 }, accepted: true, shows: 'Command 3 (Cancel)' },
    { edge: 'above-max', value: { command: 4 }, accepted: false, shows: 'Command 4' },
  ],
  appliesTo: [
    {
      operation: 'provisioning.Provision',
      cells: {
        'below-min': { rule: 'provisioning.command.unknown' },
        min: { rule: 'provisioning.create.provisions-company' },
        max: { rule: 'provisioning.cancel.status-cancelled' },
        'above-max': { rule: 'provisioning.command.unknown' },
      },
    },
  ],
});

export interface BillingValue {
  readonly monthly: boolean;
  readonly years: number;
}
const billing = (edge: 'under' | 'at' | 'over', monthly: boolean, years: number, accepted: boolean) => ({
  edge,
  value: { monthly, years },
  accepted,
  shows: `Monthly ${monthly}, Years ${years}`,
});

export const BILLING_MONTHLY = limit<BillingValue>({
  id: 'billing-monthly',
  title: 'Monthly true requires Years = 0',
  spec: [
    { anchor: '§8/billing-interval', quote: 'Monthly true requires Years = 0' },
    { anchor: '§7.3/BillingPeriodInvalid', quote: 'Monthly true and Years not 0' },
    { anchor: '§2.4/BillingIntervalModel', quote: 'Monthly (boolean), Years (int)' },
  ],
  unit: 'the integer Years of a BillingInterval with Monthly true',
  refusal: 'BillingPeriodInvalid',
  edges: [billing('under', true, -1, false), billing('at', true, 0, true), billing('over', true, 1, false)],
  appliesTo: both({
    under: { rule: 'provisioning.create.billing-monthly-years-not-zero' },
    at: { rule: 'provisioning.create.billing-interval-valid' },
    over: { rule: 'provisioning.create.billing-monthly-years-not-zero' },
  }),
});

export const BILLING_YEARLY = limit<BillingValue>({
  id: 'billing-yearly',
  title: 'Monthly false requires Years >= 1',
  spec: [
    { anchor: '§8/billing-interval', quote: 'Monthly false requires Years >= 1' },
    { anchor: '§7.3/BillingPeriodInvalid', quote: 'Monthly false and Years less than 1' },
    { anchor: '§2.4/BillingIntervalModel', quote: 'Monthly (boolean), Years (int)' },
  ],
  unit: 'the integer Years of a BillingInterval with Monthly false',
  refusal: 'BillingPeriodInvalid',
  edges: [billing('under', false, 0, false), billing('at', false, 1, true), billing('over', false, 2, true)],
  appliesTo: both({
    under: { rule: 'provisioning.create.billing-yearly-years-below-one' },
    at: { rule: 'provisioning.create.billing-interval-valid', fault: 'provisioning.billing-years-off-by-one' },
    over: { rule: 'provisioning.create.billing-interval-valid' },
  }),
});

/** One SecureContact (the spec's model, clarification P2) of a type with `licenses` licenses. */
export const SECURE_CONTACTS = limit<{ readonly contacts: number; readonly licenses: number }>({
  id: 'secure-contacts',
  title: 'SecureContacts no more than the licenses of their user type',
  spec: [
    { anchor: '§8/SecureContacts', quote: 'no more than the licenses of the specified user type' },
    { anchor: '§7.3/MoreSecureContactsThanLicenses', quote: 'More SecureContacts requested than licenses of the user type' },
    { anchor: '§2.4/CobrandModel', quote: 'SecureContacts (SecureContactModel)', silence: 'secure-contacts-shape' },
  ],
  unit: 'SecureContacts requested for one user type, against that type’s LicenseQuantity',
  refusal: 'MoreSecureContactsThanLicenses',
  edges: [
    { edge: 'under', value: { contacts: 1, licenses: 2 }, accepted: true, shows: '1 SecureContact of 2 licenses' },
    { edge: 'at', value: { contacts: 1, licenses: 1 }, accepted: true, shows: '1 SecureContact of 1 license' },
    { edge: 'over', value: { contacts: 1, licenses: 0 }, accepted: false, shows: '1 SecureContact of 0 licenses' },
  ],
  appliesTo: both({
    at: { rule: 'provisioning.secure-contact.up-to-licenses-accepted', fault: 'provisioning.secure-contacts-limit-exclusive' },
    over: { rule: 'provisioning.secure-contact.more-than-licenses', fault: 'provisioning.secure-contacts-vs-total-licenses' },
  }),
});

/** The user of the type is one SecureContact (the only user provisioning alone makes, clarification P5). */
export const LICENSE_QUANTITY = limit<{ readonly users: number; readonly quantity: number }>({
  id: 'license-quantity',
  title: 'LicenseQuantity not less than the users of the type',
  spec: [
    { anchor: '§8/LicenseQuantity', quote: 'not less than the current number of users of that type' },
    { anchor: '§7.3/LicenseQuantityLessThanNumberOfUsers', quote: 'Requested LicenseQuantity is below the count of users already provisioned for that type' },
    { anchor: '§8/LicenseQuantity', quote: 'the current number of users of that type', silence: 'users-of-a-type' },
  ],
  unit: 'the LicenseQuantity of a user type, against its users (one SecureContact)',
  refusal: 'LicenseQuantityLessThanNumberOfUsers',
  edges: [
    { edge: 'under', value: { users: 1, quantity: 0 }, accepted: false, shows: 'LicenseQuantity 0 for 1 user' },
    { edge: 'at', value: { users: 1, quantity: 1 }, accepted: true, shows: 'LicenseQuantity 1 for 1 user' },
    { edge: 'over', value: { users: 1, quantity: 2 }, accepted: true, shows: 'LicenseQuantity 2 for 1 user' },
  ],
  appliesTo: [
    {
      operation: UPDATE,
      cells: {
        under: { rule: 'provisioning.update.license-below-users', fault: 'provisioning.license-unchecked-on-update' },
        at: { rule: 'provisioning.update.license-equal-users-accepted', fault: 'provisioning.license-check-inclusive' },
      },
    },
  ],
});

/** Two company names sharing their first `shared` characters, the second differing at the next. */
export const COBRAND_UNIQUENESS = limit<{ readonly shared: number }>({
  id: 'cobrand-uniqueness',
  title: 'Cobrand uniqueness of the first 8 characters of a company name',
  spec: [
    { anchor: '§8/cobrand-uniqueness', quote: 'first 8 characters of the company must be unique among cobranded portals' },
    { anchor: '§7.3/CobrandExists', quote: 'Another company with the same first 8 characters already has a cobranded portal' },
  ],
  unit: 'leading characters (ASCII letters) a company name shares with a cobranded company’s',
  refusal: 'CobrandExists',
  edges: [
    { edge: 'under', value: { shared: 7 }, accepted: true, shows: 'a name sharing its first 7 characters with a cobranded company' },
    { edge: 'at', value: { shared: 8 }, accepted: false, shows: 'a name sharing its first 8 characters with a cobranded company' },
  ],
  appliesTo: both({
    under: { rule: 'provisioning.cobrand.first-8-characters-differ-accepted', fault: 'provisioning.cobrand-first-7-compared' },
    at: { rule: 'provisioning.cobrand.first-8-characters-taken', fault: 'provisioning.cobrand-whole-name-compared' },
  }),
});

export const PROVISIONING_LIMITS: readonly Limit[] = [
  COMPANY_STATUS_LIMIT,
  COMMAND_LIMIT,
  ...EXPIRATION_LIMITS,
  BILLING_MONTHLY,
  BILLING_YEARLY,
  SECURE_CONTACTS,
  LICENSE_QUANTITY,
  COBRAND_UNIQUENESS,
];
