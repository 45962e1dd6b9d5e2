import { BILLING_BOUNDARIES, invalidMonthlyBillingInterval, invalidYearlyBillingInterval, validBillingInterval } from '../../generators/billing-interval.js';
import type { BillingIntervalModel } from '../../contract/provisioning.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { attemptCreate, company, expectAccepted, expectErrors } from '../../harness/fixtures/provisioning.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/**
 * spec §8 'Billing interval: Monthly true requires Years = 0; Monthly false requires Years >= 1';
 * spec §7.3 BillingPeriodInvalid 'Monthly true and Years not 0, or Monthly false and Years less
 * than 1': one rule per side, and one for what is valid. Each runs its property, then the §8
 * boundaries of its side.
 */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };
const INVALID = "spec §7.3 BillingPeriodInvalid: 'Monthly true and Years not 0, or Monthly false and Years less than 1'";

function creator(t: RuleContext) {
  let n = 0;
  // a plain copy: the generators' toString is for counterexamples, not for the wire
  return (b: BillingIntervalModel) => attemptCreate(t, company(t, n++, { BillingInterval: { Monthly: b.Monthly, Years: b.Years } }));
}

function refuser(t: RuleContext) {
  const create = creator(t);
  return async (b: BillingIntervalModel) => expectErrors(await create(b), `${INVALID}; BillingInterval ${String(b)}`, 'BillingPeriodInvalid');
}

/** The §8 boundaries that are invalid on one side of the rule. */
const invalidBoundaries = (monthly: boolean) => BILLING_BOUNDARIES.filter((b) => !b.valid && b.interval.Monthly === monthly).map((b) => b.interval);

rule(
  { ...base, id: 'provisioning.create.billing-monthly-years-not-zero', section: '§7.3', title: 'Monthly true with Years other than 0 is refused with BillingPeriodInvalid' },
  async (t) => {
    const refused = refuser(t);
    await property(t, invalidMonthlyBillingInterval, refused);
    for (const interval of invalidBoundaries(true)) await refused(interval);
  },
);

rule(
  { ...base, id: 'provisioning.create.billing-yearly-years-below-one', section: '§7.3', title: 'Monthly false with Years below 1 is refused with BillingPeriodInvalid' },
  async (t) => {
    const refused = refuser(t);
    await property(t, invalidYearlyBillingInterval, refused);
    for (const interval of invalidBoundaries(false)) await refused(interval);
  },
);

rule(
  { ...base, id: 'provisioning.create.billing-interval-valid', section: '§8', title: 'Monthly true with Years 0, and Monthly false with Years of 1 or more, are accepted' },
  async (t) => {
    const create = creator(t);
    const accepted = async (b: BillingIntervalModel) =>
      expectAccepted(await create(b), `spec §8: 'Monthly true requires Years = 0; Monthly false requires Years >= 1'; BillingInterval ${String(b)}`);
    await property(t, validBillingInterval, accepted);
    for (const { interval, valid } of BILLING_BOUNDARIES) if (valid) await accepted(interval);
  },
);
