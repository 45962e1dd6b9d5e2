import fc from 'fast-check';
import { keyOf } from '../../../harness/clients/admin.js';
import type { TimeStampFormat } from '../../../contract/wire/admin-login.js';
import type { HttpResponse } from '../../../harness/http.js';
import type { DiffSession, Observation } from '../session.js';
import { adminKey } from './admin.js';
import { skipped, type StepFamily } from './family.js';

/**
 * Administration log on and keys (spec §4.2 Get a session key, Get an encryption key; §5 rule 5;
 * vendor-wire §3.1): the LoginModel sent with its TimeStamp in each form the vendor's clients
 * write, a key read (the PSK, which spec §9 lets the direct edition lack), and a session key
 * the interface never issued. A key answer is compared by its form only: the key itself is
 * learnt as a secret before the answer is observed (`<secret>`), so the JSON string, plain text
 * or object it comes in (clarification A2) shows, its value never.
 */
export type AdminLogonOp = { kind: 'adminLogon'; form: TimeStampFormat } | { kind: 'adminPsk' } | { kind: 'adminStaleKey' };

/** A key answer as compared: the key it carries learnt as a secret first (it is one). */
export function observeKey(s: DiffSession, step: string, res: HttpResponse): Observation {
  s.norm.word(keyOf(res), '<secret>');
  return s.observe(step, res);
}

export const ADMIN_LOGON: StepFamily<AdminLogonOp> = {
  operations: { adminLogon: ['admin.GetSessionKey'], adminPsk: ['admin.GetEncryptionKey'], adminStaleKey: ['admin.ViewAccount'] },
  steps: [
    [1, fc.constantFrom<TimeStampFormat>('iso', 'us').map((form) => ({ kind: 'adminLogon' as const, form }))],
    [1, fc.constant({ kind: 'adminPsk' as const })],
    [1, fc.constant({ kind: 'adminStaleKey' as const })],
  ],
  // both TimeStamp forms of vendor-wire §3.1, whatever form the profile declares (admin.timeStampFormat)
  canonical: [{ kind: 'adminLogon', form: 'iso' }, { kind: 'adminLogon', form: 'us' }, { kind: 'adminPsk' }, { kind: 'adminStaleKey' }],
  async run(s, op, step) {
    const admin = s.profile.admin;
    if (!admin) return skipped(step);
    switch (op.kind) {
      case 'adminLogon':
        // a TimeStamp of now, in the form the step names (A5: which forms a server reads is not shown)
        return observeKey(s, step, await s.clients.admin.sessionKey({ Email: admin.email }, { format: op.form }));
      case 'adminPsk': {
        // spec §4.2 Get an encryption key for the administrator (the edition may lack it: A1, spec §9)
        const got = await adminKey(s, step);
        if ('answer' in got) return got.answer;
        return observeKey(s, step, await s.clients.admin.encryptionKey(got.key, { Email: admin.email }));
      }
      case 'adminStaleKey':
        // a key of the right form that no log on issued (a client's key from an earlier session): refused (A6)
        return s.observe(step, await s.clients.admin.viewAccount(`stale${s.tag}0000000000000000`, { Email: admin.email }));
    }
  },
};
