import {
  FUTURE_YEARS,
  MARGIN_DAYS,
  farthestFutureDate,
  futureExpirationDate,
  impossibleCalendarDate,
  impossibleDateBoundaries,
  leapDays,
  malformedExpirationDate,
  pastExpirationDate,
  shiftDate,
} from '../../generators/expiration-date.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { attemptCreate, company, expectAccepted, expectErrors } from '../../harness/fixtures/provisioning.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/**
 * spec §2.4 ExpirationDate (string, mm/dd/yyyy), §8 'mm/dd/yyyy, not in the past', §7.3
 * InvalidDate and PastExpirationDate. Each rule runs its property (seeded, SMS_PROPERTY_RUNS)
 * and then its stated boundaries.
 */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

/** Creates a company with the given ExpirationDate, each under a name of its own. */
function creator(t: RuleContext) {
  let n = 0;
  return (ExpirationDate: string) => attemptCreate(t, company(t, n++, { ExpirationDate }));
}

rule(
  {
    ...base,
    id: 'provisioning.create.expiration-date-future-accepted',
    section: '§8',
    title: `a future ExpirationDate in mm/dd/yyyy (up to ${FUTURE_YEARS} years ahead, leap days included) is accepted`,
  },
  async (t) => {
    const today = new Date();
    const create = creator(t);
    const accepted = async (date: string) => expectAccepted(await create(date), `spec §8: ExpirationDate 'mm/dd/yyyy, not in the past'; ExpirationDate "${date}"`);
    await property(t, futureExpirationDate(today), accepted);
    // clarification P8: the spec sets no latest date; within 10 years every reading accepts
    for (const date of [shiftDate(today, MARGIN_DAYS), farthestFutureDate(today)]) await accepted(date);
  },
);

rule(
  { ...base, id: 'provisioning.create.leap-day-accepted', section: '§7.3', title: `02/29 of a leap year within the next ${FUTURE_YEARS} years is accepted` },
  async (t) => {
    const create = creator(t);
    for (const date of leapDays(new Date())) {
      expectAccepted(await create(date), `spec §7.3 InvalidDate only for a 'day invalid for the month'; 02/29 is valid in a leap year; ExpirationDate "${date}"`);
    }
  },
);

rule(
  {
    ...base,
    // clarification P8: the spec names no calendar; the Gregorian one (ISO 8601 §3.2.1) is the standard this rests on
    level: 'should',
    id: 'provisioning.create.century-leap-day-refused',
    section: '§7.3',
    title: '02/29 of a century year not divisible by 400 (2100, 2200, 2300) is refused with InvalidDate, as the Gregorian calendar of ISO 8601 has no such day',
  },
  async (t) => {
    const create = creator(t);
    for (const date of ['02/29/2100', '02/29/2200', '02/29/2300']) {
      expectErrors(await create(date), `spec §7.3 InvalidDate: 'day invalid for the month'; a century year is a leap year only when divisible by 400; ExpirationDate "${date}"`, 'InvalidDate');
    }
  },
);

rule(
  { ...base, id: 'provisioning.create.past-expiration-date', section: '§7.3', title: 'a valid ExpirationDate in the past is refused with PastExpirationDate' },
  async (t) => {
    const today = new Date();
    const create = creator(t);
    const refused = async (date: string) => expectErrors(await create(date), `spec §7.3 PastExpirationDate: 'Supplied date is in the past'; ExpirationDate "${date}"`, 'PastExpirationDate');
    await property(t, pastExpirationDate(today), refused);
    for (const date of [shiftDate(today, -MARGIN_DAYS), '02/29/2000', '01/01/1900']) await refused(date);
  },
);

rule(
  { ...base, id: 'provisioning.create.expiration-date-malformed', section: '§7.3', title: 'an ExpirationDate not in mm/dd/yyyy (ISO, dashes, dots, two-digit year, time, names, empty) is refused with InvalidDate' },
  async (t) => {
    const create = creator(t);
    const refused = async (date: string) => expectErrors(await create(date), `spec §7.3 InvalidDate: 'ExpirationDate not in mm/dd/yyyy'; ExpirationDate ${JSON.stringify(date)}`, 'InvalidDate');
    await property(t, malformedExpirationDate(new Date()), refused);
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.impossible-calendar-date',
    section: '§7.3',
    title: 'an ExpirationDate of no real day (02/29 of a year not divisible by 4, 02/30, 04/31, month 00 or 13, day 00 or 32) is refused with InvalidDate',
  },
  async (t) => {
    const today = new Date();
    const create = creator(t);
    const refused = async (date: string) =>
      expectErrors(await create(date), `spec §7.3 InvalidDate: 'month outside 1-12, day outside 1-31, or day invalid for the month'; ExpirationDate "${date}"`, 'InvalidDate');
    await property(t, impossibleCalendarDate(today), refused);
    for (const date of impossibleDateBoundaries(today)) await refused(date);
  },
);
