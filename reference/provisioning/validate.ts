import type { FaultCheck } from '../faults.js';
import type { ProvisioningErrorName } from '../../contract/provisioning.js';
import { SPEC_PROVISIONING_POLICY, type ProvisionCommand, type ProvisioningPolicy } from './policy.js';

/**
 * Field checks of spec §7.3 and §8, written independently of generators/ (which classify the
 * same inputs their own way) so that the suite and the reference cannot share one mistake.
 */

export type Fault = FaultCheck;

/** The request's provisioning policy (policy.ts) and the Command it carries out. */
export interface PolicyAt {
  policy: ProvisioningPolicy;
  command: ProvisionCommand;
}
const SPEC_AT: PolicyAt = { policy: SPEC_PROVISIONING_POLICY, command: 'create' };

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * spec §7.3 InvalidDate: mm/dd/yyyy, month 1-12, day 1-31 and valid for the month;
 * PastExpirationDate: before today (the server's UTC date; today itself is not in the past).
 */
/** P7 readings: today not past (default), today past, one-digit month and day fields accepted. */
export type TodayReading = 'today-not-past' | 'today-past' | 'one-digit-fields';

export function checkExpirationDate(value: unknown, today: Date, f: Fault, latest?: Date, reading: TodayReading = 'today-not-past', at: PolicyAt = SPEC_AT): ProvisioningErrorName | undefined {
  const { policy: p, command } = at;
  const text = typeof value === 'string' ? value : '';
  let ymd: [number, number, number] | undefined;
  const match = (reading === 'one-digit-fields' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/ : DATE).exec(text);
  if (match) {
    const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // 'day invalid for the month' asks of days within 1-31 only: a day outside them is the clause before
    const inRange = d >= 1 && d <= 31;
    let valid = p.monthValid(m, command) && p.dayValid(d, command) && (!inRange || p.dayOfMonth({ year: y, month: m, day: d }, command));
    if (m === 2 && d === 29) {
      if (f('provisioning.date-feb29-every-year')) valid = true;
      if (f('provisioning.date-century-always-leap') && y % 4 === 0) valid = true;
      // fault: 02/29 of a future year is refused (past leap days still get PastExpirationDate)
      if (f('provisioning.date-feb29-never') && utcDay(y, m, d) > today.getTime()) valid = false;
    }
    if (valid) ymd = [y, m, d];
  } else if (f('provisioning.date-format-lenient') && text !== '' && !Number.isNaN(Date.parse(text))) {
    const parsed = new Date(text);
    ymd = [parsed.getFullYear(), parsed.getMonth() + 1, parsed.getDate()];
  }
  if (!ymd) return 'InvalidDate';
  const [y, m, d] = ymd;
  const given = utcDay(y, m, d);
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // fault: dates more than 4 years ahead are refused (the suite's companies expire within 3 years, its valid dates reach 10)
  if (f('provisioning.date-far-future-refused') && given > now + 4 * 366 * 86_400_000) return 'InvalidDate';
  // P8: a server whose date type ends (SQL smalldatetime: 06/06/2079) cannot store a later date
  if (latest && given > latest.getTime()) return 'InvalidDate';
  const past = p.inThePast(Math.round((given - now) / 86_400_000), reading === 'today-past', command);
  if (past && !f('provisioning.past-date-accepted')) return 'PastExpirationDate';
  return undefined;
}

/** Midnight UTC of y-m-d; setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 19xx. */
function utcDay(y: number, m: number, d: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

/** spec §7.3 BillingPeriodInvalid / §8: Monthly true requires Years = 0; Monthly false requires Years >= 1 (the policy's billingValid). */
export function checkBillingInterval(value: unknown, at: PolicyAt = SPEC_AT): ProvisioningErrorName | undefined {
  const b = value as { Monthly?: unknown; Years?: unknown } | null | undefined;
  if (!b || typeof b !== 'object' || typeof b.Monthly !== 'boolean' || !Number.isInteger(b.Years)) return 'BillingPeriodInvalid';
  return at.policy.billingValid({ monthly: b.Monthly, years: b.Years as number }, at.command) ? undefined : 'BillingPeriodInvalid';
}

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** RFC 5322 dot-atom local part at a dotted host name (a dotless host is refused too). */
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`);

/** The lenient reading (P16): something, one @, something with a dot; no whitespace (many validators' test). */
const LENIENT_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** spec §7.3 InvalidEmailAddress: 'E-mail address not well-formed' (RFC 5322 dot-atom, or the lenient reading). */
export function wellFormedEmail(value: unknown, f: Fault, lenient = false): boolean {
  if (typeof value !== 'string') return false;
  if (f('provisioning.email-at-sign-only')) return value.includes('@');
  // fault: whitespace is stripped before the check, so 'user name@example.com' passes
  const text = f('provisioning.email-whitespace-ignored') ? value.replace(/\s+/g, '') : value;
  // fault: only the part after the last @ is checked, so 'a@b@example.com' and '@example.com' pass
  if (f('provisioning.email-domain-only')) return /@/.test(text) && LENIENT_EMAIL.test(`x@${text.slice(text.lastIndexOf('@') + 1)}`);
  return text.length <= 254 && (lenient ? LENIENT_EMAIL.test(text) : EMAIL.test(text));
}

const DOMAIN = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);
export const wellFormedDomain = (value: unknown): value is string => typeof value === 'string' && value.length <= 253 && DOMAIN.test(value);

/** spec §2.4: Color is a hex colour. */
export const hexColour = (value: string): boolean => /^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/.test(value);

export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
