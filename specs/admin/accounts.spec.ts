import { check, expectRefused } from '../../harness/expect.js';
import { adminSession, deleteAtEnd, givenAccount, listAll, newAccountModel } from '../../harness/fixtures/admin.js';
import { adminCredentials, adminUserTypes, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { BLANKABLE, differences, emailsOf, fieldsOf, isBlank, lastType, sameText, updatePlan } from './account-fields.js';

/** spec §4.2 Create, View, Update, Delete and List user accounts; spec §2.2 AccountModel, IdentityModel, AccountIndexRequestModel. */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

rule(
  {
    ...base,
    id: 'admin.accounts.create',
    spec: [
      { anchor: '§4.2/create-user-account', quote: 'Create a user account | session key, AccountModel | AccountModel' },
      { anchor: '§4.2/view-user-account', quote: 'View a user account | session key, IdentityModel | AccountModel' },
      { anchor: '§2.2/AccountModel', quote: 'Email (string), FirstName (string), LastName (string)' },
    ],
    operation: ['admin.CreateAccount', 'admin.ViewAccount'],
    title: 'Create a user account answers the AccountModel as sent, and View shows it stored so',
  },
  async (t) => {
    const admin = await adminSession(t);
    const typeId = lastType(t);
    const model = newAccountModel(t, typeId === undefined ? {} : { UserTypeId: typeId });
    const created = await t.admin.createAccount(admin, model);
    if (created.status < 300) deleteAtEnd(t, admin, { Email: model.Email });
    check(created.status >= 200 && created.status < 300, `${created.label}: expected a 2xx with the AccountModel; got HTTP ${created.status} ${created.shown || '(empty)'}.`);
    const fields = ['Email', 'UserId', 'FirstName', 'LastName', ...(typeId === undefined ? [] : ['UserTypeId'])];
    const answered = differences(model, fieldsOf(created), fields);
    check(answered.length === 0, `${created.label}: the AccountModel answered differs from the one sent: ${answered.join(', ')}.`);
    const view = await t.admin.viewAccount(admin, { Email: model.Email });
    const stored = differences(model, fieldsOf(view), fields);
    check(view.status < 300 && stored.length === 0, `${view.label}: expected the created account as sent; got HTTP ${view.status}${stored.length ? `, ${stored.join(', ')}` : ''} ${view.shown}.`);
  },
);

rule(
  {
    ...base,
    id: 'admin.accounts.view-by-identity',
    spec: [
      { anchor: '§2.2/IdentityModel', quote: 'Email (string), SingleSignOnId (string), UserId (string). Used to identify a user.' },
      { anchor: '§4.2/view-user-account', quote: 'View a user account | session key, IdentityModel | AccountModel' },
    ],
    operation: 'admin.ViewAccount',
    title: 'View a user account finds the account by each IdentityModel field alone: Email, UserId, SingleSignOnId',
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t, { SingleSignOnId: `${t.prefix}-sso`.toLowerCase() });
    await givenAccount(t, admin, model);
    const problems: string[] = [];
    for (const identity of [{ Email: model.Email }, { UserId: model.UserId }, { SingleSignOnId: model.SingleSignOnId as string }]) {
      const view = await t.admin.viewAccount(admin, identity);
      if (view.status >= 300 || !sameText(fieldsOf(view).Email, model.Email)) problems.push(`by ${Object.keys(identity)[0]}: HTTP ${view.status} ${view.shown}`);
    }
    check(problems.length === 0, `View a user account must answer the account named by any one identity field; ${problems.join('; ')}.`);
  },
);

rule(
  {
    ...base,
    id: 'admin.accounts.created-logs-on',
    spec: [
      { anchor: '§4.2/create-user-account', quote: 'Create a user account' },
      { anchor: '§2.3/LogOn', quote: 'UserIdOrEmail (string), Password (string)' },
      { anchor: '§2.1/client_id', quote: 'The user name or e-mail address of the user' },
    ],
    operation: ['admin.CreateAccount', 'messaging-rest.LogOn', 'token.Token'],
    title: 'an account created through administration logs on with its password through messaging Log on and the token endpoint',
    needs: [...base.needs, iface('messaging-rest'), iface('token')],
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t);
    await givenAccount(t, admin, model);
    const logon = await t.rest.logon({ username: model.Email, password: model.Password });
    const key = (logon.json as { SessionKey?: unknown } | undefined)?.SessionKey;
    check(logon.status === 200 && typeof key === 'string' && key !== '', `${logon.label} as the created account: expected HTTP 200 with a SessionKey; got HTTP ${logon.status} ${logon.shown}.`);
    await t.rest.logout({ sessionKey: key as string });
    const token = await t.token.clientCredentials({ username: model.Email, password: model.Password });
    const access = (token.json as { access_token?: unknown } | undefined)?.access_token;
    check(token.status === 200 && typeof access === 'string' && access !== '', `${token.label} as the created account: expected HTTP 200 with an access_token; got HTTP ${token.status} ${token.shown}.`);
  },
);

rule(
  {
    ...base,
    id: 'admin.accounts.delete',
    spec: [
      { anchor: '§4.2/delete-user-account', quote: 'Delete a user account | session key, IdentityModel' },
      // Delete's answer is not shown: any 2xx, the effect observed through View and Log on (A7); a refusal is any 4xx (A6)
      { anchor: '§4.2/delete-user-account', quote: 'not shown', silence: 'admin-delete-answer' },
      { anchor: '§7.2/errors-administration-directory-interfaces-not', quote: 'Errors of the administration and directory interfaces: not shown.', silence: 'admin-errors' },
    ],
    operation: 'admin.DeleteAccount',
    title: 'after Delete a user account, View refuses the account (4xx) and it no longer logs on',
    needs: [...base.needs, iface('messaging-rest')],
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t);
    await givenAccount(t, admin, model);
    const deleted = await t.admin.deleteAccount(admin, { Email: model.Email });
    check(deleted.status >= 200 && deleted.status < 300, `${deleted.label}: expected a 2xx; got HTTP ${deleted.status} ${deleted.shown || '(empty)'}.`);
    expectRefused(await t.admin.viewAccount(admin, { Email: model.Email }), 'the account was deleted');
    expectRefused(await t.rest.logon({ username: model.Email, password: model.Password }), 'the account was deleted, so it cannot log on');
  },
);

rule(
  {
    ...base,
    id: 'admin.accounts.list-filters',
    spec: [
      { anchor: '§2.2/AccountIndexRequestModel', quote: 'CompanyId (int), UserTypeId (int)' },
      { anchor: '§4.2/list-user-accounts', quote: 'List user accounts | session key, AccountIndexRequestModel | AccountListModel' },
      // the list's shape is not shown: the bare array or the object's one array field, pages followed (A3)
      { anchor: '§2.2/AccountListModel', quote: 'Its fields: not shown.', silence: 'account-list-model' },
    ],
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
  {
    interface: 'admin',
    level: 'must',
    operation: ['admin.UpdateAccount', 'admin.ViewAccount', 'messaging-rest.LogOn'],
    id: 'admin.accounts.update-overwrites',
    spec: [
      { anchor: '§4.2/update-user-account', quote: 'Overwrites all existing values: any body field left blank or null, except the password, is stored blank or null.' },
      // blank, null or absent all read back as blank: which of them is not asserted (A8)
      { anchor: '§4.2/update-user-account', quote: 'is stored blank or null', silence: 'account-update-blank' },
    ],
    title: 'Update a user account overwrites every field: any subset left blank or null is stored blank or null, and the password is kept',
    needs: [iface('admin'), adminCredentials, iface('messaging-rest')],
    timeoutMs: 180_000,
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t, { SingleSignOnId: `${t.prefix}-sso`.toLowerCase() });
    const created = await givenAccount(t, admin, model);
    let round = 0;
    await property(t, updatePlan, async ({ fields, password }) => {
      round += 1;
      const body: Record<string, unknown> = { ...created, ...model, Disabled: false, ButtonUser: false };
      delete body.Password;
      const expected: Record<string, string | undefined> = {};
      for (const f of BLANKABLE) {
        const value = `${t.prefix}${f.slice(0, 3)}${round}`.toLowerCase();
        body[f] = fields[f] === 'value' ? value : fields[f] === 'blank' ? '' : null;
        expected[f] = fields[f] === 'value' ? value : undefined;
      }
      if (password !== 'omitted') body.Password = password === 'blank' ? '' : null;
      const updated = await t.admin.updateAccount(admin, body);
      check(updated.status >= 200 && updated.status < 300, `${updated.label}: expected a 2xx; got HTTP ${updated.status} ${updated.shown || '(empty)'}.`);
      // the view and the log-on both read what the update left: asked together
      const [view, logon] = await Promise.all([t.admin.viewAccount(admin, { Email: model.Email }), t.rest.logon({ username: model.Email, password: model.Password })]);
      const key = (logon.json as { SessionKey?: unknown } | undefined)?.SessionKey;
      // its sessions end after the rule, all at once (each is its own)
      if (typeof key === 'string') t.onCleanup('log out the updated account', () => t.rest.logout({ sessionKey: key }), undefined, 'log-out');
      const shown = (view.json && typeof view.json === 'object' ? view.json : {}) as Record<string, unknown>;
      const wrong = BLANKABLE.filter((f) => (expected[f] === undefined ? !isBlank(shown[f]) : String(shown[f] ?? '').toLowerCase() !== expected[f])).map(
        (f) => `${f} is ${JSON.stringify(shown[f])}, sent ${JSON.stringify(body[f])}`,
      );
      check(view.status < 300 && wrong.length === 0, `${view.label} after the update: ${wrong.join('; ') || `HTTP ${view.status} ${view.shown}`}.`);
      check(logon.status === 200, `${logon.label} with the password set at creation, after an update that sent the password ${password}: expected HTTP 200 (the password is kept); got HTTP ${logon.status} ${logon.shown}.`);
    });
  },
);
