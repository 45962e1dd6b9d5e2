import { keyOf } from '../../harness/clients/admin.js';
import { check } from '../../harness/expect.js';
import { adminSession, givenAccount, newAccountModel } from '../../harness/fixtures/admin.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.2 Get an encryption key (PSK); §3.2 Get encryption key (user). */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

rule(
  {
    ...base,
    id: 'admin.psk.generated-and-stable',
    spec: [
      { anchor: '§4.2/get-encryption-key-psk', quote: "user's encryption key (string); generated if absent" },
      { anchor: '§3.2/get-encryption-key-user', quote: 'no key exists yet | A new key is generated.' },
    ],
    operation: 'admin.GetEncryptionKey',
    title: 'Get an encryption key answers the user’s key (generated when absent) and the same key on every later call',
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t);
    await givenAccount(t, admin, model);
    // where the profile lists Get an encryption key in admin.unavailableOperations, the harness's
    // gate makes this rule not applicable; admin.edition.operations-offered checks the refusal
    const first = await t.admin.encryptionKey(admin, { Email: model.Email });
    const key = keyOf(first);
    check(key !== undefined, `${first.label}: expected a 2xx with the user's encryption key (a non-empty string, generated if absent); got HTTP ${first.status} ${first.shown || '(empty)'}.`);
    for (const identity of [{ Email: model.Email }, { UserId: model.UserId }]) {
      const again = await t.admin.encryptionKey(admin, identity);
      check(keyOf(again) === key, `${again.label} by ${Object.keys(identity)[0]}: expected the same key as the first call (a key is generated only when absent); got HTTP ${again.status} ${again.shown || '(empty)'}.`);
    }
  },
);
