import { COMPANY_STATUS, type ProvisioningErrorName } from '../../contract/provisioning.js';

/**
 * The provisioning adapter's decisions (spec §2.4, §3.3, §4.5, §5.8, §7.3 and §8), each named for
 * the sentence it keeps and given the value or the comparison the sentence states. The checks
 * (checks.ts, validate.ts, cobrand.ts, company.ts), the key operations (keys.ts) and the routes
 * (routes.ts) ask the request's policy; SPEC_PROVISIONING_POLICY answers as the spec says, and a
 * fault of reference/provisioning/ replaces one hook (declared beside its catalogue entry,
 * `provisioning: { … }`), never a check inside the adapter. Hooks that Create and Update both
 * reach are told which, so a fault can break one of them only. The last hook shapes the answer
 * as it leaves (an edge patch): the spec's leaves it as it is.
 */
export type ProvisionCommand = 'create' | 'update';

/**
 * A condition of spec §7.3 (and §5.8) that a check of the adapter tests: the company name and
 * ReferenceId are free, the company, user and company types are known, the administrator's
 * address is not another company's user's, an AutoSenderDomain is not another company's, the
 * platform is the provisioner's, the Hash holds, the designated company exists (Update), a Cobrand
 * has a Color, SecureContacts come with a Cobrand and a user type that allows them.
 */
export type ProvisioningCheck =
  | 'company-name-free'
  | 'reference-id-free'
  | 'company-type-known'
  | 'user-type-known'
  | 'admin-in-company'
  | 'domain-free'
  | 'platform-allowed'
  | 'hash'
  | 'company-found'
  | 'cobrand-color'
  | 'cobrand-for-contacts'
  | 'secure-contact-allowed';

/** Why a request could not be opened (spec §7.3 Other), and the row that says so. */
export type Unopened = 'not-a-request' | 'unknown-user' | 'undecryptable' | 'not-json';

/** An ExpirationDate as its fields read, with how many calendar days from today (UTC) it lies, as near as fields out of range allow. */
export interface DateAsked {
  readonly month: number;
  readonly day: number;
  readonly daysAhead: number;
}

export interface ProvisioningPolicy {
  /** §7.3 UnknownCommand 'Command other than Create (1), Update (2), Cancel (3)' */
  commandKnown(command: number): boolean;
  /** §3.3, §7.3 UnknownCompanyStatus 'Status other than 0, 1, 2' */
  statusKnown(status: unknown, command: ProvisionCommand): boolean;
  /** §7.3 InvalidDate 'month outside 1-12'; `date`: the whole date asked about (a fault turns one date, not every date of its month) */
  monthValid(month: number, command: ProvisionCommand, date: DateAsked): boolean;
  /** §7.3 InvalidDate 'day outside 1-31'; `date` as for monthValid */
  dayValid(day: number, command: ProvisionCommand, date: DateAsked): boolean;
  /** §7.3 InvalidDate 'day invalid for the month': whether `day` is within month `month` of `year` (the Gregorian calendar); `future`: the date lies after today */
  dayOfMonth(date: DateAsked & { readonly year: number }, command: ProvisionCommand, future: boolean): boolean;
  /** §7.3 PastExpirationDate 'Supplied date is in the past', for a date `days` calendar days from today; today is past only under that reading (P7) */
  inThePast(days: number, todayIsPast: boolean, command: ProvisionCommand): boolean;
  /** §8 'Monthly true requires Years = 0; Monthly false requires Years >= 1' */
  billingValid(interval: { monthly: boolean; years: number }, command: ProvisionCommand): boolean;
  /** §8 SecureContacts 'no more than the licenses of the specified user type' */
  contactsFit(contacts: number, licenses: number, command: ProvisionCommand): boolean;
  /** §8 LicenseQuantity 'not less than the current number of users of that type' (update only) */
  licenseCovers(quantity: number, users: number): boolean;
  /** §8 'first 8 characters of the company must be unique among cobranded portals': whether two names clash */
  cobrandClash(name: string, cobranded: string, command: ProvisionCommand): boolean;
  /** §7.3: a request answered with an error changes nothing (no company made, none changed) */
  refusalChangesNothing(command: ProvisionCommand): boolean;
  /** §4.5: a request answered without errors is carried out */
  acceptedTakesEffect(command: ProvisionCommand): boolean;
  /** §7.3: the condition `check` is tested (and its row raised when it fails) */
  checks(check: ProvisioningCheck): boolean;
  /** §5.8, §7.3 Other: the errors a request that cannot be opened is answered with, given its row */
  unopenedErrors(why: Unopened, row: ProvisioningErrorName): ProvisioningErrorName[];
  /** §7.3 UnknownCommand: the Command an unknown one is carried out as; undefined: refused */
  unknownCommandTakenAs(): ProvisionCommand | undefined;
  /** §7.3 InvalidDate: a date in a form other than mm/dd/yyyy, read as [year, month, day]; undefined: invalid */
  otherDateForm(text: string): [number, number, number] | undefined;
  /** §7.3 InvalidDate: whether a well-formed date `days` calendar days from today is one the server takes (P8 aside) */
  dateInRange(days: number, command: ProvisionCommand): boolean;
  /** §7.3 InvalidEmailAddress: whether `value` is well-formed, given the reading's `check` of a text */
  emailWellFormed(value: string, check: (text: string) => boolean): boolean;
  /** §8 SecureContacts: [contacts, licenses] counted against each other, given the count per user type and the licenses per type */
  contactLicenseGroups(perType: ReadonlyMap<string, number>, licenses: ReadonlyMap<string, number>): [number, number][];
  /** §7.3 CouldNotAddUserToUserType (P6): the error of the administrator's own address as a SecureContact; undefined: the reading's */
  adminContactError(): ProvisioningErrorName | undefined;
  /** §4.5 Update: the Admin's new values are stored */
  updateAppliesAdmin(): boolean;
  /** §3.3: the Status Cancel sets; undefined: none (the company stays as it was) */
  cancelledStatus(): number | undefined;
  /** §7.3 ReferenceIdAlreadyUsed: a cancelled company's ReferenceId stays used */
  referenceIdStaysUsed(): boolean;
  /** §4.5 Get an encryption key: which key answers, given whether an AutomationId was named */
  keyGot(named: boolean): 'named' | 'default' | 'latest' | 'fresh';
  /** §4.5 Create a new encryption key with an AutomationId: the new key is stored (and the old one ends) */
  newKeyStored(): boolean;
  /** §4.5 Create a new encryption key without an AutomationId: it is a new AutomationId */
  newKeyGeneratesAutomationId(): boolean;
  // edge: the answer as it leaves
  /** §7.3: the Errors values of an answer, given its errors */
  errorValues(errors: readonly ProvisioningErrorName[], values: unknown[]): unknown[];
}

/** spec §8 cobrand uniqueness: the leading characters that count. */
export const COBRAND_PREFIX = 8;

/** The last day of a month of the proleptic Gregorian calendar (Date's own rollover), for any month number. */
export function lastDayOf(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

const head = (name: string, length: number) => [...name].slice(0, length).join('').toLowerCase();

export const SPEC_PROVISIONING_POLICY: ProvisioningPolicy = {
  commandKnown: (command) => command === 1 || command === 2 || command === 3,
  statusKnown: (status) => status === 0 || status === 1 || status === 2,
  monthValid: (month) => month >= 1 && month <= 12,
  dayValid: (day) => day >= 1 && day <= 31,
  dayOfMonth: ({ year, month, day }) => day <= lastDayOf(year, month),
  inThePast: (days, todayIsPast) => days < 0 || (todayIsPast && days === 0),
  billingValid: ({ monthly, years }) => (monthly ? years === 0 : years >= 1),
  contactsFit: (contacts, licenses) => contacts <= licenses,
  licenseCovers: (quantity, users) => quantity >= users,
  cobrandClash: (name, cobranded) => head(name, COBRAND_PREFIX) === head(cobranded, COBRAND_PREFIX),
  refusalChangesNothing: () => true,
  acceptedTakesEffect: () => true,
  checks: () => true,
  unopenedErrors: (_why, row) => [row],
  unknownCommandTakenAs: () => undefined,
  otherDateForm: () => undefined,
  dateInRange: () => true,
  emailWellFormed: (value, check) => check(value),
  contactLicenseGroups: (perType, licenses) => [...perType].map(([code, count]) => [count, licenses.get(code) ?? 0]),
  adminContactError: () => undefined,
  updateAppliesAdmin: () => true,
  cancelledStatus: () => COMPANY_STATUS.Cancelled,
  referenceIdStaysUsed: () => true,
  keyGot: (named) => (named ? 'named' : 'default'),
  newKeyStored: () => true,
  newKeyGeneratesAutomationId: () => true,
  errorValues: (_errors, values) => values,
};
