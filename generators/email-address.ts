import fc from 'fast-check';

/**
 * E-mail addresses (spec §2.4 UserModel.Email, SecureContactModel.Email). spec §7.3
 * InvalidEmailAddress: 'E-mail address not well-formed'. Well formed here is the plain
 * dot-atom form every validator accepts (RFC 5322 §3.4.1 without quoting or comments, host
 * with a dot); malformed is what no reading of RFC 5322 accepts. Forms that validators
 * disagree on (quoted local parts, dotless hosts, IP literals) are in neither set.
 */

const LOWER = 'abcdefghijklmnopqrstuvwxyz'.split('');
const word = (min: number, max: number) => fc.array(fc.constantFrom(...LOWER), { minLength: min, maxLength: max }).map((c) => c.join(''));

/** Well formed and unique under `token` (the run prefix keeps targets' users apart). */
export function wellFormedEmail(token: string): fc.Arbitrary<string> {
  return fc
    .tuple(word(1, 12), fc.constantFrom('.', '_', '+', '-', ''), word(0, 8), word(2, 12), fc.constantFrom('com', 'org', 'net', 'example', 'test'))
    .map(([a, sep, b, host, tld]) => `${a}${b ? sep + b : ''}.${token.toLowerCase()}@${host}.${tld}`);
}

/**
 * Not well formed under every reasonable reading of 'well-formed' (clarification P16): RFC 5322
 * and the lenient `something@something.something` test alike refuse them. No @, two @, an empty
 * local part, no domain, white space inside. Forms only RFC 5322 refuses (a leading or doubled
 * dot, a dot after @, `<`, a comma in the host) are left out: many validators accept them.
 * Every one stays malformed under the lenient readings of generators/lenient-readings.ts
 * (clarification L1): white space is only ever inside an address, never around it, since
 * .NET's `MailAddress` trims `"a@aa.com\t"` into a well-formed address (the
 * trailing tab was moved out of this set); an address ending in a dot (`a@b.com.`) is in neither
 * set, as some readings drop the dot.
 */
export function malformedEmail(): fc.Arbitrary<string> {
  const local = word(1, 10);
  const host = fc.tuple(word(2, 10), fc.constantFrom('com', 'org', 'example')).map(([h, t]) => `${h}.${t}`);
  return fc.oneof(
    fc.tuple(local, host).map(([l, h]) => `${l}${h}`),
    fc.tuple(local, host).map(([l, h]) => `${l}@@${h}`),
    fc.tuple(local, host).map(([l, h]) => `${l}@${l}@${h}`),
    host.map((h) => `@${h}`),
    local.map((l) => `${l}@`),
    fc.tuple(local, host).map(([l, h]) => `${l} ${l}@${h}`),
    fc.tuple(local, host).map(([l, h]) => `${l}@${h.replace('.', ' .')}`),
    fc.tuple(local, host).map(([l, h]) => `${l}(at)${h}`),
    fc.tuple(local, host).map(([l, h]) => `${l}\t${l}@${h}`),
  );
}

/**
 * One of each malformed kind, for a boundary table (spec §7.3 InvalidEmailAddress; P16). The
 * two with white space at an edge (' @example.com', 'user@ ') stay malformed once trimmed
 * ('@example.com', 'user@'), which is why they may stay (L1).
 */
export const MALFORMED_EMAIL_BOUNDARIES: readonly string[] = [
  'plainaddress.example.com',
  'two@@example.com',
  'a@b@example.com',
  '@example.com',
  'user@',
  'user name@example.com',
  'user@exa mple.com',
  ' @example.com',
  'user@ ',
];
