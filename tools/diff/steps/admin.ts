import fc from 'fast-check';
import { keyOf } from '../../../harness/clients/admin.js';
import type { Side } from '../../../generators/mailbox-model.js';
import type { DiffSession, Observation } from '../session.js';
import { side } from './mailbox.js';
import { skipped, type StepFamily } from './family.js';

/** Administration reads (spec §4.2) with the profile's administrator: the user types, and a user's account. */
export type AdminOp = { kind: 'adminUserTypes' } | { kind: 'adminView'; who: Side };

/**
 * An administration session key for the profile's administrator (a secret: learnt as one), or,
 * where the log on was refused, that refusal observed as the step's answer.
 */
export async function adminKey(s: DiffSession, step: string): Promise<{ key: string } | { answer: Observation }> {
  const res = await s.clients.admin.sessionKey({ Email: s.profile.admin!.email });
  const key = keyOf(res);
  if (!key) return { answer: s.observe(`${step}: get a session key`, res) };
  s.norm.word(key, '<secret>');
  return { key };
}

export const ADMIN: StepFamily<AdminOp> = {
  operations: { adminUserTypes: ['admin.GetUserTypes'], adminView: ['admin.ViewAccount'] },
  steps: [
    [1, fc.constant({ kind: 'adminUserTypes' })],
    [1, side.map((who) => ({ kind: 'adminView', who }))],
  ],
  canonical: [{ kind: 'adminUserTypes' }, { kind: 'adminView', who: 'recipient' }],
  async run(s, op, step) {
    if (!s.profile.admin) return skipped(step);
    const got = await adminKey(s, step);
    if ('answer' in got) return got.answer;
    const res = op.kind === 'adminUserTypes' ? await s.clients.admin.userTypes(got.key) : await s.clients.admin.viewAccount(got.key, { Email: s.account(op.who).email });
    return s.observe(step, res);
  },
};
