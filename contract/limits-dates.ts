import { both, limit, type Enforcement, type Limit } from './limit-types.js';
import type { SpecRef } from './spec/index.js';

/**
 * The ExpirationDate limits (spec §2.4 'ExpirationDate (string, mm/dd/yyyy)', §7.3 InvalidDate
 * and PastExpirationDate, §8 'mm/dd/yyyy, not in the past, Provision a company'), rows of the
 * limits table (contract/limits.ts), each on Create and Update.
 */

/**
 * An ExpirationDate by month and day, in a year of a kind: `later` two years ahead, `common` the
 * first year ahead not divisible by 4, `leap` the first leap year ahead; every one within the 10
 * years every reading accepts (clarification P8) and far from today (P7).
 */
export interface DateValue {
  readonly month: number;
  readonly day: number;
  readonly year: 'later' | 'common' | 'leap';
}

const DATE_REFS: readonly SpecRef[] = [
  { anchor: '§2.4/CompanyModel', quote: 'ExpirationDate (string, mm/dd/yyyy)' },
  { anchor: '§8/expirationdate-format', quote: 'mm/dd/yyyy, not in the past' },
  // dates within 10 years and never near today (clarifications P7, P8)
  { anchor: '§8/expirationdate-format', quote: 'not in the past', silence: 'latest-expiration-date' },
];
const mmdd = (m: number, d: number) => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`;
const date = (edge: 'under' | 'at' | 'over' | 'below-min' | 'min' | 'max' | 'above-max', month: number, day: number, year: DateValue['year'], accepted: boolean) => ({
  edge,
  value: { month, day, year },
  accepted,
  shows: `${mmdd(month, day)}${year === 'later' ? '' : ` of a ${year} year`}`,
});

export const EXPIRATION_MONTH = limit<DateValue>({
  id: 'expiration-month',
  title: 'ExpirationDate month 1-12',
  spec: [{ anchor: '§7.3/InvalidDate', quote: 'month outside 1-12' }, ...DATE_REFS],
  unit: 'the month (mm) of ExpirationDate',
  refusal: 'InvalidDate',
  edges: [date('below-min', 0, 15, 'later', false), date('min', 1, 15, 'later', true), date('max', 12, 15, 'later', true), date('above-max', 13, 15, 'later', false)],
  appliesTo: both(),
});

export const EXPIRATION_DAY = limit<DateValue>({
  id: 'expiration-day',
  title: 'ExpirationDate day 1-31',
  spec: [{ anchor: '§7.3/InvalidDate', quote: 'day outside 1-31' }, ...DATE_REFS],
  // March: a month of 31 days no other row's edges use, so a fault of one row moves no edge of another
  unit: 'the day (dd) of ExpirationDate, in a month of 31 days (March)',
  refusal: 'InvalidDate',
  edges: [date('below-min', 3, 0, 'later', false), date('min', 3, 1, 'later', true), date('max', 3, 31, 'later', true), date('above-max', 3, 32, 'later', false)],
  appliesTo: both(),
});

const DAY_FOR_MONTH: SpecRef = { anchor: '§7.3/InvalidDate', quote: 'or day invalid for the month' };

export const EXPIRATION_DAY_30 = limit<DateValue>({
  id: 'expiration-day-april',
  title: 'ExpirationDate day valid for a month of 30 days (April)',
  spec: [DAY_FOR_MONTH, ...DATE_REFS],
  unit: 'the day (dd) of an ExpirationDate in April',
  refusal: 'InvalidDate',
  edges: [date('under', 4, 29, 'later', true), date('at', 4, 30, 'later', true), date('over', 4, 31, 'later', false)],
  appliesTo: both(),
});

export const EXPIRATION_DAY_FEBRUARY = limit<DateValue>({
  id: 'expiration-day-february',
  title: 'ExpirationDate day valid for February of a common year',
  spec: [DAY_FOR_MONTH, ...DATE_REFS],
  unit: 'the day (dd) of an ExpirationDate in February of a year not divisible by 4',
  refusal: 'InvalidDate',
  edges: [date('under', 2, 27, 'common', true), date('at', 2, 28, 'common', true), date('over', 2, 29, 'common', false)],
  appliesTo: both(),
});

export const EXPIRATION_DAY_LEAP_FEBRUARY = limit<DateValue>({
  id: 'expiration-day-leap-february',
  title: 'ExpirationDate day valid for February of a leap year',
  spec: [DAY_FOR_MONTH, ...DATE_REFS],
  unit: 'the day (dd) of an ExpirationDate in February of a leap year',
  refusal: 'InvalidDate',
  edges: [date('under', 2, 28, 'leap', true), date('at', 2, 29, 'leap', true), date('over', 2, 30, 'leap', false)],
  appliesTo: both({ at: { rule: 'provisioning.create.leap-day-accepted', fault: 'provisioning.date-feb29-never' } }),
});

/** P7: today itself, and whose today, are the target's reading; the suite keeps 2 days clear of it. */
const TODAY: Enforcement = {
  status: 'not observable',
  reason:
    "the spec's answer here is a silence (expiration-today, clarification P7): whether today is 'in the past', and in whose time zone, is the target's reading, and no profile key declares it; the suite sends no date within 2 days of today",
};

export const EXPIRATION_NOT_PAST = limit<{ readonly daysFromToday: number }>({
  id: 'expiration-not-past',
  title: 'ExpirationDate not in the past',
  spec: [
    { anchor: '§7.3/PastExpirationDate', quote: 'Supplied date is in the past' },
    { anchor: '§8/expirationdate-format', quote: 'not in the past' },
    { anchor: '§8/expirationdate-format', quote: 'not in the past', silence: 'expiration-today' },
  ],
  unit: 'calendar days from today (UTC), the nearest either side of today that every time zone agrees on',
  refusal: 'PastExpirationDate',
  edges: [
    { edge: 'under', value: { daysFromToday: -2 }, accepted: false, shows: 'two days before today' },
    { edge: 'at', value: { daysFromToday: 0 }, accepted: true, shows: 'today' },
    { edge: 'over', value: { daysFromToday: 2 }, accepted: true, shows: 'two days after today' },
  ],
  appliesTo: both(
    {
      under: { rule: 'provisioning.create.past-expiration-date' },
      at: TODAY,
      over: { rule: 'provisioning.create.expiration-date-future-accepted' },
    },
    { at: TODAY },
  ),
});

export const EXPIRATION_LIMITS: readonly Limit[] = [EXPIRATION_MONTH, EXPIRATION_DAY, EXPIRATION_DAY_30, EXPIRATION_DAY_FEBRUARY, EXPIRATION_DAY_LEAP_FEBRUARY, EXPIRATION_NOT_PAST];
