import fc from 'fast-check';
import { check } from '../../harness/expect.js';
import { adminSession, givenAccount, newAccountModel } from '../../harness/fixtures/admin.js';
import { property } from '../../harness/property.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §4.2 Update a user account: 'Overwrites all existing values: any body field left blank or
 * null, except the password, is stored blank or null.' The identity (Email) stays, so the account
 * can be found; every other string field of AccountModel (spec §2.2) may be left blank or null.
 */
const BLANKABLE = ['FirstName', 'LastName', 'SingleSignOnId', 'UserId'] as const;
type Blankable = (typeof BLANKABLE)[number];
type Choice = 'value' | 'blank' | 'null';

const choice = fc.constantFrom<Choice>('value', 'blank', 'null');
const plan = fc.record({
  fields: fc.record(Object.fromEntries(BLANKABLE.map((f) => [f, choice])) as Record<Blankable, fc.Arbitrary<Choice>>),
  password: fc.constantFrom<'omitted' | 'blank' | 'null'>('omitted', 'blank', 'null'),
});

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

rule(
  {
    interface: 'admin',
    level: 'must',
    operation: ['admin.UpdateAccount', 'admin.ViewAccount', 'messaging-rest.LogOn'],
    id: 'admin.accounts.update-overwrites',
    section: '§4.2',
    title: 'Update a user account overwrites every field: any subset left blank or null is stored blank or null, and the password is kept',
    needs: [iface('admin'), adminCredentials, iface('messaging-rest')],
    timeoutMs: 180_000,
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t, { SingleSignOnId: `${t.prefix}-sso`.toLowerCase() });
    const created = await givenAccount(t, admin, model);
    let round = 0;
    await property(t, plan, async ({ fields, password }) => {
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
      const view = await t.admin.viewAccount(admin, { Email: model.Email });
      const shown = (view.json && typeof view.json === 'object' ? view.json : {}) as Record<string, unknown>;
      const wrong = BLANKABLE.filter((f) => (expected[f] === undefined ? !isBlank(shown[f]) : String(shown[f] ?? '').toLowerCase() !== expected[f])).map(
        (f) => `${f} is ${JSON.stringify(shown[f])}, sent ${JSON.stringify(body[f])}`,
      );
      check(view.status < 300 && wrong.length === 0, `${view.label} after the update: ${wrong.join('; ') || `HTTP ${view.status} ${view.shown}`}.`);
      const logon = await t.rest.logon({ username: model.Email, password: model.Password });
      check(logon.status === 200, `${logon.label} with the password set at creation, after an update that sent the password ${password}: expected HTTP 200 (the password is kept); got HTTP ${logon.status} ${logon.shown}.`);
      const key = (logon.json as { SessionKey?: unknown } | undefined)?.SessionKey;
      if (typeof key === 'string') await t.rest.logout({ sessionKey: key });
    });
  },
);
