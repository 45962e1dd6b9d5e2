import { check, expectRefused } from '../../harness/expect.js';
import { adminSession, deleteAtEnd, givenAccount, newAccountModel } from '../../harness/fixtures/admin.js';
import type { HttpResponse } from '../../harness/http.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/** spec §4.2 Create, View and Delete a user account; spec §2.2 AccountModel, IdentityModel. */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

const fieldsOf = (res: HttpResponse): Record<string, unknown> => (res.json && typeof res.json === 'object' && !Array.isArray(res.json) ? (res.json as Record<string, unknown>) : {});
const sameText = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** The AccountModel fields of `answer` that differ from what was sent. */
function differences(sent: Record<string, unknown>, answer: Record<string, unknown>, fields: string[]): string[] {
  return fields.filter((f) => (f === 'UserTypeId' ? Number(answer[f]) !== Number(sent[f]) : !sameText(answer[f], sent[f]))).map((f) => `${f} ${JSON.stringify(answer[f])} (sent ${JSON.stringify(sent[f])})`);
}

/** The last user type the profile names (not the company's first, so a server that ignores UserTypeId shows). */
const lastType = (t: RuleContext): number | undefined => t.profile.admin?.userTypeIds?.at(-1);

rule(
  {
    ...base,
    id: 'admin.accounts.create',
    section: '§4.2',
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
    section: '§2.2',
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
    section: '§4.2',
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
    section: '§4.2',
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
