import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BILLING_BOUNDARIES, anyBillingInterval, billingIntervalIsValid, invalidBillingInterval, validBillingInterval } from '../generators/billing-interval.js';
import { buildCompany } from '../generators/company.js';
import { COBRAND_PREFIX_LENGTH, cobrandClash, companyName, nameHead, namePair, namePairArb } from '../generators/company-name.js';
import { MALFORMED_EMAIL_BOUNDARIES, malformedEmail, wellFormedEmail } from '../generators/email-address.js';
import {
  classifyExpirationDate,
  futureExpirationDate,
  impossibleCalendarDate,
  impossibleDateBoundaries,
  isLeapYear,
  leapDays,
  malformedExpirationDate,
  pastExpirationDate,
} from '../generators/expiration-date.js';
import { referenceId } from '../generators/reference-id.js';
import { checkBillingInterval, checkExpirationDate, wellFormedEmail as referenceEmailCheck } from '../reference/provisioning/validate.js';

/**
 * The generators classify inputs by the spec's rules; the reference checks them its own way
 * (reference/provisioning/validate.ts). Two independent readings must agree on every sample.
 */
const TODAY = new Date('2026-11-22T12:00:00Z');
const RUNS = { seed: 4242, numRuns: 300 };
const all = <T>(arb: fc.Arbitrary<T>, check: (v: T) => void) => fc.assert(fc.property(arb, (v) => void check(v)), RUNS);

describe('ExpirationDate', () => {
  test.each([
    [1900, false],
    [2000, true],
    [2024, true],
    [2027, false],
    [2028, true],
    [2100, false],
    [2400, true],
  ])('Gregorian leap year %i → %s', (year, leap) => expect(isLeapYear(year)).toBe(leap));

  test('future dates are future, valid, and accepted by the reference', () =>
    all(futureExpirationDate(TODAY), (d) => {
      expect(classifyExpirationDate(d, TODAY)).toBe('future');
      expect(checkExpirationDate(d, TODAY)).toBeUndefined();
    }));

  test('past dates are past and refused with PastExpirationDate', () =>
    all(pastExpirationDate(TODAY), (d) => {
      expect(classifyExpirationDate(d, TODAY)).toBe('past');
      expect(checkExpirationDate(d, TODAY)).toBe('PastExpirationDate');
    }));

  test('impossible calendar dates and their boundaries are refused with InvalidDate', () => {
    all(impossibleCalendarDate(TODAY), (d) => {
      expect(classifyExpirationDate(d, TODAY)).toBe('impossible');
      expect(checkExpirationDate(d, TODAY)).toBe('InvalidDate');
    });
    for (const d of impossibleDateBoundaries(TODAY)) expect(checkExpirationDate(d, TODAY), d).toBe('InvalidDate');
    expect(impossibleDateBoundaries(TODAY)).toEqual(expect.arrayContaining(['02/29/2027']));
    // P8: the century rule is a `should` of its own; no must-level boundary rests on it
    expect(impossibleDateBoundaries(TODAY)).not.toContain('02/29/2100');
  });

  test('malformed strings are refused with InvalidDate', () =>
    all(malformedExpirationDate(TODAY), (d) => {
      expect(classifyExpirationDate(d, TODAY)).toBe('malformed');
      expect(checkExpirationDate(d, TODAY)).toBe('InvalidDate');
    }));

  test('leap days of the next leap years (within 10 years, P8) are future and valid', () => {
    expect(leapDays(TODAY)).toEqual(['02/29/2028', '02/29/2032']);
    for (const d of leapDays(TODAY)) expect(checkExpirationDate(d, TODAY)).toBeUndefined();
  });

  test('the impossible-date generator shrinks a 02/29 failure to 02/29 of the first non-leap year ahead', () => {
    const details = fc.check(fc.property(impossibleCalendarDate(TODAY), (d) => !d.startsWith('02/29/')), { seed: 1, numRuns: 200 });
    expect(details.failed).toBe(true);
    expect(details.counterexample?.[0]).toBe('02/29/2027');
  });
});

describe('BillingInterval', () => {
  test('the §8 rule, at its boundaries', () => {
    for (const { interval, valid } of BILLING_BOUNDARIES) expect(billingIntervalIsValid(interval), String(interval)).toBe(valid);
  });

  test('valid and invalid generators agree with the classification and with the reference', () => {
    all(validBillingInterval, (b) => expect([billingIntervalIsValid(b), checkBillingInterval(b)]).toEqual([true, undefined]));
    all(invalidBillingInterval, (b) => expect([billingIntervalIsValid(b), checkBillingInterval(b)]).toEqual([false, 'BillingPeriodInvalid']));
    all(anyBillingInterval, (b) => expect(checkBillingInterval(b) === undefined).toBe(billingIntervalIsValid(b)));
  });
});

describe('e-mail addresses', () => {
  test('well-formed addresses pass the reference check and carry the token', () =>
    all(wellFormedEmail('cfTOKEN1'), (e) => {
      expect(referenceEmailCheck(e)).toBe(true);
      expect(referenceEmailCheck(e, true)).toBe(true);
      expect(e).toContain('cftoken1');
    }));

  test('malformed addresses, and each boundary, fail it under the RFC 5322 and the lenient reading (P16)', () => {
    for (const lenient of [false, true]) {
      all(malformedEmail(), (e) => expect(referenceEmailCheck(e, lenient)).toBe(false));
      for (const e of MALFORMED_EMAIL_BOUNDARIES) expect(referenceEmailCheck(e, lenient), e).toBe(false);
    }
  });
});

describe('company names and reference ids', () => {
  test('heads are 8 characters and differ between tests and companies', () => {
    const heads = new Set<string>();
    for (let n = 0; n < 2000; n++) heads.add(nameHead('cfrun0001', n));
    heads.add(nameHead('cfrun0002', 0));
    expect(heads.size).toBe(2001);
    expect(companyName('cfrun0001', 3, 'Acme Inc')).toMatch(/^[A-Z2-9]{8} cfrun0001 Acme Inc$/);
  });

  test('pairs share exactly the leading characters asked for; only 8 is a §8 clash', () => {
    fc.assert(
      fc.property(namePairArb('cfrun0001'), ({ names: [a, b], shared }) => {
        expect(a.slice(0, shared)).toBe(b.slice(0, shared));
        expect(a[shared]).not.toBe(b[shared]);
        expect(cobrandClash(a, b)).toBe(shared >= COBRAND_PREFIX_LENGTH);
      }),
      RUNS,
    );
    const [a, b] = namePair('cfrun0001', 1, 7, ['x', 'y']);
    expect(cobrandClash(a, b)).toBe(false);
  });

  test('reference ids carry the prefix', () => all(referenceId('cfrun0001'), (id) => expect(id).toMatch(/^cfrun0001-[A-Z2-9]{6,16}$/)));
});

describe('company builder (faker)', () => {
  test('builds a company every reference check accepts, the same one for the same seed', () => {
    const plan = { prefix: 'cfrun0001', n: 0, seed: 99, today: TODAY, userTypes: [] };
    const company = buildCompany(plan);
    expect(buildCompany(plan)).toEqual(company);
    expect(buildCompany({ ...plan, n: 1 }).Admin.Email).not.toBe(company.Admin.Email);
    expect(checkExpirationDate(company.ExpirationDate, TODAY)).toBeUndefined();
    expect(checkBillingInterval(company.BillingInterval)).toBeUndefined();
    expect(referenceEmailCheck(company.Admin.Email)).toBe(true);
    expect(company.CompanyName).toContain('cfrun0001');
    expect(company.ReferenceId.startsWith('cfrun0001')).toBe(true);
  });
});
