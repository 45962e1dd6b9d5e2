import { BILLING_BOUNDARIES, invalidMonthlyBillingInterval, invalidYearlyBillingInterval, validBillingInterval } from '../../generators/billing-interval.js';
import type { BillingIntervalModel } from '../../contract/provisioning.js';
import {
  FUTURE_YEARS,
  MARGIN_DAYS,
  farthestFutureDate,
  futureExpirationDate,
  impossibleCalendarDate,
  leapDays,
  malformedExpirationDate,
  pastExpirationDate,
  shiftDate,
} from '../../generators/expiration-date.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { together } from '../../harness/together.js';
import { attemptCreate, company, expectAccepted, expectErrors } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated } from '../../harness/fixtures/provisioning-reads.js';
import { rule } from '../../harness/rule.js';
import { acceptor, billing, billingRefuser, creator, invalidBoundaries } from './create-attempts.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/**
 * spec §4.5 Provision a company, Command Create: what §8 'Billing interval' allows (one rule per
 * side, and one for what is valid) and §2.4/§8 ExpirationDate 'mm/dd/yyyy, not in the past' with
 * §7.3 InvalidDate and PastExpirationDate. The other §7.3 conditions of a Create are in
 * create.spec.ts. Each property rule runs its property (seeded, SMS_PROPERTY_RUNS), then its
 * stated boundaries.
 */
/** Each run provisions a company of its own (numbered, create-attempts.ts): the runs go in this many chains at once. */
const CHAINS = 8;
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

rule(
  {
    ...base,
    id: 'provisioning.create.billing-monthly-years-not-zero',
    spec: [
      { anchor: '§7.3/BillingPeriodInvalid', quote: 'Monthly true and Years not 0' },
      { anchor: '§8/billing-interval', quote: 'Monthly true requires Years = 0' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Monthly true with Years other than 0 is refused with BillingPeriodInvalid (and at Years 1 and -1 makes no company)',
  },
  async (t) => {
    const refused = billingRefuser(t);
    await property(t, invalidMonthlyBillingInterval, refused, { chains: CHAINS });
    await together(invalidBoundaries(true), (interval) => refused(interval, true));
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.billing-yearly-years-below-one',
    spec: [
      { anchor: '§7.3/BillingPeriodInvalid', quote: 'Monthly false and Years less than 1' },
      { anchor: '§8/billing-interval', quote: 'Monthly false requires Years >= 1' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Monthly false with Years below 1 is refused with BillingPeriodInvalid (and at Years 0 and -1 makes no company)',
  },
  async (t) => {
    const refused = billingRefuser(t);
    await property(t, invalidYearlyBillingInterval, refused, { chains: CHAINS });
    await together(invalidBoundaries(false), (interval) => refused(interval, true));
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.billing-interval-valid',
    spec: [
      { anchor: '§8/billing-interval', quote: 'Monthly true requires Years = 0; Monthly false requires Years >= 1' },
      { anchor: '§2.4/BillingIntervalModel', quote: 'Monthly (boolean), Years (int)' },
      PROVISION,
    ],
    title: 'Monthly true with Years 0, and Monthly false with Years of 1 or more, are accepted (at Years 0, 1 and 2 the answer shows the BillingInterval as sent, where Data carries the company)',
  },
  async (t) => {
    const create = creator(t);
    const accepted = async (b: BillingIntervalModel) =>
      expectAccepted(await create(billing(b)), `spec §8: 'Monthly true requires Years = 0; Monthly false requires Years >= 1'; BillingInterval ${String(b)}`);
    await property(t, validBillingInterval, accepted, { chains: CHAINS });
    const boundary = acceptor(t);
    await together(
      BILLING_BOUNDARIES.filter((b) => b.valid),
      ({ interval }) => boundary(billing(interval), ['BillingInterval'], `spec §8: 'Monthly true requires Years = 0; Monthly false requires Years >= 1'; BillingInterval ${String(interval)}`),
    );
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.expiration-date-future-accepted',
    spec: [
      { anchor: '§8/expirationdate-format', quote: 'mm/dd/yyyy, not in the past' },
      { anchor: '§2.4/CompanyModel', quote: 'ExpirationDate (string, mm/dd/yyyy)' },
      // no date within 2 days of today, none more than 10 years ahead (clarifications P7, P8)
      { anchor: '§8/expirationdate-format', quote: 'not in the past', silence: 'expiration-today' },
      { anchor: '§8/expirationdate-format', quote: 'not in the past', silence: 'latest-expiration-date' },
      PROVISION,
    ],
    title: `a future ExpirationDate in mm/dd/yyyy (up to ${FUTURE_YEARS} years ahead, leap days included) is accepted`,
  },
  async (t) => {
    const today = new Date();
    const create = creator(t);
    const accepted = async (date: string) => expectAccepted(await create({ ExpirationDate: date }), `spec §8: ExpirationDate 'mm/dd/yyyy, not in the past'; ExpirationDate "${date}"`);
    await property(t, futureExpirationDate(today), accepted, { chains: CHAINS });
    // clarification P8: the spec sets no latest date; within 10 years every reading accepts
    const boundary = acceptor(t);
    await together([shiftDate(today, MARGIN_DAYS), farthestFutureDate(today)], (date) => boundary({ ExpirationDate: date }, ['ExpirationDate'], `spec §8: ExpirationDate 'not in the past'; ExpirationDate "${date}"`));
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.leap-day-accepted',
    spec: [
      { anchor: '§7.3/InvalidDate', quote: 'or day invalid for the month' },
      { anchor: '§8/expirationdate-format', quote: 'mm/dd/yyyy, not in the past' },
      { anchor: '§8/expirationdate-format', quote: 'not in the past', silence: 'latest-expiration-date' },
      PROVISION,
    ],
    title: `02/29 of a leap year within the next ${FUTURE_YEARS} years is accepted`,
  },
  async (t) => {
    const accepted = acceptor(t, 0);
    await together(leapDays(new Date()), (date) => accepted({ ExpirationDate: date }, ['ExpirationDate'], `spec §7.3 InvalidDate only for a 'day invalid for the month'; 02/29 is valid in a leap year; ExpirationDate "${date}"`));
  },
);

rule(
  {
    ...base,
    // clarification P8: the spec names no calendar; the Gregorian one (ISO 8601 §3.2.1) is the standard this rests on
    level: 'should',
    id: 'provisioning.create.century-leap-day-refused',
    spec: [{ anchor: '§7.3/InvalidDate', quote: 'or day invalid for the month', silence: 'latest-expiration-date' }, NAMED_ERROR],
    title: '02/29 of a century year not divisible by 400 (2100, 2200, 2300) is refused with InvalidDate, as the Gregorian calendar of ISO 8601 has no such day',
  },
  async (t) => {
    const create = creator(t);
    await together(['02/29/2100', '02/29/2200', '02/29/2300'], async (date) =>
      expectErrors(await create({ ExpirationDate: date }), `spec §7.3 InvalidDate: 'day invalid for the month'; a century year is a leap year only when divisible by 400; ExpirationDate "${date}"`, 'InvalidDate'),
    );
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.past-expiration-date',
    spec: [
      { anchor: '§7.3/PastExpirationDate', quote: 'Supplied date is in the past' },
      { anchor: '§8/expirationdate-format', quote: 'not in the past' },
      { anchor: '§8/expirationdate-format', quote: 'not in the past', silence: 'expiration-today' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a valid ExpirationDate in the past is refused with PastExpirationDate',
  },
  async (t) => {
    const today = new Date();
    const create = creator(t);
    const refused = async (date: string) => expectErrors(await create({ ExpirationDate: date }), `spec §7.3 PastExpirationDate: 'Supplied date is in the past'; ExpirationDate "${date}"`, 'PastExpirationDate');
    await property(t, pastExpirationDate(today), refused, { chains: CHAINS });
    await together(['02/29/2000', '01/01/1900'], refused);
    // the nearest past day every time zone agrees on: refused, it leaves no company
    const model = company(t, 1000, { ExpirationDate: shiftDate(today, -MARGIN_DAYS) });
    expectErrors(await attemptCreate(t, model), `spec §7.3 PastExpirationDate; ExpirationDate "${model.ExpirationDate}"`, 'PastExpirationDate');
    await expectNotCreated(t, company(t, 1000), `ExpirationDate "${model.ExpirationDate}"`);
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.expiration-date-malformed',
    spec: [
      { anchor: '§7.3/InvalidDate', quote: 'ExpirationDate not in mm/dd/yyyy' },
      { anchor: '§2.4/CompanyModel', quote: 'ExpirationDate (string, mm/dd/yyyy)' },
      // no one-digit field is sent as malformed (clarification P7)
      { anchor: '§8/expirationdate-format', quote: 'mm/dd/yyyy', silence: 'expiration-today' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'an ExpirationDate not in mm/dd/yyyy (ISO, dashes, dots, two-digit year, time, names, empty) is refused with InvalidDate',
  },
  async (t) => {
    const create = creator(t);
    const refused = async (date: string) => expectErrors(await create({ ExpirationDate: date }), `spec §7.3 InvalidDate: 'ExpirationDate not in mm/dd/yyyy'; ExpirationDate ${JSON.stringify(date)}`, 'InvalidDate');
    await property(t, malformedExpirationDate(new Date()), refused, { chains: CHAINS });
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.impossible-calendar-date',
    spec: [{ anchor: '§7.3/InvalidDate', quote: 'month outside 1-12, day outside 1-31, or day invalid for the month' }, PROVISION, NAMED_ERROR],
    title: 'an ExpirationDate of no real day (02/29 of a year not divisible by 4, 02/30, 04/31, month 00 or 13, day 00 or 32) is refused with InvalidDate',
  },
  async (t) => {
    const today = new Date();
    const create = creator(t);
    const refused = async (date: string) =>
      expectErrors(await create({ ExpirationDate: date }), `spec §7.3 InvalidDate: 'month outside 1-12, day outside 1-31, or day invalid for the month'; ExpirationDate "${date}"`, 'InvalidDate');
    // the calendar's edges (month 00 and 13, day 00 and 32, 04/31, 02/29 and 02/30) are the limits
    // table's, tried on Create and Update by limits-create.spec.ts and limits-update.spec.ts
    await property(t, impossibleCalendarDate(today), refused, { chains: CHAINS });
  },
);
