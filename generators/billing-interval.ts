import fc from 'fast-check';
import type { BillingIntervalModel } from '../contract/provisioning.js';

/**
 * BillingIntervalModel (spec §2.4: Monthly boolean, Years int). spec §8: 'Monthly true requires
 * Years = 0; Monthly false requires Years >= 1'; spec §7.3 BillingPeriodInvalid: 'Monthly true
 * and Years not 0, or Monthly false and Years less than 1'.
 */

/** spec §8, written as the table states it. */
export const billingIntervalIsValid = (b: BillingIntervalModel): boolean => (b.Monthly ? b.Years === 0 : b.Years >= 1);

const show = (b: BillingIntervalModel) => ({ ...b, toString: () => `{ Monthly: ${b.Monthly}, Years: ${b.Years} }` });

/** Years the suite sends: both sides of 0 and 1 (the §8 boundaries), up to 30. */
const YEARS = fc.integer({ min: -3, max: 30 });

/** Every combination of Monthly and Years, for classification (self-tests, mixed properties). */
export const anyBillingInterval: fc.Arbitrary<BillingIntervalModel> = fc.record({ Monthly: fc.boolean(), Years: YEARS }).map(show);

/** spec §8 valid: Monthly with Years 0, or yearly with Years >= 1. */
export const validBillingInterval: fc.Arbitrary<BillingIntervalModel> = fc
  .oneof(fc.constant({ Monthly: true, Years: 0 }), fc.integer({ min: 1, max: 30 }).map((Years) => ({ Monthly: false, Years })))
  .map(show);

/** spec §7.3 BillingPeriodInvalid, first side: 'Monthly true and Years not 0'. */
export const invalidMonthlyBillingInterval: fc.Arbitrary<BillingIntervalModel> = YEARS.filter((y) => y !== 0).map((Years) => show({ Monthly: true, Years }));

/** spec §7.3 BillingPeriodInvalid, second side: 'Monthly false and Years less than 1'. */
export const invalidYearlyBillingInterval: fc.Arbitrary<BillingIntervalModel> = fc.integer({ min: -3, max: 0 }).map((Years) => show({ Monthly: false, Years }));

/** spec §7.3 BillingPeriodInvalid: either side, equally often. */
export const invalidBillingInterval: fc.Arbitrary<BillingIntervalModel> = fc.oneof(invalidMonthlyBillingInterval, invalidYearlyBillingInterval);

/** The §8 boundaries, each side of each (the cells of the limits table's billing rows on Create, contract/limits-provisioning.ts). */
export const BILLING_BOUNDARIES: ReadonlyArray<{ interval: BillingIntervalModel; valid: boolean }> = [
  { interval: { Monthly: true, Years: 0 }, valid: true },
  { interval: { Monthly: true, Years: 1 }, valid: false },
  { interval: { Monthly: true, Years: -1 }, valid: false },
  { interval: { Monthly: false, Years: 1 }, valid: true },
  { interval: { Monthly: false, Years: 2 }, valid: true },
  { interval: { Monthly: false, Years: 0 }, valid: false },
  { interval: { Monthly: false, Years: -1 }, valid: false },
].map(({ interval, valid }) => ({ interval: show(interval), valid }));
