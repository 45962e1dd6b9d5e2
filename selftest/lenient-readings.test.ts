import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { anyBillingInterval, BILLING_BOUNDARIES, billingIntervalIsValid, invalidBillingInterval, validBillingInterval } from '../generators/billing-interval.js';
import { MALFORMED_EMAIL_BOUNDARIES, malformedEmail, wellFormedEmail } from '../generators/email-address.js';
import { futureExpirationDate, impossibleCalendarDate, impossibleDateBoundaries, malformedExpirationDate, pastExpirationDate } from '../generators/expiration-date.js';
import { acceptedFolderName, FOLDER_NAME_MAX, folderNameOfLength, invalidFolderType, tooLongFolderName } from '../generators/folder-name.js';
import { intReadings, readingsAccepting, readingsOf, TEXT_READINGS } from '../generators/lenient-readings.js';
import { checkBillingInterval, checkExpirationDate, wellFormedEmail as referenceEmailCheck, type TodayReading } from '../reference/provisioning/validate.js';

/**
 * What the suite sends as invalid is invalid under every lenient
 * reading a real server applies first (generators/lenient-readings.ts: trimming, case folding,
 * NFC/NFKC, a dropped trailing dot; numbers read from strings), and what it sends as valid is
 * valid under each. The reference's own checks (reference/provisioning/validate.ts) judge, under
 * each of their readings (RFC 5322 or lenient e-mail, P16; the three ExpirationDate readings, P7).
 */
const TODAY = new Date('2026-11-22T12:00:00Z');
const RUNS = { seed: 1515, numRuns: 300 };
const all = <T>(arb: fc.Arbitrary<T>, check: (v: T) => void) => fc.assert(fc.property(arb, (v) => void check(v)), RUNS);
const EMAIL_READINGS = [false, true].map((lenient) => (s: string) => referenceEmailCheck(s, lenient));
const DATE_READINGS: TodayReading[] = ['today-not-past', 'today-past', 'one-digit-fields'];
const codePoints = (s: string) => [...s].length;

describe('e-mail addresses (spec §7.3 InvalidEmailAddress; L1, L3)', () => {
  const acceptedBySome = (e: string) => EMAIL_READINGS.flatMap((valid) => readingsAccepting(e, valid));

  test('no generated or boundary malformed address becomes well formed under any lenient reading', () => {
    all(malformedEmail(), (e) => expect(acceptedBySome(e), JSON.stringify(e)).toEqual([]));
    for (const e of MALFORMED_EMAIL_BOUNDARIES) expect(acceptedBySome(e), JSON.stringify(e)).toEqual([]);
  });

  test('every well-formed address stays well formed under every reading', () =>
    all(wellFormedEmail('cfTOKEN1'), (e) => {
      for (const valid of EMAIL_READINGS) for (const read of readingsOf(e)) expect(valid(read), read).toBe(true);
    }));

  test('the address of Found 4 is why a trailing tab left the malformed set: trimmed, it is well formed', () => {
    expect(acceptedBySome('a@aa.com\t')).toContain('surrounding white space trimmed');
    all(malformedEmail(), (e) => expect(e).toBe(e.trim()));
  });
});

describe('ExpirationDate (spec §7.3 InvalidDate, PastExpirationDate; L1, L3)', () => {
  const errors = (d: string) => readingsOf(d).flatMap((read) => DATE_READINGS.map((reading) => checkExpirationDate(read, TODAY, undefined, reading)));

  test('malformed and impossible dates are InvalidDate under every text reading and every date reading', () => {
    all(malformedExpirationDate(TODAY), (d) => expect(new Set(errors(d)), JSON.stringify(d)).toEqual(new Set(['InvalidDate'])));
    all(impossibleCalendarDate(TODAY), (d) => expect(new Set(errors(d)), d).toEqual(new Set(['InvalidDate'])));
    for (const d of impossibleDateBoundaries(TODAY)) expect(new Set(errors(d)), d).toEqual(new Set(['InvalidDate']));
  });

  test('future dates are valid, and past dates past, under every reading', () => {
    all(futureExpirationDate(TODAY), (d) => expect(new Set(errors(d))).toEqual(new Set([undefined])));
    all(pastExpirationDate(TODAY), (d) => expect(new Set(errors(d))).toEqual(new Set(['PastExpirationDate'])));
  });
});

describe('folder names (spec §8 at most 65 characters; L1, L3)', () => {
  const lengthsOf = (name: string) => readingsOf(name).flatMap((read) => [codePoints(read), read.length]);

  test('a too-long name is over 65 under every reading, counted in code points or UTF-16 units', () =>
    all(tooLongFolderName('cfrun0001'), (name) => expect(Math.min(...lengthsOf(name)), name).toBeGreaterThan(FOLDER_NAME_MAX)));

  test('an accepted name keeps its length under every reading, so it is at most 65 under each', () =>
    all(acceptedFolderName('cfrun0001'), (name) => {
      expect(new Set(lengthsOf(name)), name).toEqual(new Set([codePoints(name)]));
      expect(codePoints(name)).toBeLessThanOrEqual(FOLDER_NAME_MAX);
    }));

  test('the boundary names of 65 and 66 characters are fixed points of every reading', () => {
    for (const n of [FOLDER_NAME_MAX, FOLDER_NAME_MAX + 1]) {
      const name = folderNameOfLength('cfrun0001', n);
      expect(Math.max(...lengthsOf(name)), name).toBe(n);
      expect(Math.min(...lengthsOf(name)), name).toBe(n);
    }
  });
});

describe('ints (spec §2 int; L2)', () => {
  test('every int the generators send is a JSON number, which a numeric-string reading reads as itself', () => {
    all(invalidFolderType, (type) => expect(intReadings(type)).toEqual([type]));
    all(anyBillingInterval, (b) => expect(intReadings(b.Years)).toEqual([b.Years]));
  });

  test('billing intervals keep their class once their JSON is read back with numbers as strings', () => {
    const asStrings = (b: { Monthly: boolean; Years: number }) => ({ Monthly: b.Monthly, Years: intReadings(String(b.Years))[0]! });
    all(validBillingInterval, (b) => expect(checkBillingInterval(asStrings(b))).toBeUndefined());
    all(invalidBillingInterval, (b) => expect(checkBillingInterval(asStrings(b))).toBe('BillingPeriodInvalid'));
    for (const { interval, valid } of BILLING_BOUNDARIES) expect(billingIntervalIsValid(asStrings(interval))).toBe(valid);
  });

  test('the numeric-string reading takes a sign, leading zeros and white space, and nothing else', () => {
    expect(['5', '+5', '005', ' 5 ', '-0'].map(intReadings)).toEqual([[5], [5], [5], [5], [-0]]);
    expect(['5.0', '5e0', '0x5', '', 'five', '5 5'].flatMap(intReadings)).toEqual([]);
  });
});

test('the readings are named once each', () => expect(new Set(TEXT_READINGS.map((r) => r.name)).size).toBe(TEXT_READINGS.length));
