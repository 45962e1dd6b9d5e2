import { cellsOf, type Limit, type LimitCell, type LimitOperation } from '../../contract/limits.js';
import { EXPIRATION_DAY, EXPIRATION_DAY_30, EXPIRATION_DAY_FEBRUARY, EXPIRATION_DAY_LEAP_FEBRUARY, EXPIRATION_MONTH, EXPIRATION_NOT_PAST, type DateValue } from '../../contract/limits-dates.js';
import { BILLING_MONTHLY, BILLING_YEARLY, COBRAND_UNIQUENESS, COMMAND_LIMIT, COMPANY_STATUS_LIMIT, LICENSE_QUANTITY, SECURE_CONTACTS, type BillingValue } from '../../contract/limits-provisioning.js';
import type { FaultDef } from '../fault-def.js';
import { SPEC_PROVISIONING_POLICY as SPEC, type DateAsked, type ProvisionCommand, type ProvisioningPolicy } from './policy.js';

/**
 * The provisioning faults generated from the limits table (contract/limits-provisioning.ts,
 * limits-dates.ts), one per cell whose fault the table leaves to the reference: one hook of the
 * adapter's policy (policy.ts) answers the other way at exactly that edge, under exactly that
 * Command, so the cell's rule fails and no other edge moves.
 */
export type ProvisioningLimitFault = FaultDef & { readonly id: `provisioning.limit-${string}`; readonly provisioning: Partial<ProvisioningPolicy> };

/** The Command a cell's operation carries out; undefined for the Command row itself. */
const commandOf = (op: LimitOperation): ProvisionCommand | undefined => (op.endsWith('(Create)') ? 'create' : op.endsWith('(Update)') ? 'update' : undefined);

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Whether a year is of the kind a DateValue names ('later': any). */
const yearIs = (kind: DateValue['year'], year: number) => kind === 'later' || (kind === 'leap') === isLeap(year);
/** Leading characters two names share, compared as the spec's check compares them (case aside). */
function shared(a: string, b: string): number {
  const [x, y] = [[...a.toLowerCase()], [...b.toLowerCase()]];
  let n = 0;
  while (n < x.length && x[n] === y[n]) n++;
  return n;
}

/** For each row, the hook its faults replace: `at(c)` says whether the request is the cell's Command. */
type Hook<V> = (v: V, at: (command: ProvisionCommand) => boolean) => Partial<ProvisioningPolicy>;
const row = <V>(limit: Limit<V>, hook: Hook<V>) => ({ limit: limit as Limit, hook: hook as Hook<unknown> });

/**
 * The date rows' edges lie in a year ahead: the year after next ('later', 349 days ahead at the
 * least, 00/15 read as the December before) or the next common or leap year (58 days at the
 * least). Their faults turn that month and day more than 30 days ahead only, so no date near
 * today (the not-past row's edges, two days either side, in whatever month today falls) moves
 * with them.
 */
const isEdge = (v: DateValue, x: DateAsked) => x.month === v.month && x.day === v.day && x.daysAhead > 30;
const monthHook: Hook<DateValue> = (v, at) => ({ monthValid: (m, c, x) => (at(c) && isEdge(v, x)) !== SPEC.monthValid(m, c, x) });
const dayHook: Hook<DateValue> = (v, at) => ({ dayValid: (d, c, x) => (at(c) && isEdge(v, x)) !== SPEC.dayValid(d, c, x) });
const dayOfMonthHook: Hook<DateValue> = (v, at) => ({
  dayOfMonth: (x, c, future) => (at(c) && isEdge(v, x) && yearIs(v.year, x.year)) !== SPEC.dayOfMonth(x, c, future),
});
const billingHook: Hook<BillingValue> = (v, at) => ({
  billingValid: (b, c) => (at(c) && b.monthly === v.monthly && b.years === v.years) !== SPEC.billingValid(b, c),
});

const ROWS = [
  row(COMPANY_STATUS_LIMIT, (v, at) => ({ statusKnown: (s, c) => (at(c) && s === v.status) !== SPEC.statusKnown(s, c) })),
  row(COMMAND_LIMIT, (v) => ({ commandKnown: (n) => (n === v.command) !== SPEC.commandKnown(n) })),
  row(EXPIRATION_MONTH, monthHook),
  row(EXPIRATION_DAY, dayHook),
  row(EXPIRATION_DAY_30, dayOfMonthHook),
  row(EXPIRATION_DAY_FEBRUARY, dayOfMonthHook),
  row(EXPIRATION_DAY_LEAP_FEBRUARY, dayOfMonthHook),
  row(EXPIRATION_NOT_PAST, (v, at) => ({ inThePast: (days, todayIsPast, c) => (at(c) && days === v.daysFromToday) !== SPEC.inThePast(days, todayIsPast, c) })),
  row(BILLING_MONTHLY, billingHook),
  row(BILLING_YEARLY, billingHook),
  row(SECURE_CONTACTS, (v, at) => ({ contactsFit: (n, l, c) => (at(c) && n === v.contacts && l === v.licenses) !== SPEC.contactsFit(n, l, c) })),
  row(LICENSE_QUANTITY, (v) => ({ licenseCovers: (q, u) => (q === v.quantity && u === v.users) !== SPEC.licenseCovers(q, u) })),
  row(COBRAND_UNIQUENESS, (v, at) => ({ cobrandClash: (a, b, c) => (at(c) && shared(a, b) === v.shared) !== SPEC.cobrandClash(a, b, c) })),
];

const breaks = (limit: Limit, c: LimitCell) =>
  `${c.operation}: ${c.edge.shows} is ${c.edge.accepted ? `refused with ${limit.refusal}` : 'accepted'} (the check of '${limit.title}' answers the other way at exactly this edge)`;

export const PROVISIONING_LIMIT_FAULTS: readonly ProvisioningLimitFault[] = ROWS.flatMap(({ limit, hook }) =>
  cellsOf(limit)
    .filter((c) => c.generatedFault)
    .map((c): ProvisioningLimitFault => {
      const command = commandOf(c.operation);
      return {
        id: c.fault as ProvisioningLimitFault['id'],
        rule: c.rule!,
        breaks: breaks(limit, c),
        provisioning: hook(c.edge.value, (asked) => command === undefined || asked === command),
      };
    }),
);
