import { describe, expect, test } from 'vitest';
import {
  PROVISIONING_ERROR_NAMES,
  VENDOR_ERROR_CODES,
  codeForErrorName,
  errorNameForCode,
  specErrorName,
  vendorErrorName,
} from '../contract/provisioning.js';
import { provisioningCoverage } from '../contract/provisioning-coverage.js';
import { decrypt, encrypt, hmac, newKey, open, verify } from '../contract/wire/envelope-crypto.js';
import { PROVISIONING_FAULTS } from '../reference/provisioning/faults.js';

/** The envelope crypto (vendor-wire §3.1, §5) and the error-code table (vendor-wire §5, B5). */
describe('envelope crypto', () => {
  // known answer computed with the openssl CLI: `openssl enc -aes-256-cbc -K 0001..1f -iv 0001..0f`
  // and `openssl dgst -sha512 -mac HMAC -macopt hexkey:0001..1f`
  const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
  const IV = Buffer.from('AAECAwQFBgcICQoLDA0ODw==', 'base64');
  const PLAINTEXT = '{"ReferenceId":"R-1","AutomationId":null}';

  test('matches an independent AES-256-CBC/PKCS#7 and HMAC-SHA512 implementation (openssl)', () => {
    expect(encrypt(KEY, PLAINTEXT, IV)).toEqual({
      iv: 'AAECAwQFBgcICQoLDA0ODw==',
      data: 'DAMKNwyZNUZzgh9uuFWoVqEQpV5YKiXZxc5GOU1F9S7XlATnK8CIntpM6OEh+uO4',
      hash: 'FBwc3uYfPgjPicgiKL1pEaQxoQn5SUqbotZH3NHH5Wv7AzsXfOBonZSxcCYHgVJoJoQTFahULqJfnyv5z8KEqg==',
    });
  });

  test('round-trips any UTF-8 text with a random IV each time, and verifies the hash over the plaintext', () => {
    const key = newKey();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    const text = JSON.stringify({ CompanyName: 'Zoë & Søn — 株式会社', n: 1 });
    const a = encrypt(key, text);
    const b = encrypt(key, text);
    expect(a.iv).not.toBe(b.iv);
    expect(decrypt(key, a.iv, a.data)).toBe(text);
    expect(verify(key, text, a.hash)).toBe(true);
    expect(open(key, a)).toEqual({ ok: true, plaintext: text });
  });

  test('tells a wrong hash from data that does not decrypt', () => {
    const key = newKey();
    const sealed = encrypt(key, '{"a":1}');
    expect(open(key, { ...sealed, hash: hmac(key, '{"a":2}') })).toMatchObject({ ok: false, reason: 'hash-mismatch' });
    expect(open(key, { ...sealed, data: '%%not-base64%%' })).toMatchObject({ ok: false, reason: 'undecryptable' });
    expect(open(key, { ...sealed, data: Buffer.alloc(20).toString('base64') })).toMatchObject({ ok: false, reason: 'undecryptable' });
    expect(open(newKey(), sealed).ok).toBe(false);
    expect(open(key, { ...sealed, iv: 'AAAA' })).toMatchObject({ ok: false, reason: 'undecryptable' });
  });

  test('refuses a key that is not 32 bytes (AES-256)', () => {
    expect(() => encrypt(Buffer.alloc(16).toString('base64'), 'x')).toThrow(/32/);
  });
});

describe('provisioning error codes', () => {
  test('the vendor enum has 40 entries, NoError = 0 to UnknownError = 39, and covers every spec §7.3 name once', () => {
    expect(VENDOR_ERROR_CODES).toHaveLength(40);
    expect(VENDOR_ERROR_CODES[39]).toBe('UnknownError');
    expect(PROVISIONING_ERROR_NAMES).toHaveLength(39);
    const mapped = VENDOR_ERROR_CODES.slice(1).map((_, i) => errorNameForCode(i + 1));
    expect([...mapped].sort()).toEqual([...PROVISIONING_ERROR_NAMES].sort());
    expect(errorNameForCode(0)).toBeUndefined();
    expect(errorNameForCode(40)).toBeUndefined();
  });

  test.each([
    ['NotAuthenticated', 'NotAuthorized', 32],
    ['InvalideUserId', 'InvalidUserId', 17],
    ['LicenseQuanityLessThanNumberOfUsers', 'LicenseQuantityLessThanNumberOfUsers', 22],
    ['CouldNotCreateUserType', 'CouldNotCreateType', 23],
  ] as const)('B5: the vendor spelling %s reads as %s (code %i)', (vendor, spec, code) => {
    expect(specErrorName(vendor)).toBe(spec);
    expect(codeForErrorName(spec)).toBe(code);
    expect(vendorErrorName(spec)).toBe(vendor);
  });

  test('every name round-trips through its code and its vendor spelling', () => {
    for (const name of PROVISIONING_ERROR_NAMES) {
      expect(errorNameForCode(codeForErrorName(name))).toBe(name);
      expect(specErrorName(vendorErrorName(name))).toBe(name);
    }
  });
});

describe('provisioning coverage and teeth catalogue', () => {
  test('every §7.3 row the coverage matrix says a rule triggers has a rule with a reference fault', () => {
    const faulted = new Set<string>(PROVISIONING_FAULTS.map((f) => f.rule));
    const toothless = provisioningCoverage().filter((row) => row.rules.length > 0 && !row.rules.some((id) => faulted.has(id)));
    expect(toothless.map((row) => `${row.anchor}: ${row.rules.join(', ')}`)).toEqual([]);
  });

  test('fault ids are unique and each names a provisioning rule', () => {
    const ids = PROVISIONING_FAULTS.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(PROVISIONING_FAULTS.every((f) => f.rule.startsWith('provisioning.') && f.id.startsWith('provisioning.'))).toBe(true);
  });
});
