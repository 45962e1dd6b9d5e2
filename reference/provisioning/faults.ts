import type { FaultDef } from '../fault-def.js';
import { COMPANY_STATUS } from '../../contract/provisioning.js';
import { PROVISIONING_LIMIT_FAULTS } from './faults-limits.js';
import { SPEC_PROVISIONING_POLICY as SPEC } from './policy.js';
import { LENIENT_EMAIL } from './validate.js';

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** Any string a JavaScript Date parses, read as a local date. */
function lenientDate(text: string): [number, number, number] | undefined {
  if (text === '' || Number.isNaN(Date.parse(text))) return undefined;
  const parsed = new Date(text);
  return [parsed.getFullYear(), parsed.getMonth() + 1, parsed.getDate()];
}

/** One deliberate violation per provisioning rule, each a hook of the adapter's policy (policy.ts) answered otherwise; see reference/faults.ts. */
export const PROVISIONING_FAULTS = [
  // envelope and authentication (spec §5.8, §7.3 Other)
  { id: 'provisioning.unknown-user-as-bad-crypto', provisioning: { unopenedErrors: (why, row) => (why === 'unknown-user' ? ['BadCrypto'] : [row]) }, rule: 'provisioning.auth.unknown-user-name', breaks: 'an unknown UserName is answered BadCrypto instead of NotAuthorized' },
  { id: 'provisioning.platform-unchecked', provisioning: { checks: (check) => check !== 'platform-allowed' }, rule: 'provisioning.auth.platform-not-allowed', breaks: 'any PlatformCode is accepted' },
  { id: 'provisioning.hash-unchecked', provisioning: { checks: (check) => check !== 'hash' }, rule: 'provisioning.auth.hash-mismatch', breaks: 'the Hash is not compared with the HMAC of the decrypted data' },
  { id: 'provisioning.undecryptable-accepted', provisioning: { unopenedErrors: (why, row) => (why === 'undecryptable' ? [] : [row]) }, rule: 'provisioning.envelope.undecryptable-data', breaks: 'Data that does not decrypt is answered with no Errors, as if the request had been carried out (spec §4.5, §7.3 BadCrypto)' },
  { id: 'provisioning.malformed-json-as-unknown-error', provisioning: { unopenedErrors: (why, row) => (why === 'not-json' ? ['UnknownError'] : [row]) }, rule: 'provisioning.envelope.malformed-json', breaks: 'a decrypted string that is not JSON is answered UnknownError' },
  { id: 'provisioning.malformed-envelope-accepted', provisioning: { unopenedErrors: (why, row) => (why === 'not-a-request' ? [] : [row]) }, rule: 'provisioning.envelope.malformed-request', breaks: 'a body that is not a RequestModel is answered HTTP 200 with no Errors (spec §4.5: requests carry an encrypted data string and a hash)' },
  { id: 'provisioning.unknown-command-as-update', provisioning: { unknownCommandTakenAs: () => 'update' }, rule: 'provisioning.command.unknown', breaks: 'an unknown Command is treated as Update' },
  { id: 'provisioning.unlisted-error-code', provisioning: { errorValues: (errors, values) => (errors.includes('UnknownCommand') ? [...values, 999] : values) }, rule: 'provisioning.errors.documented-names', breaks: 'an UnknownCommand answer carries a second error code that names no spec §7.3 error' },
  // create (spec §4.5, §7.3 Company, Admin, User, UserType)
  { id: 'provisioning.create-not-stored', provisioning: { acceptedTakesEffect: (c) => c !== 'create' }, rule: 'provisioning.create.provisions-company', breaks: 'Create answers without errors but stores nothing' },
  { id: 'provisioning.duplicate-name-accepted', provisioning: { checks: (check) => check !== 'company-name-free' }, rule: 'provisioning.create.company-name-exists', breaks: 'a CompanyName already in use is accepted' },
  { id: 'provisioning.reference-id-unchecked', provisioning: { checks: (check) => check !== 'reference-id-free' }, rule: 'provisioning.create.reference-id-used', breaks: 'a ReferenceId already in use is accepted' },
  { id: 'provisioning.reference-id-freed-on-cancel', provisioning: { referenceIdStaysUsed: () => false }, rule: 'provisioning.create.reference-id-used-after-cancel', breaks: 'cancelling a company frees its ReferenceId' },
  { id: 'provisioning.status-3-accepted', provisioning: { statusKnown: (s) => s === 0 || s === 1 || s === 2 || s === 3 }, rule: 'provisioning.create.unknown-company-status', breaks: 'Status 3 (the vendor enum NoUpdate) is accepted', alsoBreaks: { rules: ['provisioning.limits.company-status-update'], why: 'the Status check is one for Create and Update' } },
  { id: 'provisioning.company-type-unchecked', provisioning: { checks: (check) => check !== 'company-type-known' }, rule: 'provisioning.create.company-type-not-found', breaks: 'any company type is accepted' },
  { id: 'provisioning.user-type-unchecked', provisioning: { checks: (check) => check !== 'user-type-known' }, rule: 'provisioning.create.user-type-not-found', breaks: 'unknown UserTypeCodes are accepted' },
  { id: 'provisioning.email-at-sign-only', provisioning: { emailWellFormed: (value) => value.includes('@') }, rule: 'provisioning.create.admin-email-malformed', breaks: 'any e-mail address containing @ is taken as well formed' },
  { id: 'provisioning.email-whitespace-ignored', provisioning: { emailWellFormed: (value, check) => check(value.replace(/\s+/g, '')) }, rule: 'provisioning.create.admin-email-malformed', breaks: 'whitespace is stripped before the check, so an address with a space is taken as well formed' },
  { id: 'provisioning.email-domain-only', provisioning: { emailWellFormed: (value) => /@/.test(value) && LENIENT_EMAIL.test(`x@${value.slice(value.lastIndexOf('@') + 1)}`) }, rule: 'provisioning.create.admin-email-malformed', breaks: 'only the part after the last @ is checked, so an empty local part or a second @ passes' },
  { id: 'provisioning.domain-unchecked', provisioning: { checks: (check) => check !== 'domain-free' }, rule: 'provisioning.create.domain-already-registered', breaks: 'an AutoSenderDomain of another company is accepted' },
  // expiration date (spec §7.3 InvalidDate, PastExpirationDate; §8)
  { id: 'provisioning.date-far-future-refused', provisioning: { dateInRange: (days) => days <= 4 * 366 }, rule: 'provisioning.create.expiration-date-future-accepted', breaks: 'dates more than 4 years ahead are refused with InvalidDate' },
  { id: 'provisioning.date-feb29-never', provisioning: { dayOfMonth: (date, c, future) => !(date.month === 2 && date.day === 29 && future) && SPEC.dayOfMonth(date, c, future) }, rule: 'provisioning.create.leap-day-accepted', breaks: 'the calendar check forgets leap years the other way: 02/29 of every future year is refused', alsoBreaks: { rules: ['provisioning.create.expiration-date-future-accepted'], why: 'the future dates that rule accepts include 02/29 of leap years' } },
  { id: 'provisioning.past-date-accepted', provisioning: { inThePast: () => false }, rule: 'provisioning.create.past-expiration-date', breaks: 'past dates are accepted' },
  { id: 'provisioning.date-format-lenient', provisioning: { otherDateForm: lenientDate }, rule: 'provisioning.create.expiration-date-malformed', breaks: 'any string a JavaScript Date parses is taken as a date' },
  { id: 'provisioning.date-feb29-every-year', provisioning: { dayOfMonth: (date, c, future) => (date.month === 2 && date.day === 29) || SPEC.dayOfMonth(date, c, future) }, rule: 'provisioning.create.impossible-calendar-date', breaks: 'the calendar check forgets leap years: 02/29 is accepted in every year' },
  { id: 'provisioning.date-century-always-leap', provisioning: { dayOfMonth: (date, c, future) => (date.month === 2 && date.day === 29 && date.year % 4 === 0) || SPEC.dayOfMonth(date, c, future) }, rule: 'provisioning.create.century-leap-day-refused', breaks: 'the calendar check forgets the century rule: 02/29/2100 is accepted' },
  // billing interval (spec §7.3 BillingPeriodInvalid; §8)
  { id: 'provisioning.billing-monthly-side-only', provisioning: { billingValid: ({ monthly, years }) => !monthly || years === 0 }, rule: 'provisioning.create.billing-yearly-years-below-one', breaks: 'the billing check tests only the Monthly-true side (Monthly false with Years < 1 is accepted)' },
  { id: 'provisioning.billing-yearly-side-only', provisioning: { billingValid: ({ monthly, years }) => monthly || years >= 1 }, rule: 'provisioning.create.billing-monthly-years-not-zero', breaks: 'the billing check tests only the Monthly-false side (Monthly true with Years not 0 is accepted)' },
  { id: 'provisioning.billing-years-off-by-one', provisioning: { billingValid: ({ monthly, years }) => (monthly ? years === 0 : years >= 2) }, rule: 'provisioning.create.billing-interval-valid', breaks: 'Monthly false requires Years >= 2' },
  // cobrand (spec §7.3 Cobrand; §8 cobrand uniqueness)
  { id: 'provisioning.cobrand-color-optional', provisioning: { checks: (check) => check !== 'cobrand-color' }, rule: 'provisioning.cobrand.incomplete', breaks: 'a cobrand without Color is accepted' },
  { id: 'provisioning.cobrand-whole-name-compared', provisioning: { cobrandClash: (a, b) => a.toLowerCase() === b.toLowerCase() }, rule: 'provisioning.cobrand.first-8-characters-taken', breaks: 'cobrand uniqueness compares whole names, not the first 8 characters' },
  { id: 'provisioning.cobrand-first-7-compared', provisioning: { cobrandClash: (a, b) => a.slice(0, 7).toLowerCase() === b.slice(0, 7).toLowerCase() }, rule: 'provisioning.cobrand.first-8-characters-differ-accepted', breaks: 'cobrand uniqueness compares the first 7 characters' },
  // secure contacts (spec §7.3 Cobrand, User; §8 SecureContacts)
  { id: 'provisioning.contact-without-cobrand-accepted', provisioning: { checks: (check) => check !== 'cobrand-for-contacts' }, rule: 'provisioning.secure-contact.requires-cobrand', breaks: 'a SecureContact whose Cobrand has neither Url nor Color is provisioned (spec §2.4: all cobrand data except SecureContacts is required)' },
  { id: 'provisioning.secure-contact-feature-unchecked', provisioning: { checks: (check) => check !== 'secure-contact-allowed' }, rule: 'provisioning.secure-contact.not-allowed', breaks: 'SecureContacts are accepted when no user type includes SecureContact functionality' },
  { id: 'provisioning.secure-contacts-vs-total-licenses', provisioning: { contactLicenseGroups: (perType, licenses) => [[sum(perType.values()), sum(licenses.values())]] }, rule: 'provisioning.secure-contact.more-than-licenses', breaks: 'SecureContacts are counted against the licenses of all user types together' },
  { id: 'provisioning.secure-contacts-limit-exclusive', provisioning: { contactsFit: (contacts, licenses) => contacts < licenses }, rule: 'provisioning.secure-contact.up-to-licenses-accepted', breaks: 'as many SecureContacts as licenses is refused' },
  { id: 'provisioning.admin-contact-as-other-company', provisioning: { adminContactError: () => 'UserNotInCompany' }, rule: 'provisioning.secure-contact.admin-refused', breaks: "the administrator's own address as a SecureContact is refused with UserNotInCompany, a row for an address of another company" },
  // update and cancel (spec §4.5, §3.3, §7.3, §8 LicenseQuantity)
  {
    id: 'provisioning.update-not-applied',
    provisioning: { acceptedTakesEffect: (c) => c !== 'update' },
    rule: 'provisioning.update.provisions-changes',
    breaks: 'Update answers without errors but changes nothing',
    alsoBreaks: { rules: ['provisioning.update.admin-email-applied'], why: "an Update that changes nothing does not change the administrator's address either" },
  },
  { id: 'provisioning.update-admin-not-applied', provisioning: { updateAppliesAdmin: () => false }, rule: 'provisioning.update.admin-email-applied', breaks: "Update answers without errors but keeps the administrator's old e-mail address" },
  { id: 'provisioning.update-unknown-creates', provisioning: { checks: (check) => check !== 'company-found' }, rule: 'provisioning.update.company-not-found', breaks: 'Update of an unknown company name creates it' },
  { id: 'provisioning.license-unchecked-on-update', provisioning: { licenseCovers: () => true }, rule: 'provisioning.update.license-below-users', breaks: 'LicenseQuantity below the users of the type is accepted on update' },
  { id: 'provisioning.license-check-inclusive', provisioning: { licenseCovers: (quantity, users) => !(quantity <= users && users > 0) }, rule: 'provisioning.update.license-equal-users-accepted', breaks: 'LicenseQuantity equal to the users of the type is refused' },
  { id: 'provisioning.user-company-unchecked', provisioning: { checks: (check) => check !== 'admin-in-company' }, rule: 'provisioning.update.admin-email-in-other-company', breaks: "an Admin e-mail address of another company's user is accepted" },
  { id: 'provisioning.cancel-keeps-status', provisioning: { cancelledStatus: () => undefined }, rule: 'provisioning.cancel.status-cancelled', breaks: 'Cancel answers without errors but the company stays as it was' },
  { id: 'provisioning.cancel-sets-trial', provisioning: { cancelledStatus: () => COMPANY_STATUS.Trial }, rule: 'provisioning.cancel.status-cancelled', breaks: 'Cancel sets Status 1 (Trial) instead of 2 (Cancelled)' },
  // company encryption keys (spec §4.5, §3.2)
  { id: 'provisioning.key-get-default-fresh', provisioning: { keyGot: (named) => (named ? 'named' : 'fresh') }, rule: 'provisioning.key.get-default', breaks: 'Get without AutomationId generates a new AutomationId every time' },
  { id: 'provisioning.key-get-ignores-automation-id', provisioning: { keyGot: () => 'default' }, rule: 'provisioning.key.get-by-automation-id', breaks: 'Get with an AutomationId returns the default key' },
  { id: 'provisioning.key-get-latest', provisioning: { keyGot: (named) => (named ? 'latest' : 'default') }, rule: 'provisioning.key.get-by-automation-id', breaks: 'Get with an AutomationId returns the key made last for the company, whichever AutomationId it belongs to' },
  { id: 'provisioning.key-new-reuses-automation-id', provisioning: { newKeyGeneratesAutomationId: () => false }, rule: 'provisioning.key.new-generates-automation-id', breaks: 'New without AutomationId renews the default AutomationId instead of generating one' },
  { id: 'provisioning.key-new-keeps-old', provisioning: { newKeyStored: () => false }, rule: 'provisioning.key.new-invalidates-old', breaks: 'New with an AutomationId returns a new key but keeps the old one valid' },
  // the limits table's cells (contract/limits-provisioning.ts, limits-dates.ts), one fault each
  ...PROVISIONING_LIMIT_FAULTS,
  // a refused edge leaves no effect (spec §7.3): the reads that prove it, each broken once
  { id: 'provisioning.refused-create-stored', provisioning: { refusalChangesNothing: (c) => c !== 'create' }, rule: 'provisioning.create.unknown-company-status', breaks: 'a Create refused with an error stores the company all the same' },
  { id: 'provisioning.refused-month-create-stored', provisioning: { refusalChangesNothing: (c) => c !== 'create' }, rule: 'provisioning.limits.expiration-month-create', breaks: 'a Create refused with InvalidDate stores the company all the same (a Create of its name then finds it taken)' },
  { id: 'provisioning.refused-billing-update-applied', provisioning: { refusalChangesNothing: (c) => c !== 'update' }, rule: 'provisioning.limits.billing-monthly-update', breaks: 'an Update refused with BillingPeriodInvalid is applied all the same' },
] as const satisfies readonly FaultDef[];
