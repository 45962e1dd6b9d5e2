import { loginData, openLogin, parseTimeStamp } from '../../contract/wire/admin-login.js';
import { decrypt } from '../../contract/wire/envelope-crypto.js';
import type { User } from '../core/domain.js';
import { removedIdentity } from '../core/credential-policy.js';
import { readBody, type Ctx } from '../http.js';
import { asObject, parseJson } from '../json.js';
import type { ReferenceState } from '../state.js';
import { invalid, keyAnswer, refuse } from './answers.js';
import { timeStampForms } from './readings.js';

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
  const policy = c.get('adminPolicy');
  const read = await readBody(c);
  if (!read.ok) return invalid('The request body is too large.');
  const automationId = header(c, 'x-company-automation-id');
  let company = automationId ? companies.byAutomationId(automationId) : undefined;
  if (!company && automationId && !policy.refusesUnknownAutomationId()) {
    // not refused: the company is the last whose default key opens the payload
    for (const c2 of domain.companies.values()) {
      const key = companies.defaultKey(c2.id);
      const opened = openLogin(key.apiEncryptionKey, read.text, header(c, 'x-iv'), header(c, 'x-hash'));
      if (opened.ok) company = companies.byAutomationId(key.automationId);
    }
  }
  if (!company) return refuse('Unknown company automation id.');
  accounts.seenKey(company.key.automationId, company.key.apiEncryptionKey);

  const replaced = policy.replacedCompanyKeyOpens() ? accounts.previousKeys(automationId) : [];
  // spec §4.2, §4.5, §3.2: the keys of the AutomationId that open a session, as the credential policy answers
  const credentialPolicy = c.get('credentialPolicy');
  const keys = company.key.automationId === automationId ? companies.keysOpening(automationId, credentialPolicy) : [company.key.apiEncryptionKey];
  const tryKey = (key: string) => openLogin(key, read.text, header(c, 'x-iv'), header(c, 'x-hash'));
  let opened: ReturnType<typeof openLogin> = keys[0] === undefined ? { ok: false, reason: 'undecryptable', detail: 'no key opens a session' } : tryKey(keys[0]);
  for (const other of [...keys.slice(1), ...replaced]) if (!opened.ok) opened = tryKey(other);
  let payload: Record<string, unknown> | undefined;
  if (opened.ok) {
    payload = parseObject(opened.plaintext);
  } else if (opened.reason === 'hash-mismatch' && !policy.checksLoginHash()) {
    // X-Hash unchecked: the payload decrypted as it is
    payload = parseObject(decrypt(company.key.apiEncryptionKey, header(c, 'x-iv'), loginData(read.text)));
  } else if (opened.reason === 'undecryptable' && !policy.refusesUndecryptableLogin()) {
    // not refused: the clear identity headers stand in for the payload
    payload = { Identity: { Email: header(c, 'x-email'), UserId: header(c, 'x-user-id'), SingleSignOnId: header(c, 'x-single-sign-on-id') }, TimeStamp: new Date().toISOString() };
  }
  if (!payload) return refuse('The login payload could not be verified.');

  const at = parseTimeStamp(payload.TimeStamp, timeStampForms(variant).accepted);
  if (!at) return refuse('The login time stamp is not a date.');
  const skew = at.getTime() - domain.clock.now().getTime();
  if (!policy.timeStampInWindow(skew)) return refuse('The login time stamp is outside the allowed window.');

  const identity = payload.Identity && typeof payload.Identity === 'object' ? (payload.Identity as Record<string, unknown>) : {};
  // §2.2 IdentityModel 'Used to identify a user': a user of the company (a deleted one where the credential policy says so)
  let user: User | undefined = accounts.find(company.company.id, identity) ?? removedIdentity(domain, company.company.id, identity, credentialPolicy);
  // a user's identity (the administrator's signs on with the company key: that cell is the company key's)
  if (user && !accounts.isAdministrator(user) && !credentialPolicy.opens('login-identity', 'admin.GetSessionKey')) user = undefined;
  if (!user && policy.findsOtherCompanysIdentity()) user = accounts.find(domain.users.get(accounts.anyUserIdBy(identity) ?? -1)?.companyId ?? -1, identity);
  const administrator = () => accounts.administratorOf(company.company.id);
  user ??= policy.userForUnknownIdentity(administrator());
  // §2.2: an identity given by one field alone (no Email) names the user only where the policy reads that field
  for (const field of ['UserId', 'SingleSignOnId'] as const) {
    if (user && asText(identity[field]) && !asText(identity.Email) && !policy.identifiesBy('admin.GetSessionKey', field)) user = undefined;
  }
  if (user) user = policy.keyHolder(user, administrator());
  if (!user) return refuse('No user of the company has that identity.');

  const key = credentials.newSessionKey(user, 'admin-key');
  accounts.rememberSession(key, company.key.automationId);
  if (!policy.adminKeyOpensMessaging()) accounts.adminOnly(key, credentials);
  return keyAnswer(c, variant, policy.sessionKeyAnswer(key), 'SessionKey');
}

function parseObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseJson(text);
  return parsed.ok ? asObject(parsed.value) : undefined;
}
