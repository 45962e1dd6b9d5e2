import fc from 'fast-check';
import { buildCompany } from '../../../generators/company.js';
import { keyOf } from '../../../harness/clients/admin.js';
import type { DiffSession } from '../session.js';
import { adminKey } from './admin.js';
import { skipped, type StepFamily } from './family.js';

/**
 * Whether a TypeId means the same type in every company (spec §2.2 UserTypeModel 'Its fields:
 * not shown'; §4.2 Get user types; clarification I1): a company is provisioned (spec §4.5,
 * cancelled when the sequence ends), its administrator gets a session key with the key pair
 * provisioning hands out, and its user types are set beside the home company's. The ids stay
 * the server's (DF1): what is compared is only whether a type of the same description carries
 * the same id in both companies, a relation between ids, never their values.
 */
export type AdminTypesOp = { kind: 'adminTypeScope' };

type TypeList = Array<Record<string, unknown>>;

/** Description → id, of a Get user types answer, whichever field carries the id (A4). */
function idsByDescription(list: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of Array.isArray(list) ? (list as TypeList) : []) {
    const id = t.TypeId ?? t.Id;
    if (typeof t.Description === 'string' && id !== undefined) out.set(t.Description, String(id));
  }
  return out;
}

export const ADMIN_TYPES: StepFamily<AdminTypesOp> = {
  operations: { adminTypeScope: ['admin.GetUserTypes', 'provisioning.Provision', 'admin.GetSessionKey'] },
  steps: [[1, fc.constant({ kind: 'adminTypeScope' as const })]],
  canonical: [{ kind: 'adminTypeScope' }],
  async run(s, _op, step) {
    const code = s.profile.provisioning?.userTypeCode;
    if (!s.profile.admin || !code || !s.offers('provisioning')) return skipped(step);
    const home = await adminKey(s, step);
    if ('answer' in home) return home.answer;
    const provisioning = s.clients.provisioning;
    const model = buildCompany({ prefix: s.tag, n: 1, seed: 19, today: new Date(), userTypes: [{ UserTypeCode: code, LicenseQuantity: 5 }] });
    const made = await provisioning.create(model);
    if (made.res.status >= 300 || made.errors.length > 0) return s.observe(`${step}: provision a company`, made.res);
    s.onClose(() => provisioning.cancel(model));
    const keys = await provisioning.getEncryptionKey({ ReferenceId: model.ReferenceId });
    const pair = keys.data as { AutomationId?: unknown; ApiEncryptionKey?: unknown } | undefined;
    if (typeof pair?.AutomationId !== 'string' || typeof pair.ApiEncryptionKey !== 'string') return s.observe(`${step}: read the company's key pair`, keys.res);
    s.redact.learn(pair.ApiEncryptionKey);
    s.norm.word(pair.ApiEncryptionKey, '<secret>');
    const logon = await s.clients.admin.sessionKey({ Email: model.Admin.Email }, { automationId: pair.AutomationId, encryptionKey: pair.ApiEncryptionKey });
    const key = keyOf(logon);
    if (!key) return s.observe(`${step}: log on as the new company's administrator`, logon);
    s.norm.word(key, '<secret>');
    const [theirs, ours] = [await s.clients.admin.userTypes(key), await s.clients.admin.userTypes(home.key)];
    const own = idsByDescription(ours.json);
    const sameId = Object.fromEntries([...idsByDescription(theirs.json)].map(([description, id]) => [description, own.has(description) ? own.get(description) === id : 'no such type at home']));
    return { step, status: theirs.status, body: { sameIdAsHomeCompany: sameId } };
  },
};
