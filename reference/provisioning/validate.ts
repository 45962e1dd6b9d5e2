import type { ProvisioningErrorName } from '../../contract/provisioning.js';
import { SPEC_PROVISIONING_POLICY, type ProvisionCommand, type ProvisioningPolicy } from './policy.js';

/**
 * Field checks of spec §7.3 and §8, written independently of generators/ (which classify the
 * same inputs their own way) so that the suite and the reference cannot share one mistake.
 */

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

export function checkExpirationDate(value: unknown, today: Date, latest?: Date, reading: TodayReading = 'today-not-past', at: PolicyAt = SPEC_AT): ProvisioningErrorName | undefined {
  const { policy: p, command } = at;
  const text = typeof value === 'string' ? value : '';
  let ymd: [number, number, number] | undefined;
  const match = (reading === 'one-digit-fields' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/ : DATE).exec(text);
  if (match) {
    const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // 'day invalid for the month' asks of days within 1-31 only: a day outside them is the clause before
    const inRange = d >= 1 && d <= 31;
    const future = utcDay(y, m, d) > today.getTime();
    const asked = { month: m, day: d, daysAhead: daysFrom(today, y, m, d) };
    if (p.monthValid(m, command, asked) && p.dayValid(d, command, asked) && (!inRange || p.dayOfMonth({ ...asked, year: y }, command, future))) ymd = [y, m, d];
  } else ymd = p.otherDateForm(text);
  if (!ymd) return 'InvalidDate';
  const [y, m, d] = ymd;
  const given = utcDay(y, m, d);
  const days = daysFrom(today, y, m, d);
  if (!p.dateInRange(days, command)) return 'InvalidDate';
  // P8: a server whose date type ends (SQL smalldatetime: 06/06/2079) cannot store a later date
  if (latest && given > latest.getTime()) return 'InvalidDate';
  return p.inThePast(days, reading === 'today-past', command) ? 'PastExpirationDate' : undefined;
}

/** Calendar days from today (UTC) to y-m-d (fields out of range roll over, as Date does). */
function daysFrom(today: Date, y: number, m: number, d: number): number {
  return Math.round((utcDay(y, m, d) - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / 86_400_000);
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
export const LENIENT_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** spec §7.3 InvalidEmailAddress: 'E-mail address not well-formed' (RFC 5322 dot-atom, or the lenient reading). */
export function wellFormedEmail(value: unknown, lenient = false, policy: ProvisioningPolicy = SPEC_PROVISIONING_POLICY): boolean {
  if (typeof value !== 'string') return false;
  return policy.emailWellFormed(value, (text) => text.length <= 254 && (lenient ? LENIENT_EMAIL.test(text) : EMAIL.test(text)));
}

const DOMAIN = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);
export const wellFormedDomain = (value: unknown): value is string => typeof value === 'string' && value.length <= 253 && DOMAIN.test(value);

/** spec §2.4: Color is a hex colour. */
export const hexColour = (value: string): boolean => /^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/.test(value);

export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
