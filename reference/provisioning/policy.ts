/**
 * The provisioning adapter's decisions on the limits of spec §2.4, §3.3, §7.3 and §8, each named
 * for the sentence it keeps and given the value or the comparison the sentence states. The checks
 * (checks.ts, validate.ts, cobrand.ts, company.ts) ask the request's policy; SPEC_PROVISIONING_POLICY
 * answers as the spec says, and a fault of reference/provisioning/ replaces one hook (declared
 * beside its catalogue entry, `provisioning: { … }`), never a check inside the adapter. Hooks
 * that Create and Update both reach are told which, so a fault can break one of them only.
 */
export type ProvisionCommand = 'create' | 'update';

export interface ProvisioningPolicy {
  /** §7.3 UnknownCommand 'Command other than Create (1), Update (2), Cancel (3)' */
  commandKnown(command: number): boolean;
  /** §3.3, §7.3 UnknownCompanyStatus 'Status other than 0, 1, 2' */
  statusKnown(status: unknown, command: ProvisionCommand): boolean;
  /** §7.3 InvalidDate 'month outside 1-12' */
  monthValid(month: number, command: ProvisionCommand): boolean;
  /** §7.3 InvalidDate 'day outside 1-31' */
  dayValid(day: number, command: ProvisionCommand): boolean;
  /** §7.3 InvalidDate 'day invalid for the month': whether `day` is within month `month` of `year` (the Gregorian calendar) */
  dayOfMonth(date: { year: number; month: number; day: number }, command: ProvisionCommand): boolean;
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
};
