import { keyOf } from '../../harness/clients/admin.js';
import { check, expectRefused } from '../../harness/expect.js';
import { adminSession, keyOrThrow, type CompanyCredentials } from '../../harness/fixtures/admin.js';
import { company, givenCompany, keyShown } from '../../harness/fixtures/provisioning.js';
import { adminCredentials, companyChange, iface, provisioningAccount } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import type { CompanyModel } from '../../contract/provisioning.js';

/** spec §4.2 Create a new encryption key (PSK); spec §4.5 (the same company key). */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

/** A fresh company through provisioning, and the administration credentials of its administrator. */
async function freshCompany(t: RuleContext): Promise<{ model: CompanyModel; credentials: CompanyCredentials }> {
  const model = company(t, 1);
  await givenCompany(t, model);
  const key = await t.given('read the new company’s key (provisioning Get an encryption key)', async () =>
    keyShown(await t.clients.provisioning.getEncryptionKey({ ReferenceId: model.ReferenceId }), 'the default key'),
  );
  return { model, credentials: { automationId: key.AutomationId, encryptionKey: key.ApiEncryptionKey, email: model.Admin!.Email! } };
}

async function expectOpens(t: RuleContext, credentials: CompanyCredentials, why: string): Promise<void> {
  const res = await t.admin.sessionKey({ Email: credentials.email }, { automationId: credentials.automationId, encryptionKey: credentials.encryptionKey });
  check(keyOf(res) !== undefined, `${res.label}: expected a session key (${why}); got HTTP ${res.status} ${res.shown || '(empty)'}.`);
}

rule(
  {
    ...base,
    id: 'admin.company-key.replaced',
    spec: [
      { anchor: '§4.2/create-new-encryption-key-psk', quote: 'new company encryption key (string); existing key invalidated' },
      { anchor: '§3.2/create-new-encryption-key-company', quote: 'A new key is generated and returned, and any existing key is invalidated.' },
    ],
    operation: 'admin.NewEncryptionKey',
    title: 'Create a new encryption key answers a new company key that opens a session, and the old key no longer does',
    needs: [...base.needs, iface('provisioning'), provisioningAccount, companyChange('company key')],
  },
  async (t) => {
    // a company of its own, so no other rule's key changes; cancelled at the end
    const { credentials } = await freshCompany(t);
    const admin = await adminSession(t, credentials);
    const res = await t.admin.newEncryptionKey(admin, { Email: credentials.email });
    const fresh = keyOf(res);
    check(fresh !== undefined && fresh !== credentials.encryptionKey, `${res.label}: expected a 2xx with a new company key; got HTTP ${res.status} ${res.shown || '(empty)'}.`);
    await expectOpens(t, { ...credentials, encryptionKey: fresh }, 'the new company key');
    const old = await t.admin.sessionKey({ Email: credentials.email }, { automationId: credentials.automationId, encryptionKey: credentials.encryptionKey });
    expectRefused(old, 'the old company key was invalidated by Create a new encryption key');
  },
);

rule(
  {
    ...base,
    id: 'admin.company-key.provisioning-replaced',
    spec: [
      { anchor: '§4.5/create-new-encryption-key', quote: 'If an AutomationId is given, generates and returns a new company key and invalidates existing keys.' },
      { anchor: '§3.2/create-new-encryption-key-company', quote: 'A new key is generated and returned, and any existing key is invalidated.' },
    ],
    operation: 'admin.GetSessionKey',
    title: 'after provisioning replaces a company key, the old key no longer opens an administration session and the new one does',
    needs: [...base.needs, iface('provisioning'), provisioningAccount],
  },
  async (t) => {
    const { model, credentials } = await freshCompany(t);
    await t.given('open an administration session with the company’s key', async () =>
      keyOrThrow(await t.admin.sessionKey({ Email: credentials.email }, { automationId: credentials.automationId, encryptionKey: credentials.encryptionKey }), 'a session key'),
    );
    const replaced = await t.given('replace the key (provisioning Create a new encryption key)', async () =>
      keyShown(await t.clients.provisioning.newEncryptionKey({ ReferenceId: model.ReferenceId, AutomationId: credentials.automationId }), 'the replaced key'),
    );
    await expectOpens(t, { ...credentials, encryptionKey: replaced.ApiEncryptionKey }, 'the key provisioning handed out');
    const old = await t.admin.sessionKey({ Email: credentials.email }, { automationId: credentials.automationId, encryptionKey: credentials.encryptionKey });
    expectRefused(old, 'spec §4.5: the existing key was invalidated');
  },
);
