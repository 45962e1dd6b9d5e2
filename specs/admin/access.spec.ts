import { operationsOf } from '../../contract/operations.js';
import type { SpecRef } from '../../contract/spec/index.js';
import type { HttpResponse } from '../../harness/http.js';
import { check } from '../../harness/expect.js';
import { adminCredentialsOf, adminSession, deleteAtEnd, givenAccount, keyOrThrow, newAccountModel } from '../../harness/fixtures/admin.js';
import { account, adminCredentials, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { eachOffered } from '../../harness/offered.js';

/**
 * spec §4.2 'Administration operations (session-key authenticated)'. The company-wide writes
 * (Create a new encryption key, Reset password, Update IP whitelist) are left out: a target that
 * wrongly performed one would change the company for every other rule of the run.
 */
const base = { interface: 'admin' as const, level: 'must' as const, operation: operationsOf('admin'), needs: [iface('admin'), adminCredentials] };

/** What every rule here enforces: the operations are session-key authenticated; a refusal is any 4xx (A6). */
const SESSION_KEY_AUTHENTICATED: readonly [SpecRef, ...SpecRef[]] = [
  { anchor: '§4.2/title', quote: 'Administration operations (session-key authenticated)' },
  { anchor: '§5/administration-interface-uses-session-key', quote: 'The administration interface uses a session key from Get a session key.' },
  { anchor: '§7.2/errors-administration-directory-interfaces-not', quote: 'Errors of the administration and directory interfaces: not shown.', silence: 'admin-errors' },
];

function operations(t: RuleContext, key: string | undefined): Array<[string, () => Promise<HttpResponse>]> {
  const a = t.admin;
  const { email } = adminCredentialsOf(t);
  const model = newAccountModel(t);
  const companyId = t.profile.companies.primary ?? 0;
  return [
    ['Get an encryption key', () => a.encryptionKey(key as string, { Email: email })],
    ['List user accounts', () => a.listAccounts(key as string, { CompanyId: companyId, UserTypeId: 0 })],
    [
      'Create a user account',
      async () => {
        const res = await a.createAccount(key as string, model);
        // a target that wrongly created it: remove it again
        if (res.status < 300) deleteAtEnd(t, undefined, { Email: model.Email });
        return res;
      },
    ],
    ['View a user account', () => a.viewAccount(key as string, { Email: email })],
    ['Update a user account', () => a.updateAccount(key as string, { ...model, Email: `${t.prefix}-nobody@conformance.example.com`.toLowerCase() })],
    ['Delete a user account', () => a.deleteAccount(key as string, { Email: `${t.prefix}-nobody@conformance.example.com`.toLowerCase() })],
    ['Get user types', () => a.userTypes(key as string)],
    ['Get company SMTP credentials', () => a.smtpCredentials(key as string)],
  ];
}

async function expectAllRefused(t: RuleContext, key: string | undefined, why: string): Promise<void> {
  const accepted: string[] = [];
  // the operations the profile says the target offers (a declared-absent one is left out by the harness)
  for (const [name, res] of await eachOffered(operations(t, key))) {
    if (res.status < 400 || res.status >= 500) accepted.push(`${name} (${res.label}) answered HTTP ${res.status}`);
  }
  check(accepted.length === 0, `${why}, every administration operation must be refused with a 4xx; ${accepted.join('; ')}.`);
}

rule(
  { ...base, id: 'admin.access.no-key-refused', spec: SESSION_KEY_AUTHENTICATED, title: 'every administration operation is refused (4xx) without a session key' },
  async (t) => {
    // the operations themselves work with a key, so a refusal below is about the key
    await adminSession(t);
    await expectAllRefused(t, undefined, 'Without X-Session-Key');
  },
);

rule(
  { ...base, id: 'admin.access.unknown-key-refused', spec: SESSION_KEY_AUTHENTICATED, title: 'every administration operation is refused (4xx) with a session key the target never issued' },
  async (t) => {
    await adminSession(t);
    await expectAllRefused(t, `${t.prefix}0000000000000000000000`.toUpperCase().slice(0, 32), 'With a session key that was never issued');
  },
);

rule(
  {
    ...base,
    id: 'admin.access.non-administrator-refused',
    spec: [
      ...SESSION_KEY_AUTHENTICATED,
      { anchor: '§1/administration-interface-authenticates-session-key', quote: 'lists, creates, reads, updates and deletes company user accounts' },
    ],
    title: 'a session key of a user who is not the company’s administrator is refused (4xx) on administration operations',
    needs: [...base.needs, iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const user = t.account('primary');
    check(user.email.toLowerCase() !== adminCredentialsOf(t).email.toLowerCase(), 'The profile’s primary account is the administrator; the rule needs a user who is not.');
    const key = await t.given('log the primary account on (messaging)', async () => {
      const res = await t.rest.logon(user);
      const k = (res.json as { SessionKey?: unknown } | undefined)?.SessionKey;
      if (res.status !== 200 || typeof k !== 'string' || !k) throw new Error(`${res.label} answered HTTP ${res.status}`);
      return k;
    });
    await expectAllRefused(t, key, 'With the session key (from messaging Log on) of a user who is not an administrator');
    // the same user's key from administration Get a session key (single sign-on) is no administrator's either
    const model = newAccountModel(t);
    await givenAccount(t, await adminSession(t), model);
    const sso = await t.given('get a session key for an ordinary account', async () => keyOrThrow(await t.admin.sessionKey({ Email: model.Email }), 'a session key'));
    await expectAllRefused(t, sso, 'With the session key (from Get a session key) of an account that is not an administrator');
  },
);
