import { loginData, openLogin, parseTimeStamp } from '../../contract/wire/admin-login.js';
import { decrypt } from '../../contract/wire/envelope-crypto.js';
import type { User } from '../core/domain.js';
import { removedIdentity } from '../core/credential-policy.js';
import { readBody, type Ctx } from '../http.js';
import { asObject, parseJson } from '../json.js';
import type { ReferenceState } from '../state.js';
import { invalid, keyAnswer, refuse } from './answers.js';
import { timeStampForms } from './readings.js';

/** vendor-wire §3.1 / B3: TimeStamp within ±5 s of the server's UTC time. */
export const TIMESTAMP_WINDOW_MS = 5_000;

const header = (c: Ctx, name: string) => c.req.header(name)?.trim() ?? '';
const asText = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * spec §4.2 Get a session key, §5 rule 5: the LoginModel sent encrypted (vendor-wire §3.1).
 * Refused: an unknown AutomationId, a payload that does not decrypt under the company's key
 * or whose X-Hash is not HMAC-SHA512 of its plaintext, a TimeStamp outside the window, and an
 * identity that names no user of the company.
 */
export async function getSessionKey(c: Ctx, state: ReferenceState): Promise<Response> {
  const { companies, credentials, accounts, domain, variant } = state;
  const fault = c.get('fault');
  const read = await readBody(c);
  if (!read.ok) return invalid('The request body is too large.');
  const automationId = header(c, 'x-company-automation-id');
  let company = automationId ? companies.byAutomationId(automationId) : undefined;
  if (!company && automationId && fault('admin.session-key-automation-id-unchecked')) {
    // the fault: an unknown AutomationId falls back to the first company with a key
    for (const c2 of domain.companies.values()) {
      const key = companies.defaultKey(c2.id);
      const opened = openLogin(key.apiEncryptionKey, read.text, header(c, 'x-iv'), header(c, 'x-hash'));
      if (opened.ok) company = companies.byAutomationId(key.automationId);
    }
  }
  if (!company) return refuse('Unknown company automation id.');
  accounts.seenKey(company.key.automationId, company.key.apiEncryptionKey);

  const replaced = fault('admin.session-key-replaced-key-accepted') || fault('admin.company-key-old-still-valid') ? accounts.previousKeys(automationId) : [];
  // spec §4.2, §4.5, §3.2: the keys of the AutomationId that open a session, as the credential policy answers
  const policy = c.get('credentialPolicy');
  const keys = company.key.automationId === automationId ? companies.keysOpening(automationId, policy) : [company.key.apiEncryptionKey];
  const tryKey = (key: string) => openLogin(key, read.text, header(c, 'x-iv'), header(c, 'x-hash'));
  let opened: ReturnType<typeof openLogin> = keys[0] === undefined ? { ok: false, reason: 'undecryptable', detail: 'no key opens a session' } : tryKey(keys[0]);
  for (const other of [...keys.slice(1), ...replaced]) if (!opened.ok) opened = tryKey(other);
  let payload: Record<string, unknown> | undefined;
  if (opened.ok) {
    payload = parseObject(opened.plaintext);
  } else if (opened.reason === 'hash-mismatch' && fault('admin.session-key-hash-unchecked')) {
    // the fault: decrypts without checking X-Hash
    payload = parseObject(decrypt(company.key.apiEncryptionKey, header(c, 'x-iv'), loginData(read.text)));
  } else if (opened.reason === 'undecryptable' && (fault('admin.session-key-tamper-falls-back') || fault('admin.session-key-wrong-key-falls-back'))) {
    // the fault: trusts the clear identity headers when the payload does not open
    payload = { Identity: { Email: header(c, 'x-email'), UserId: header(c, 'x-user-id'), SingleSignOnId: header(c, 'x-single-sign-on-id') }, TimeStamp: new Date().toISOString() };
  }
  if (!payload) return refuse('The login payload could not be verified.');

  const at = parseTimeStamp(payload.TimeStamp, timeStampForms(variant).accepted);
  if (!at) return refuse('The login time stamp is not a date.');
  const skew = at.getTime() - domain.clock.now().getTime();
  const tooOld = skew < -TIMESTAMP_WINDOW_MS && !fault('admin.session-key-past-unchecked');
  const tooNew = skew > TIMESTAMP_WINDOW_MS && !fault('admin.session-key-future-unchecked');
  if (tooOld || tooNew) return refuse('The login time stamp is outside the allowed window.');

  const identity = payload.Identity && typeof payload.Identity === 'object' ? (payload.Identity as Record<string, unknown>) : {};
  // §2.2 IdentityModel 'Used to identify a user': a user of the company (a deleted one where the credential policy says so)
  let user: User | undefined = accounts.find(company.company.id, identity) ?? removedIdentity(domain, company.company.id, identity, policy);
  // a user's identity (the administrator's signs on with the company key: that cell is the company key's)
  if (user && !accounts.isAdministrator(user) && !policy.opens('login-identity', 'admin.GetSessionKey')) user = undefined;
  if (!user && fault('admin.session-key-other-company-identity')) user = accounts.find(domain.users.get(accounts.anyUserIdBy(identity) ?? -1)?.companyId ?? -1, identity);
  if (!user && fault('admin.session-key-unknown-identity-gets-admin')) user = accounts.administratorOf(company.company.id);
  if (user && asText(identity.UserId) && !asText(identity.Email) && fault('admin.session-key-by-user-id-refused')) user = undefined;
  if (user && asText(identity.SingleSignOnId) && !asText(identity.Email) && fault('admin.session-key-by-sso-refused')) user = undefined;
  if (user && fault('admin.session-key-always-administrator')) user = accounts.administratorOf(company.company.id) ?? user;
  if (!user) return refuse('No user of the company has that identity.');

  const key = credentials.newSessionKey(user, 'admin-key');
  accounts.rememberSession(key, company.key.automationId);
  if (fault('admin.session-key-admin-only')) accounts.adminOnly(key, credentials);
  return keyAnswer(c, variant, fault('admin.session-key-empty') ? '' : key, 'SessionKey');
}

function parseObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseJson(text);
  return parsed.ok ? asObject(parsed.value) : undefined;
}
