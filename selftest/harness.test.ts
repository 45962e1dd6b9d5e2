import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { filesUnder, ROOT } from './support/cli.js';
import { ConfigError, loadProfile, loadRunSettings } from '../run/config.js';
import { curlFor, renderExchange } from '../harness/evidence.js';
import { eventually } from '../harness/eventually.js';
import { Redactor } from '../harness/redact.js';
import { secretForms } from '../contract/secret-forms.js';
import { hotp, totp, verifyTotp, base32Encode, base32Decode } from '../contract/wire/totp.js';
import { signHs256, verifyHs256 } from '../contract/wire/jwt.js';

describe('configuration', () => {
  test('names the key and its source in one sentence', () => {
    expect(() => loadProfile({ env: { SMS_TARGET: 'http://x.test', SMS_RELEASE: 'five' } })).toThrow(
      new ConfigError('The profile value "release" (from SMS_RELEASE) is "five", but it must be a release number such as 5.36.'),
    );
    expect(() => loadProfile({ env: {} })).toThrow(/No target is set: pass --target URL, set SMS_TARGET/);
    expect(() => loadProfile({ env: {}, flags: { profile: '/nonexistent.json' } })).toThrow(/cannot be read/);
    expect(() => loadRunSettings({ env: { SMS_PROPERTY_RUNS: '0' } })).toThrow(/SMS_PROPERTY_RUNS is "0"/);
  });

  test('defaults follow default-binding B8 and flags win over the environment', () => {
    const profile = loadProfile({ env: { SMS_TARGET: 'http://a.test' }, flags: { target: 'http://b.test' } });
    expect(profile).toMatchObject({ baseUrl: 'http://b.test', edition: 'securemail', release: '5.36', token: { scheme: 'Bearer' } });
    expect(loadRunSettings({ env: { SMS_SEED: '42' } }).seed).toBe(42);
  });

  test('one reader per kind: the suite reads its configuration in run/config.ts, the reference in reference/config.ts', () => {
    // a named read of the environment (env.SMS_X, env['REFERENCE_X'], process.env.X): the rest take what the readers parsed
    const READ = /\benv\.(SMS|REFERENCE)_[A-Z_]+|\benv\[['"](SMS|REFERENCE)_|process\.env\.[A-Za-z]|process\.env\[/;
    // Faults.fromEnv and Refusals.fromEnv parse their own settings for reference/config.ts, their one caller
    const READERS = ['run/config.ts', 'reference/config.ts', 'reference/faults.ts', 'reference/refusals.ts'];
    const reads = ['cli', 'run', 'reporting', 'harness', 'tools', 'specs', 'generators', 'contract', 'reference']
      .flatMap((room) => filesUnder(join(ROOT, room)))
      .filter((f) => /\.(ts|mjs)$/.test(f) && !READERS.includes(relative(ROOT, f)))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (READ.test(line) ? [`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [])));
    expect(reads, `configuration read outside its reader:\n${reads.join('\n')}`).toEqual([]);
    const callers = ['cli', 'run', 'tools', 'reference'].flatMap((room) => filesUnder(join(ROOT, room))).filter((f) => /(Faults|Refusals)\.fromEnv\(/.test(readFileSync(f, 'utf8')));
    expect(callers.map((f) => relative(ROOT, f))).toEqual(['reference/config.ts']);
  });
});

describe('redaction', () => {
  test('hides known values and the values learnt from requests and answers in bodies, headers and curl', () => {
    const r = new Redactor(['hunter22']);
    r.learnFrom({ access_token: 'tok-123456', nested: [{ SessionKey: 'ABCDEF123' }] });
    const exchange = {
      method: 'POST',
      url: 'http://x.test/Token?k=hunter22',
      requestHeaders: { 'x-session-key': 'ABCDEF123', authorization: 'Bearer tok-123456' },
      requestBody: '{"client_secret":"other-secret","note":"hunter22 and tok-123456"}',
      status: 200,
      responseHeaders: {},
      responseBody: '{"refresh_token":"rt-999999"}',
      ms: 1,
    };
    // as harness/http.ts does: what the request sends and the answer hands out is learnt by value
    r.learnFromRequest(exchange.requestHeaders, exchange.requestBody);
    r.learnFromText(exchange.responseBody);
    const shown = renderExchange(exchange, r) + curlFor(exchange, r);
    for (const secret of ['hunter22', 'tok-123456', 'ABCDEF123', 'other-secret', 'rt-999999']) expect(shown).not.toContain(secret);
    expect(shown).toContain('[redacted: ');
  });

  test('finds every form of every secret wherever it stands (first, last, touching, inside a longer one), the longest at a place, as a plain search would', () => {
    // the redactor's one-pass index (forms bucketed by their first two characters) against the
    // plain reading: at each place, the longest form that starts there, else the character
    const forms = (v: string) => secretForms(v).map(([text]) => text);
    const plain = (input: string, secrets: string[]) => {
      const all = [...new Set(secrets.flatMap(forms))].sort((a, b) => b.length - a.length);
      let out = '';
      for (let i = 0; i < input.length; ) {
        const hit = all.find((f) => input.startsWith(f, i));
        out += hit === undefined ? input[i] : '#';
        i += hit?.length ?? 1;
      }
      return out;
    };
    const alphabet = fc.constantFrom('a', 'b', 'A', '/', '+', '=', '%', '"', 'é', '😀');
    const word = (min: number) => fc.array(alphabet, { minLength: min, maxLength: 7 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(word(4), { minLength: 1, maxLength: 4 }), fc.array(fc.oneof(word(0), fc.nat(7)), { maxLength: 8 }), (drawn, parts) => {
        // each drawn secret also as the start of a longer one: two forms begin at one place (and a
        // cut emoji leaves a lone surrogate, which has no URL-encoded form)
        const secrets = [...new Set(drawn.flatMap((d) => [d, `${d}${d.slice(0, 3)}`]))];
        const input = parts.map((p) => (typeof p === 'number' ? (forms(secrets[p % secrets.length]!)[p % 4] ?? '') : p)).join('');
        const r = new Redactor(secrets);
        expect(r.replace(input, () => '#')).toBe(plain(input, secrets));
      }),
      { seed: 20261201, numRuns: 500 },
    );
  });
});

describe('wire algorithms', () => {
  test('TOTP matches RFC 6238 appendix B (SHA-1) and RFC 4226 appendix D', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    expect(base32Decode(secret).toString()).toBe('12345678901234567890');
    expect(hotp(Buffer.from('12345678901234567890'), 0)).toBe('755224');
    expect(totp(secret, new Date(59_000))).toBe('287082');
    expect(totp(secret, new Date(1111111109_000))).toBe('081804');
    expect(verifyTotp(secret, '287082', new Date(59_000 + 30_000))).toBe(true);
    expect(verifyTotp(secret, '287082', new Date(59_000 + 90_000))).toBe(false);
  });

  test('HS256 codes verify with the right secret only, and not after expiry', () => {
    const code = signHs256({ email: 'a@b.test', sub: 's', exp: 2_000_000_000 }, 'k1');
    expect(verifyHs256(code, 'k1')?.email).toBe('a@b.test');
    expect(verifyHs256(code, 'k2')).toBeUndefined();
    expect(verifyHs256(code, 'k1', new Date(2_000_000_001_000))).toBeUndefined();
    expect(verifyHs256('garbage', 'k1')).toBeUndefined();
  });
});

describe('eventually', () => {
  test('returns the first value and gives up at the deadline with a sentence', async () => {
    let calls = 0;
    await expect(eventually('x', async () => (++calls >= 3 ? 'done' : undefined), { timeoutMs: 2_000, intervalMs: 10 })).resolves.toBe('done');
    await expect(eventually('the thing', async () => undefined, { timeoutMs: 150, intervalMs: 20 })).rejects.toThrow('Waited 150 ms (SMS_EVENTUALLY_TIMEOUT_MS) for the thing, without success.');
  });
});

describe('the sample profile', () => {
  test('fixtures/profiles/example.profile.json is a valid profile', () => {
    const profile = loadProfile({ env: {}, flags: { profile: 'fixtures/profiles/example.profile.json' } });
    expect(profile.accounts.mfaTotp?.totpSecret).toBe('JBSWY3DPEHPK3PXP');
  });
});
