import fc from 'fast-check';

/**
 * ExpirationDate (spec §2.4: string, mm/dd/yyyy). spec §8: 'mm/dd/yyyy, not in the past';
 * spec §7.3 InvalidDate: 'not in mm/dd/yyyy, or month outside 1-12, day outside 1-31, or day
 * invalid for the month'; PastExpirationDate: 'Supplied date is in the past'.
 *
 * Boundaries: dates within MARGIN_DAYS of today are never generated as future or past, since
 * "today" differs between the suite's and the target's time zones. Single-digit months or days
 * (1/5/2030) are neither valid nor invalid here: whether 'mm' admits one digit is not settled
 * (docs/clarifications.md, Provisioning).
 */

/** Days kept clear of today either way (time zones run from UTC-12 to UTC+14). */
export const MARGIN_DAYS = 2;
const DAY_MS = 86_400_000;

/** Gregorian leap years: every 4th year, except centuries, except every 400th (spec §7.3 'day invalid for the month'). */
export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
export const daysInMonth = (year: number, month: number): number => (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** spec §2.4: mm/dd/yyyy, zero-padded. */
export const formatDate = (year: number, month: number, day: number): string => `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;

/** The UTC calendar date `days` after `today` (negative: before), as mm/dd/yyyy. */
export function shiftDate(today: Date, days: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + days * DAY_MS);
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * How far ahead a valid ExpirationDate is sent (clarification P8): the spec sets no latest date,
 * and a server's date type may end early (SQL smalldatetime: 06/06/2079), so accepted dates stay
 * within 10 years, where every reading agrees.
 */
export const FUTURE_YEARS = 10;
const FUTURE_DAYS = 365 * FUTURE_YEARS;

/** Future leap days within FUTURE_YEARS: 02/29 of the next two leap years (no century year among them). */
export function leapDays(today: Date): string[] {
  const first = today.getUTCFullYear() + 1;
  const years: number[] = [];
  for (let y = first; years.length < 2; y++) if (isLeapYear(y)) years.push(y);
  return years.map((y) => formatDate(y, 2, 29));
}

const futureLeapDay = (today: Date) =>
  fc
    .integer({ min: today.getUTCFullYear() + 1, max: today.getUTCFullYear() + FUTURE_YEARS - 1 })
    .filter(isLeapYear)
    .map((y) => formatDate(y, 2, 29));

/** spec §8: valid dates at least MARGIN_DAYS ahead, up to FUTURE_YEARS; leap days weighted in. */
export function futureExpirationDate(today: Date): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.integer({ min: MARGIN_DAYS, max: FUTURE_DAYS }).map((days) => shiftDate(today, days)), weight: 3 },
    { arbitrary: futureLeapDay(today), weight: 1 },
  );
}

/** The farthest date the suite sends as valid (clarification P8). */
export const farthestFutureDate = (today: Date): string => shiftDate(today, FUTURE_DAYS);

/** spec §7.3 PastExpirationDate: valid dates at least MARGIN_DAYS back, to 1900 (past leap days included). */
export function pastExpirationDate(today: Date): fc.Arbitrary<string> {
  const pastLeapDay = fc
    .integer({ min: 1904, max: today.getUTCFullYear() - 1 })
    .filter((y) => isLeapYear(y) && Date.UTC(y, 1, 29) < today.getTime() - MARGIN_DAYS * DAY_MS)
    .map((y) => formatDate(y, 2, 29));
  const daysBack = Math.floor((today.getTime() - Date.UTC(1900, 0, 1)) / DAY_MS);
  return fc.oneof(
    { arbitrary: fc.integer({ min: MARGIN_DAYS, max: daysBack }).map((days) => shiftDate(today, -days)), weight: 3 },
    { arbitrary: pastLeapDay, weight: 1 },
  );
}

/**
 * Years after this one that are not leap years in any calendar reading: not divisible by 4. The
 * century years (2100) are left to the century rule, a `should` (clarification P8).
 */
function futureNonLeapYear(today: Date): fc.Arbitrary<number> {
  const y0 = today.getUTCFullYear() + 1;
  return fc.integer({ min: y0, max: y0 + 300 }).filter((y) => y % 4 !== 0);
}

/**
 * spec §7.3 InvalidDate, calendar part: well-shaped mm/dd/yyyy strings of no real date, in
 * future years (an impossible date is not "in the past" either). 02/29 of non-leap years is
 * weighted heaviest; it shrinks towards 02/29 of the first non-leap year ahead.
 */
export function impossibleCalendarDate(today: Date): fc.Arbitrary<string> {
  const year = fc.integer({ min: today.getUTCFullYear() + 1, max: today.getUTCFullYear() + 60 });
  return fc.oneof(
    { arbitrary: futureNonLeapYear(today).map((y) => formatDate(y, 2, 29)), weight: 3 },
    { arbitrary: fc.tuple(year, fc.constantFrom(30, 31)).map(([y, d]) => formatDate(y, 2, d)), weight: 1 },
    { arbitrary: fc.tuple(year, fc.constantFrom(4, 6, 9, 11)).map(([y, m]) => formatDate(y, m, 31)), weight: 1 },
    { arbitrary: fc.tuple(year, fc.constantFrom(0, 13, 14, 20, 31, 99), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => formatDate(y, m, d)), weight: 1 },
    { arbitrary: fc.tuple(year, fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 32, 40, 99)).map(([y, m, d]) => formatDate(y, m, d)), weight: 1 },
  );
}

/** The calendar boundaries, each stated once (spec §7.3 InvalidDate). */
export function impossibleDateBoundaries(today: Date): string[] {
  const y = today.getUTCFullYear() + 1;
  const nonLeap = isLeapYear(y) ? y + 1 : y;
  return [formatDate(nonLeap, 2, 29), formatDate(y, 2, 30), formatDate(y, 4, 31), formatDate(y, 13, 1), formatDate(y, 0, 10), formatDate(y, 1, 32), formatDate(y, 6, 0)];
}

/**
 * spec §7.3 InvalidDate, format part: strings not of the form mm/dd/yyyy, many of them dates
 * in some other notation (each of a real, future day, so only the format is wrong).
 */
export function malformedExpirationDate(today: Date): fc.Arbitrary<string> {
  const day = fc.integer({ min: 30, max: 366 * 20 }).map((n) => shiftDate(today, n).split('/') as [string, string, string]);
  return fc.oneof(
    day.map(([m, d, y]) => `${y}-${m}-${d}`),
    day.map(([m, d, y]) => `${m}-${d}-${y}`),
    day.map(([m, d, y]) => `${d}.${m}.${y}`),
    day.map(([m, d, y]) => `${y}/${m}/${d}`),
    day.map(([m, d, y]) => `${m}/${d}/${y.slice(2)}`),
    day.map(([m, d, y]) => `${m}/${d}/${y} 00:00:00`),
    day.map(([m, d, y]) => `${m}${d}${y}`),
    day.map(([m, d, y]) => `${new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toUTCString().slice(5, 16)}`),
    fc.constantFrom('', 'tomorrow', 'mm/dd/yyyy', '../../....', '12/31/', '/ /'),
  );
}

export type DateClass = 'future' | 'past' | 'near-today' | 'impossible' | 'malformed';

/** Classifies a string by the spec's rules, independently of any target (used by self-tests). */
export function classifyExpirationDate(text: string, today: Date): DateClass {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return 'malformed';
  const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return 'impossible';
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  const days = Math.round((date.getTime() - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / DAY_MS);
  if (Math.abs(days) < MARGIN_DAYS) return 'near-today';
  return days > 0 ? 'future' : 'past';
}

/**
 * The year an edge of the limits table names (contract/limits-dates.ts DateValue): `later` two
 * years ahead, `common` the first year ahead not divisible by 4, `leap` the first leap year
 * ahead. Each is within FUTURE_YEARS and months from today (clarifications P7, P8).
 */
export function edgeYear(today: Date, kind: 'later' | 'common' | 'leap'): number {
  let y = today.getUTCFullYear() + (kind === 'later' ? 2 : 1);
  if (kind === 'common') while (y % 4 === 0) y++;
  if (kind === 'leap') while (!isLeapYear(y)) y++;
  return y;
}

/** An edge's ExpirationDate: its month and day as given (00, 13, 32 included), zero-padded, in its year. */
export const edgeDate = (today: Date, v: { month: number; day: number; year: 'later' | 'common' | 'leap' }): string => formatDate(edgeYear(today, v.year), v.month, v.day);
