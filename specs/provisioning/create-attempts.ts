import type { BillingIntervalModel, CompanyModel } from '../../contract/provisioning.js';
import { BILLING_BOUNDARIES } from '../../generators/billing-interval.js';
import { attemptCreate, company, expectAccepted, expectErrors } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated, expectShown, type ShownField } from '../../harness/fixtures/provisioning-reads.js';
import type { RuleContext } from '../../harness/rule.js';

/** Creates a company with the given fields, each under a name of its own (the property rules of create.spec.ts). */
export function creator(t: RuleContext) {
  let n = 0;
  return (fields: Partial<CompanyModel>) => attemptCreate(t, company(t, n++, fields));
}

/**
 * Creates a company at a stated boundary and expects it accepted, showing the fields as sent
 * where the profile says Data carries the company (P13).
 */
export function acceptor(t: RuleContext, first = 1000) {
  let n = first;
  return async (fields: Partial<CompanyModel>, shows: readonly ShownField[], why: string) => {
    const model = company(t, n++, fields);
    const reply = await attemptCreate(t, model);
    expectAccepted(reply, why);
    expectShown(t, reply, model, shows, why);
  };
}

/** A BillingInterval as a plain copy: the generators' toString is for counterexamples, not for the wire. */
export const billing = (b: BillingIntervalModel): Partial<CompanyModel> => ({ BillingInterval: { Monthly: b.Monthly, Years: b.Years } });

const INVALID = "spec §7.3 BillingPeriodInvalid: 'Monthly true and Years not 0, or Monthly false and Years less than 1'";

/**
 * Creates with an invalid BillingInterval and expects BillingPeriodInvalid; at a stated boundary
 * (`leavesNothing`) also that the refused Create made no company (spec §7.3 CompanyNotFound on update).
 */
export function billingRefuser(t: RuleContext) {
  let n = 0;
  return async (b: BillingIntervalModel, leavesNothing = false) => {
    const i = n++;
    expectErrors(await attemptCreate(t, company(t, i, billing(b))), `${INVALID}; BillingInterval ${String(b)}`, 'BillingPeriodInvalid');
    if (leavesNothing) await expectNotCreated(t, company(t, i), `BillingInterval ${String(b)}`);
  };
}

/** The §8 boundaries that are invalid on one side of the rule. */
export const invalidBoundaries = (monthly: boolean) => BILLING_BOUNDARIES.filter((b) => !b.valid && b.interval.Monthly === monthly).map((b) => b.interval);
