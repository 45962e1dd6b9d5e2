import { operationsOf } from '../../contract/operations.js';
import type { AdminOperation } from '../../contract/profile.js';
import { keyOf } from '../../harness/clients/admin.js';
import { check } from '../../harness/expect.js';
import { adminCredentialsOf, adminSession } from '../../harness/fixtures/admin.js';
import type { HttpResponse } from '../../harness/http.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §1 and §9: some administration methods are unavailable on the direct-messaging edition. */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

rule(
  {
    ...base,
    id: 'admin.edition.operations-offered',
    spec: [
      { anchor: '§9/some-administration-methods-cannot-used', quote: 'Some administration methods cannot be used on the direct-messaging edition.' },
      { anchor: '§1/some-administration-methods-unavailable-direct', quote: 'Some administration methods are unavailable on the direct-messaging edition of the platform.' },
      // which methods is not shown: the profile lists them (A1)
      { anchor: '§9/some-administration-methods-cannot-used', quote: 'Some administration methods cannot be used', silence: 'direct-edition-admin-methods' },
    ],
    operation: operationsOf('admin'),
    title: 'the administration reads the profile does not list as unavailable on the target’s edition are offered (2xx); those it lists are refused (4xx)',
  },
  async (t) => {
    const admin = await adminSession(t);
    const { email } = adminCredentialsOf(t);
    const unavailable = new Set<AdminOperation>(t.profile.admin?.unavailableOperations ?? []);
    // the one rule that checks the declaration itself, so it opts out of the harness's gate
    // (which would make a declared-absent operation not applicable before it is sent)
    const ungated = t.admin.ungated;
    const reads: Array<[AdminOperation, () => Promise<HttpResponse>]> = [
      ['GetUserTypes', () => ungated.userTypes(admin)],
      ['ListAccounts', () => ungated.listAccounts(admin, { CompanyId: t.profile.companies.primary ?? 0, UserTypeId: 0 })],
      ['ViewAccount', () => ungated.viewAccount(admin, { Email: email })],
      ['GetEncryptionKey', () => ungated.encryptionKey(admin, { Email: email })],
      ['GetSmtpCredentials', () => ungated.smtpCredentials(admin)],
    ];
    const wrong: string[] = [];
    for (const [name, call] of reads) {
      const res = await call();
      if (unavailable.has(name) ? res.status < 400 || res.status >= 500 : res.status >= 300) {
        wrong.push(`${name} (${res.label}) answered HTTP ${res.status} although the profile says it is ${unavailable.has(name) ? 'unavailable' : 'offered'}`);
      }
      if (name === 'GetEncryptionKey' && res.status < 300) keyOf(res);
    }
    check(wrong.length === 0, `spec §1/§9: only the operations the profile lists (admin.unavailableOperations) may be missing; ${wrong.join('; ')}.`);
  },
);
