import { operationsOf } from '../../contract/operations.js';
import { keyOf } from '../../harness/clients/admin.js';
import { check } from '../../harness/expect.js';
import { adminCredentialsOf, adminSession, givenAccount, listAll, newAccountModel, typeIdsOf } from '../../harness/fixtures/admin.js';
import type { HttpResponse } from '../../harness/http.js';
import { adminCredentials, adminUserTypes, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import type { AdminOperation } from '../../contract/profile.js';

/** spec §4.2 List user accounts, Get user types, Get company SMTP credentials; §1 and §9 (editions). */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

const emailsOf = (accounts: Array<Record<string, unknown>>) => new Set(accounts.map((a) => String(a.Email ?? '').toLowerCase()));

rule(
  {
    ...base,
    id: 'admin.accounts.list-filters',
    section: '§2.2',
    operation: 'admin.ListAccounts',
    title: 'List user accounts lists the company’s accounts of the UserTypeId asked for, not those of another type or another company',
    needs: [...base.needs, adminUserTypes(2)],
  },
  async (t) => {
    const admin = await adminSession(t);
    const [typeA, typeB] = t.profile.admin!.userTypeIds!;
    const a = newAccountModel(t, { UserTypeId: typeA });
    const b = newAccountModel(t, { UserTypeId: typeB });
    const created = await givenAccount(t, admin, a);
    await givenAccount(t, admin, b);
    const companyId = Number(created.CompanyId ?? t.profile.companies.primary);
    const wanted = (email: string) => email.toLowerCase();
    for (const [type, inside, outside] of [
      [typeA!, a, b],
      [typeB!, b, a],
    ] as const) {
      const { res, accounts } = await listAll(t, admin, { CompanyId: companyId, UserTypeId: type });
      const emails = emailsOf(accounts);
      check(
        res.status < 300 && emails.has(wanted(inside.Email)) && !emails.has(wanted(outside.Email)),
        `${res.label} for CompanyId ${companyId}, UserTypeId ${type}: expected ${inside.Email} (of that type) listed and ${outside.Email} (of another type) not; got HTTP ${res.status}, ${accounts.length} account(s)${emails.has(wanted(outside.Email)) ? ', the other type’s account among them' : ''}.`,
      );
    }
    const other = t.profile.companies.outsider;
    if (other !== undefined && other !== companyId) {
      const { res, accounts } = await listAll(t, admin, { CompanyId: other, UserTypeId: typeA! });
      const emails = emailsOf(accounts);
      check(
        (res.status >= 400 && res.status < 500) || (res.status < 300 && !emails.has(wanted(a.Email))),
        `${res.label} for another company (CompanyId ${other}): expected a refusal or a list without this company's accounts; got HTTP ${res.status} listing ${a.Email}.`,
      );
    }
  },
);

rule(
  { ...base, id: 'admin.user-types.list', section: '§4.2', operation: 'admin.GetUserTypes', title: 'Get user types answers a non-empty list of the company’s user types, each TypeId the profile names among them' },
  async (t) => {
    const admin = await adminSession(t);
    const res = await t.admin.userTypes(admin);
    const ids = typeIdsOf(t, res);
    const named = t.profile.admin?.userTypeIds ?? [];
    const missing = named.filter((id) => !ids.includes(id));
    check(
      res.status < 300 && Array.isArray(res.json) && res.json.length > 0 && missing.length === 0,
      `${res.label}: expected a 2xx with a non-empty list of UserTypeModel${named.length ? ` naming TypeIds ${named.join(', ')} (admin.userTypeIds, field ${t.profile.admin?.userTypeIdField})` : ''}; got HTTP ${res.status} ${res.shown}.`,
    );
  },
);

rule(
  {
    ...base,
    id: 'admin.smtp.credentials',
    section: '§4.2',
    operation: 'admin.GetSmtpCredentials',
    title: 'Get company SMTP credentials answers an SMTPCredentialsModel carrying a company user id and a company password',
  },
  async (t) => {
    const admin = await adminSession(t);
    const res = await t.admin.smtpCredentials(admin);
    const body = (res.json && typeof res.json === 'object' && !Array.isArray(res.json) ? res.json : {}) as Record<string, unknown>;
    // field names: not shown (spec §2.2); the vendor's are UserId and Password
    const filled = (pattern: RegExp) => Object.entries(body).some(([k, v]) => pattern.test(k) && typeof v === 'string' && v.trim() !== '');
    check(res.status < 300 && filled(/user/i) && filled(/pass/i), `${res.label}: expected a 2xx with a non-empty company user id and password; got HTTP ${res.status} ${res.shown}.`);
  },
);

rule(
  {
    ...base,
    id: 'admin.edition.operations-offered',
    section: '§9',
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

