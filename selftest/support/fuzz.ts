/**
 * A small seeded generator of malformed requests for the reference fuzz self-test: invalid JSON,
 * deep nesting, huge strings, wrong types, objects with toString/valueOf traps, nulls, arrays
 * where objects go, unicode, empty bodies. Deterministic for a seed (mulberry32).
 */
export class Prng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Field names the interfaces read (vendor-wire §1, §2, §5), so wrong values reach the readers. */
export const FIELDS = [
  'UserIdOrEmail', 'Password', 'OldPassword', 'NewPassword', 'EmailAddr', 'FolderId', 'FolderID', 'FolderName', 'FolderType', 'MessageListFilter',
  'MustHaveAttachments', 'LastMessageIDReceived', 'Filter', 'GetInboxUnReadOnly', 'GetRetractedMsgs', 'OrderBy', 'OrderDesc', 'PageNum', 'PageSize',
  'To', 'From', 'Cc', 'Bcc', 'Subject', 'CreateTime', 'Attachments', 'HtmlBody', 'TextBody', 'MimeMessage', 'DestinationFolderId',
  'grant_type', 'client_id', 'client_secret', 'refresh_token', 'code', 'resource_type', 'company_id', 'otp', 'mfa_method', 'mfa_token', 'user_token', 'challenge_type',
  'UserName', 'PlatformCode', 'Command', 'IV', 'Data', 'Hash', 'ReferenceId', 'CompanyName', 'Admin', 'BillingInterval', 'Status', 'UserTypes',
  'Cobrand', 'SecureContacts', 'AutoSenderDomains', 'ExpirationDate', 'ExternalIp', 'AutomationId', 'CompanyType', 'toString', 'valueOf', '__proto__', 'constructor',
] as const;

const deep = (n: number, open: string, inner: string, close: string) => open.repeat(n) + inner + close.repeat(n);
const UNICODE = ['\u0000', '\ud800', '\udfff', '😀', '\u202e', 'Ω≈ç√', '\ufeff', 'e\u0301', '𝕏'.repeat(70), '\u2028\u2029'];

/** A JSON text of a value that no field expects (or a text that is no JSON at all). */
export function weirdValue(r: Prng, depth = 0): unknown {
  const choice = r.int(depth > 2 ? 8 : 12);
  switch (choice) {
    case 0: return null;
    case 1: return r.pick([0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, -0]);
    case 2: return r.pick([true, false]);
    case 3: return r.pick(['', ' ', 'true', '12345', '-1', '1e3', 'null', '{}', 'AAAA', '=====', 'user@', '@x', '../../etc']);
    case 4: return r.pick(UNICODE) + r.pick(['', 'x', '@reference.test']);
    case 5: return 'x'.repeat(r.pick([256, 4096, 70_000]));
    case 6: return { toString: r.pick([1, null, {}, 'x']), valueOf: r.pick([1, {}, []]) };
    case 7: return [];
    case 8: return Array.from({ length: r.int(4) }, () => weirdValue(r, depth + 1));
    case 9: return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(FIELDS), weirdValue(r, depth + 1)]));
    case 10: return [null, null];
    default: return { [r.pick(FIELDS)]: [null] };
  }
}

/** Raw text bodies that are malformed before any field is read. */
function rawBody(r: Prng): string | undefined {
  switch (r.int(12)) {
    case 0: return undefined;
    case 1: return '';
    case 2: return r.pick(['{', '{"a":', '[', 'nul', "{'a':1}", '{"a":1,}', '\u0000', '""', '"', '{}}', '1 2', 'NaN', '-']);
    case 3: return deep(10_000, '[', '', ']');
    case 4: return deep(10_000, '{"a":', '1', '}');
    case 5: return deep(r.pick([63, 64, 65, 200]), '[', '1', ']');
    case 6: return JSON.stringify({ [r.pick(FIELDS)]: 'y'.repeat(300_000) });
    case 7: return `{"${r.pick(FIELDS)}": ${deep(10_000, '[', '', ']')}}`;
    case 8: return r.pick(UNICODE).repeat(r.int(50) + 1);
    case 9: return Buffer.from(Array.from({ length: 64 }, () => r.int(256))).toString('latin1');
    case 10: return JSON.stringify(r.pick([[], [{}], 42, 'text', null, true]));
    default: return `{"${r.pick(FIELDS)}": ${deep(r.int(3000) + 65, '{"x":', '1', '}')}}`;
  }
}

/** A request body: malformed text, or a JSON object whose fields hold values of the wrong kind. */
export function fuzzBody(r: Prng, known: Record<string, unknown> = {}): string | undefined {
  if (r.chance(0.4)) return rawBody(r);
  const body: Record<string, unknown> = r.chance(0.5) ? { ...known } : {};
  for (let i = r.int(6); i >= 0; i -= 1) {
    const name = r.pick(FIELDS);
    body[r.chance(0.15) ? name.toUpperCase() : name] = weirdValue(r);
  }
  const text = JSON.stringify(body);
  // the traps the seven 500s came from: deep arrays in PlatformCode, IV, Data, Hash
  if (r.chance(0.1)) return text.replace(/^\{/, `{"${r.pick(['PlatformCode', 'IV', 'Data', 'Hash'])}": ${deep(10_000, '[', '', ']')},`).replace(',}', '}');
  return text;
}
