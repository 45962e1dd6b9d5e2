import { check } from '../../harness/expect.js';
import { adminSession, typeIdsOf } from '../../harness/fixtures/admin.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.2 Get user types; §2.2 UserTypeModel. */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

rule(
  {
    ...base,
    id: 'admin.user-types.list',
    spec: [
      { anchor: '§4.2/get-user-types', quote: 'Get user types | session key | list of UserTypeModel' },
      { anchor: '§2.2/UserTypeModel', quote: 'Returned as a list of user types provisioned for a company.' },
      // the id field and the company's TypeIds are the profile's (A4)
      { anchor: '§2.2/UserTypeModel', quote: 'Its fields: not shown.', silence: 'user-type-model' },
    ],
    operation: 'admin.GetUserTypes',
    title: 'Get user types answers a non-empty list of the company’s user types, each TypeId the profile names among them',
  },
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
