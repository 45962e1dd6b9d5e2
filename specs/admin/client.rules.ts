import { operationsOf } from '../../contract/operations.js';
import { loginData, parseTimeStamp } from '../../contract/wire/admin-login.js';
import { decrypt, open } from '../../contract/wire/envelope-crypto.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { eachRequest, type ClientRule, type JudgeContext } from '../../judge/client-rule.js';
import type { Observed } from '../../judge/exchange.js';
import { modelFieldRules } from '../../judge/families/model-fields.js';
import { keyedRules, type KeyedInterface } from '../../judge/families/session-keys.js';

/**
 * What the administration interface asks of a caller (spec §2.2, §4.2, §5 rule 5; B3,
 * vendor-wire §3.1): the encrypted log-on (AutomationId in clear, the LoginModel encrypted with
 * the company key and the IV of X-Iv, X-Hash the HMAC-SHA512 of the plaintext, a LoginModel that
 * names a user, a TimeStamp within ±5 s), the §2.2 type of every request model field, and a
 * session key from a log-on on every other operation, never after its log-out. The judge opens
 * the payload with the company keys it holds and those the recording shows answered.
 */

export const ADMIN_KEYED: KeyedInterface = {
  iface: 'admin',
  ops: operationsOf('admin', ['admin.GetSessionKey']),
  spec: [{ anchor: '§5/administration-interface-uses-session-key', quote: 'The administration interface uses a session key from Get a session key.' }],
  binding: ['B3'],
  carrier: 'X-Session-Key',
};

const ENCRYPTED: readonly [SpecRef, ...SpecRef[]] = [
  { anchor: '§4.2/get-session-key', quote: 'LoginModel, sent as an encrypted payload' },
  { anchor: '§5/payload-call-encrypted', quote: 'The payload of that call is encrypted.' },
];

type Login = { state: 'unknown-company' } | { state: 'undecryptable'; why: string } | { state: 'opened'; plaintext: string; hashOk: boolean };

/** The log-on payload opened with a key the judge holds for its AutomationId (vendor-wire §3.1 steps 1-5). */
function openLogin(o: Observed, ctx: JudgeContext): Login {
  const keys = ctx.timeline.companyKeys(o.x.headers['x-company-automation-id'] ?? '');
  if (keys.length === 0) return { state: 'unknown-company' };
  let why = '';
  for (const key of keys) {
    const opened = open(key, { iv: o.x.headers['x-iv'] ?? '', data: loginData(o.x.body ?? ''), hash: o.x.headers['x-hash'] ?? '' });
    if (opened.ok) return { state: 'opened', plaintext: opened.plaintext, hashOk: true };
    if (opened.reason === 'hash-mismatch') return { state: 'opened', plaintext: plainOf(key, o), hashOk: false };
    why = opened.detail;
  }
  return { state: 'undecryptable', why };
}

const plainOf = (key: string, o: Observed) => decrypt(key, o.x.headers['x-iv'] ?? '', loginData(o.x.body ?? ''));

const model = (plaintext: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(plaintext);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

const login = (id: string, title: string, level: 'must' | 'should', spec: readonly [SpecRef, ...SpecRef[]], check: (o: Observed, ctx: JudgeContext) => string | undefined | 'skip'): ClientRule =>
  eachRequest({ id: `admin.client.login-${id}`, title, interface: 'admin', level, spec, binding: ['B3'], operation: 'admin.GetSessionKey' }, check);

const LOGIN_RULES: ClientRule[] = [
  login('automation-id', 'Get a session key names the company in X-Company-Automation-Id', 'must', [{ anchor: '§5/administration-client-configured-base-address', quote: 'two company-level credential strings' }, ...ENCRYPTED], (o) =>
    o.x.headers['x-company-automation-id'] ? undefined : 'no X-Company-Automation-Id header',
  ),
  login('encrypted', 'Get a session key sends the LoginModel encrypted with the company key and the IV of X-Iv', 'must', ENCRYPTED, (o, ctx) => {
    const l = openLogin(o, ctx);
    return l.state === 'unknown-company' ? 'skip' : l.state === 'undecryptable' ? `the payload does not decrypt with the company key (${l.why})` : undefined;
  }),
  login('hash', 'Get a session key sends in X-Hash the HMAC-SHA512 of the LoginModel plaintext', 'must', ENCRYPTED, (o, ctx) => {
    const l = openLogin(o, ctx);
    return l.state !== 'opened' ? 'skip' : l.hashOk ? undefined : 'X-Hash is not the HMAC-SHA512 of the plaintext with the company key';
  }),
  login(
    'model',
    'the encrypted payload is a LoginModel: an Identity naming the user by Email, UserId or SingleSignOnId, and a TimeStamp',
    'must',
    [
      { anchor: '§2.2/LoginModel', quote: 'Identity (IdentityModel), TimeStamp (datetime)' },
      { anchor: '§2.2/IdentityModel', quote: 'Used to identify a user.' },
    ],
    (o, ctx) => {
      const l = openLogin(o, ctx);
      if (l.state !== 'opened') return 'skip';
      const m = model(l.plaintext);
      if (!m) return 'the decrypted payload is not a JSON object';
      const id = m.Identity as Record<string, unknown> | undefined;
      if (!id || typeof id !== 'object' || !['Email', 'UserId', 'SingleSignOnId'].some((f) => typeof id[f] === 'string' && id[f] !== '')) return 'its Identity names no user by Email, UserId or SingleSignOnId';
      return parseTimeStamp(m.TimeStamp) ? undefined : `its TimeStamp ${JSON.stringify(m.TimeStamp)} is not a datetime`;
    },
  ),
  login('timestamp-window', 'the LoginModel’s TimeStamp is within 5 seconds of when it is sent', 'should', [{ anchor: '§2.2/LoginModel', quote: 'TimeStamp (datetime)' }], (o, ctx) => {
    const l = openLogin(o, ctx);
    const at = l.state === 'opened' ? parseTimeStamp(model(l.plaintext)?.TimeStamp) : undefined;
    if (!at) return 'skip';
    const off = Math.round((at.getTime() - o.x.at) / 1000);
    return Math.abs(off) <= 5 ? undefined : `its TimeStamp is ${off} s from when it was sent (B3: within ±5 s)`;
  }),
];

export const ADMIN_CLIENT_RULES: readonly ClientRule[] = [...LOGIN_RULES, ...modelFieldRules('admin'), ...keyedRules(ADMIN_KEYED)];
