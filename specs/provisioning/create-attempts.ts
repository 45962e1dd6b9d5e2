import type { BillingIntervalModel, CompanyModel } from '../../contract/provisioning.js';
import { BILLING_BOUNDARIES } from '../../generators/billing-interval.js';
import { attemptCreate, company, expectErrors } from '../../harness/fixtures/provisioning.js';
import type { RuleContext } from '../../harness/rule.js';

/** Creates a company with the given fields, each under a name of its own (the property rules of create.spec.ts). */
export function creator(t: RuleContext) {
  let n = 0;
  return (fields: Partial<CompanyModel>) => attemptCreate(t, company(t, n++, fields));
}

/** A BillingInterval as a plain copy: the generators' toString is for counterexamples, not for the wire. */
export const billing = (b: BillingIntervalModel): Partial<CompanyModel> => ({ BillingInterval: { Monthly: b.Monthly, Years: b.Years } });

const INVALID = "spec §7.3 BillingPeriodInvalid: 'Monthly true and Years not 0, or Monthly false and Years less than 1'";

/** Creates with an invalid BillingInterval and expects BillingPeriodInvalid. */
export function billingRefuser(t: RuleContext) {
  const create = creator(t);
  return async (b: BillingIntervalModel) => expectErrors(await create(billing(b)), `${INVALID}; BillingInterval ${String(b)}`, 'BillingPeriodInvalid');
}

/** The §8 boundaries that are invalid on one side of the rule. */
export const invalidBoundaries = (monthly: boolean) => BILLING_BOUNDARIES.filter((b) => !b.valid && b.interval.Monthly === monthly).map((b) => b.interval);
