import fc from 'fast-check';
import type { DiffSession, Observation } from '../session.js';
import { adminKey } from './admin.js';
import { skipped, type StepFamily } from './family.js';

/**
 * Accounts the sequence makes through administration (spec §4.2 Create, List, Update, Delete a
 * user account): each step creates one account of its own (run-tagged, deleted when the sequence
 * ends), acts on it and shows the answer. List shows the sequence's own accounts only, and how
 * many the company has is left out: the other accounts are the target's data, not its reading.
 */
export type AdminAccountOp = { kind: 'adminList' } | { kind: 'adminBlank' } | { kind: 'adminDelete' };

/** No digits in a name: the normaliser reads a number in a text as an id the sequence may know (tools/diff/normalise.ts). */
const WORD = ['zero', 'one', 'two', 'three'];

/** A fresh AccountModel, as harness/fixtures/admin.ts makes them: a run-tagged e-mail and user id, a strong password. */
function accountModel(s: DiffSession, n: number) {
  const tag = `${s.tag}a${n}`.toLowerCase();
  const password = `Cf-${tag}-9x!Q`;
  s.redact.learn(password);
  s.norm.word(password, '<secret>');
  return { Email: `${tag}@conformance.example.com`, UserId: tag, Password: password, FirstName: 'Conformance', LastName: `Account ${WORD[n]}`, Phone: '555-0100', Disabled: false, ButtonUser: false };
}

/** Creates an account (deleted when the sequence ends); its answer, or the refusal as the step's observation. */
async function created(s: DiffSession, key: string, step: string, n: number): Promise<{ model: ReturnType<typeof accountModel>; made: Record<string, unknown> } | Observation> {
  const model = accountModel(s, n);
  const res = await s.clients.admin.createAccount(key, model);
  if (res.status >= 300) return s.observe(`${step}: create the account`, res);
  s.onClose(async () => {
    const again = await adminKey(s, 'cleanup');
    if ('key' in again) await s.clients.admin.deleteAccount(again.key, { Email: model.Email });
  });
  return { model, made: res.json && typeof res.json === 'object' ? (res.json as Record<string, unknown>) : {} };
}

/** A listing cut down to the sequence's own accounts; the company's counts (its data) left out. */
function ownOnly(s: DiffSession, body: unknown): unknown {
  const mine = (items: unknown[]) => items.filter((a) => JSON.stringify(a).includes('<run>'));
  if (Array.isArray(body)) return mine(body);
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? mine(v) : typeof v === 'number' ? '<count>' : v]));
}

export const ADMIN_ACCOUNTS: StepFamily<AdminAccountOp> = {
  operations: { adminList: ['admin.ListAccounts', 'admin.CreateAccount'], adminBlank: ['admin.UpdateAccount', 'admin.CreateAccount'], adminDelete: ['admin.DeleteAccount', 'admin.CreateAccount'] },
  steps: [
    [1, fc.constant({ kind: 'adminList' as const })],
    [1, fc.constant({ kind: 'adminBlank' as const })],
    [1, fc.constant({ kind: 'adminDelete' as const })],
  ],
  canonical: [{ kind: 'adminList' }, { kind: 'adminBlank' }, { kind: 'adminDelete' }],
  async run(s, op, step) {
    if (!s.profile.admin) return skipped(step);
    const got = await adminKey(s, step);
    if ('answer' in got) return got.answer;
    const n = { adminList: 1, adminBlank: 2, adminDelete: 3 }[op.kind];
    const c = await created(s, got.key, step, n);
    if ('step' in c) return c;
    const admin = s.clients.admin;
    switch (op.kind) {
      case 'adminList': {
        // spec §4.2 List user accounts of the new account's company and user type (AccountIndexRequestModel)
        const request = { CompanyId: Number(c.made.CompanyId ?? 0), UserTypeId: Number(c.made.UserTypeId ?? 0) };
        let res = await admin.listAccounts(got.key, request);
        // the newest account is on the last page, where the answer is paged (AccountListModel's TotalPages, vendor-wire §3)
        const pages = (res.json as { TotalPages?: unknown } | undefined)?.TotalPages;
        if (typeof pages === 'number' && pages > 1) res = await admin.listAccounts(got.key, { ...request, PageNumber: pages });
        const o = s.observe(step, res);
        return { ...o, body: ownOnly(s, o.body) };
      }
      case 'adminBlank':
        // spec §4.2 Update 'overwrites all values': LastName left blank, Phone null (A8: stored as sent, as null, or as "")
        return s.observe(step, await admin.updateAccount(got.key, { ...c.made, Password: undefined, LastName: '', Phone: null }));
      case 'adminDelete':
        // spec §4.2 Delete a user account: its output is not shown (A7)
        return s.observe(step, await admin.deleteAccount(got.key, { Email: c.model.Email }));
    }
  },
};
