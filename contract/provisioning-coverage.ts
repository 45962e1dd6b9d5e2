import { PROVISIONING_ERRORS, type ProvisioningErrorName } from './provisioning.js';

/**
 * The coverage matrix of spec §7.3 (issue 4, item 5): every provisioning error name, its
 * condition as the spec states it, and either the rule whose test triggers it or why no request
 * from outside can. The rule provisioning.errors.documented-names
 * (specs/provisioning/coverage-matrix.spec.ts) checks it names each of the 39 names exactly once
 * and that every rule it cites exists, and attaches it to the report.
 */
export type CoverageRow =
  | { name: ProvisioningErrorName; condition: string; rule: string; related?: string[] }
  | { name: ProvisioningErrorName; condition: string; notTriggerable: string };

const internal = 'an internal failure of the target; spec §7.3 states no request that causes it';

export const PROVISIONING_COVERAGE: readonly CoverageRow[] = [
  { name: 'CouldNotCreateCompany', condition: 'Creation failed for a reason not listed elsewhere', notTriggerable: `${internal} (by definition, no listed reason)` },
  { name: 'CompanyNotFound', condition: 'Company name matches no company on update', rule: 'provisioning.update.company-not-found' },
  { name: 'CompanyTypeNotFound', condition: 'Company type not found on create', rule: 'provisioning.create.company-type-not-found' },
  { name: 'CompanyNameAlreadyExists', condition: 'Name matches an existing company on create', rule: 'provisioning.create.company-name-exists' },
  { name: 'DomainAlreadyRegistered', condition: 'An AutoSenderDomain is already associated with another company', rule: 'provisioning.create.domain-already-registered' },
  { name: 'UnableToRegisterDomain', condition: 'Error registering a domain; it may not be already registered', notTriggerable: internal },
  {
    name: 'ReferenceIdAlreadyUsed',
    condition: 'Create with a previously used ReferenceId',
    rule: 'provisioning.create.reference-id-used',
    related: ['provisioning.create.reference-id-used-after-cancel'],
  },
  { name: 'UnknownCompanyStatus', condition: 'Status other than 0, 1, 2', rule: 'provisioning.create.unknown-company-status' },
  {
    name: 'BillingPeriodInvalid',
    condition: 'Monthly true and Years not 0, or Monthly false and Years less than 1',
    rule: 'provisioning.create.billing-monthly-years-not-zero',
    related: ['provisioning.create.billing-yearly-years-below-one', 'provisioning.create.billing-interval-valid'],
  },
  { name: 'PastExpirationDate', condition: 'Supplied date is in the past', rule: 'provisioning.create.past-expiration-date' },
  { name: 'CouldNotCreateAdmin', condition: 'Administrative user could not be created; accompanied by a User error', rule: 'provisioning.create.admin-email-malformed' },
  { name: 'CouldNotLoadUser', condition: 'Existing user could not be loaded', notTriggerable: internal },
  {
    name: 'UserNotInCompany',
    condition: 'Update of a user whose e-mail address already exists in another company',
    rule: 'provisioning.update.admin-email-in-other-company',
    related: ['provisioning.update.admin-email-applied'],
  },
  { name: 'CouldNotAddUserToUserType', condition: 'User already a paid user or in the administrative role', rule: 'provisioning.secure-contact.admin-refused' },
  { name: 'CouldNotUpdateUser', condition: 'Accompanied by a more specific message', notTriggerable: `${internal}; a request's user problems carry their specific names` },
  { name: 'CouldNotCreateUser', condition: 'General error', notTriggerable: internal },
  { name: 'InvalidUserId', condition: 'The user identifier is invalid', notTriggerable: 'no provisioning model carries a user identifier (spec §2.4 UserModel: Email, FirstName, LastName, PhoneNumber)' },
  { name: 'ErrorDeletingUser', condition: 'Accompanied by a more specific message', notTriggerable: `${internal}; no provisioning operation deletes a user` },
  { name: 'InvalidEmailAddress', condition: 'E-mail address not well-formed', rule: 'provisioning.create.admin-email-malformed' },
  { name: 'TemplateNotFound', condition: 'The user type feature set not found', notTriggerable: "the feature sets behind user types are the target's configuration, not a request's input" },
  { name: 'UserTypeNotFound', condition: 'Not a valid user type', rule: 'provisioning.create.user-type-not-found' },
  {
    name: 'LicenseQuantityLessThanNumberOfUsers',
    condition: 'Requested LicenseQuantity is below the count of users already provisioned for that type',
    rule: 'provisioning.update.license-below-users',
    related: ['provisioning.update.license-equal-users-accepted'],
  },
  { name: 'CouldNotCreateType', condition: 'Feature set could not be created', notTriggerable: internal },
  { name: 'ErrorDeletingUserType', condition: 'Error rolling back a failed transaction; accompanied by a specific message', notTriggerable: internal },
  { name: 'CouldNotCreateCobrand', condition: 'General failure not listed below', notTriggerable: internal },
  { name: 'IncompleteCobrandData', condition: 'Cobrand data other than SecureContacts is missing on create or update', rule: 'provisioning.cobrand.incomplete' },
  {
    name: 'CobrandExists',
    condition: 'Another company with the same first 8 characters already has a cobranded portal',
    rule: 'provisioning.cobrand.first-8-characters-taken',
    related: ['provisioning.cobrand.first-8-characters-differ-accepted'],
  },
  { name: 'UnableToProcessCobrandLogo', condition: 'System error', notTriggerable: `${internal} ('System error'); spec §2.4 CobrandModel carries no logo` },
  {
    name: 'MoreSecureContactsThanLicenses',
    condition: 'More SecureContacts requested than licenses of the user type',
    rule: 'provisioning.secure-contact.more-than-licenses',
    related: ['provisioning.secure-contact.up-to-licenses-accepted'],
  },
  { name: 'SecureContactProvisioningNotAllowed', condition: 'No user type of the company includes SecureContact functionality', rule: 'provisioning.secure-contact.not-allowed' },
  { name: 'SecureContactRequiresCobrand', condition: 'A SecureContact needs a cobrand to be specified', rule: 'provisioning.secure-contact.requires-cobrand' },
  { name: 'NotAuthorized', condition: 'The user name is invalid', rule: 'provisioning.auth.unknown-user-name' },
  { name: 'BadCrypto', condition: 'Supplied hash does not match the computed hash', rule: 'provisioning.auth.hash-mismatch', related: ['provisioning.envelope.undecryptable-data'] },
  { name: 'InvalidPlatformName', condition: 'Platform not one the user may provision', rule: 'provisioning.auth.platform-not-allowed' },
  { name: 'UnknownCommand', condition: 'Command other than Create (1), Update (2), Cancel (3)', rule: 'provisioning.command.unknown' },
  { name: 'ErrorConnectingToRemotePlatform', condition: 'The platform instance did not respond', notTriggerable: "the target's own platform instance must fail to respond; no request can arrange that" },
  {
    name: 'InvalidDate',
    condition: 'ExpirationDate not in mm/dd/yyyy, or month outside 1-12, day outside 1-31, or day invalid for the month',
    rule: 'provisioning.create.impossible-calendar-date',
    related: ['provisioning.create.expiration-date-malformed', 'provisioning.create.century-leap-day-refused', 'provisioning.create.leap-day-accepted', 'provisioning.create.expiration-date-future-accepted'],
  },
  { name: 'MalformedJsonString', condition: 'Decrypted data string is incorrectly formatted or serialized', rule: 'provisioning.envelope.malformed-json' },
  { name: 'UnknownError', condition: 'Generic catch-all', notTriggerable: `${internal} (catch-all)` },
];

/** The matrix as a Markdown table for the report. */
export function coverageMarkdown(rows: readonly CoverageRow[] = PROVISIONING_COVERAGE): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Provisioning errors (spec §7.3): coverage',
    '',
    '| Group | Name | Condition (spec §7.3) | Triggered by rule | Not triggerable because |',
    '|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const by = 'rule' in row ? [row.rule, ...(row.related ?? []).map((r) => `(related: ${r})`)].join(' ') : '';
    lines.push(`| ${PROVISIONING_ERRORS[row.name]} | ${row.name} | ${cell(row.condition)} | ${by} | ${'notTriggerable' in row ? cell(row.notTriggerable) : ''} |`);
  }
  const triggered = rows.filter((r) => 'rule' in r).length;
  lines.push('', `${triggered} of ${rows.length} names are triggered by a rule; ${rows.length - triggered} cannot be caused by a request.`);
  return `${lines.join('\n')}\n`;
}
