import { check } from '../../harness/expect.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { company, givenCompany, keyShown } from '../../harness/fixtures/provisioning.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/**
 * spec §4.5 Get an encryption key / Create a new encryption key (AutomationKeyModel), §3.2
 * 'Create new encryption key (company): a new key is generated and returned, and any existing key
 * is invalidated'. Keys never appear in messages: they are compared, not shown.
 */
const base = { interface: 'provisioning' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };
const GET = 'provisioning.GetEncryptionKey' as const;
const NEW = 'provisioning.NewEncryptionKey' as const;

/** A provisioned company and its default key (both preconditions). */
async function companyWithDefaultKey(t: RuleContext) {
  const model = company(t, 0);
  await givenCompany(t, model);
  const ReferenceId = model.ReferenceId;
  const key = await t.given('read the default key', async () => keyShown(await t.clients.provisioning.getEncryptionKey({ ReferenceId }), 'the default key'));
  return { ReferenceId, key };
}

rule(
  {
    ...base,
    operation: GET,
    id: 'provisioning.key.get-default',
    spec: [{ anchor: '§4.5/get-encryption-key', quote: "with no AutomationId, returns the company's default key" }],
    title: 'Get an encryption key without an AutomationId returns the company default key, the same AutomationId and key each time',
  },
  async (t) => {
    const model = company(t, 0);
    await givenCompany(t, model);
    const why = "spec §4.5: 'with no AutomationId, returns the company's default key'";
    const first = keyShown(await t.clients.provisioning.getEncryptionKey({ ReferenceId: model.ReferenceId }), why);
    const again = keyShown(await t.clients.provisioning.getEncryptionKey({ ReferenceId: model.ReferenceId }), why);
    check(first.AutomationId === again.AutomationId && first.ApiEncryptionKey === again.ApiEncryptionKey, `Two Gets without an AutomationId returned different AutomationIds or keys; ${why}, one default key.`);
  },
);

rule(
  {
    ...base,
    operation: GET,
    id: 'provisioning.key.get-by-automation-id',
    spec: [
      { anchor: '§4.5/get-encryption-key', quote: 'Returns the company encryption key for the given AutomationId' },
      // nothing is asserted of other AutomationIds' keys after a New (clarification P14)
      { anchor: '§4.5/create-new-encryption-key', quote: 'invalidates existing keys', silence: 'company-keys' },
    ],
    title: 'Get an encryption key with an AutomationId returns the key of that AutomationId, never the default or the newest key instead (an invalidated older one may be refused)',
  },
  async (t) => {
    const { ReferenceId, key: byDefault } = await companyWithDefaultKey(t);
    const newAutomationId = (what: string) =>
      t.given(`create ${what} AutomationId with its key`, async () => keyShown(await t.clients.provisioning.newEncryptionKey({ ReferenceId }), 'a new AutomationId'));
    // two AutomationIds besides the default: the older one is looked up first, so 'the newest key' is a wrong answer
    const older = await newAutomationId('a second');
    const newer = await newAutomationId('a third');
    const why = "spec §4.5: 'Returns the company encryption key for the given AutomationId'";
    for (const [created, name] of [[older, 'the older'], [newer, 'the newer'], [byDefault, 'the default']] as const) {
      const reply = await t.clients.provisioning.getEncryptionKey({ ReferenceId, AutomationId: created.AutomationId });
      // clarification P14: where a new key invalidates every other AutomationId's key, the older ones may be refused; never answered with another key
      if (created !== newer && reply.model && reply.res.status < 500 && reply.errors.length > 0) continue;
      const got = keyShown(reply, `Get with ${name} AutomationId`);
      check(got.AutomationId === created.AutomationId, `Get with ${name} AutomationId ${created.AutomationId} returned AutomationId ${got.AutomationId}; ${why}.`);
      const instead = [
        [byDefault, 'the default key'],
        [older, 'the older AutomationId\'s key'],
        [newer, 'the newest key'],
      ].find(([k]) => k !== created && (k as typeof created).ApiEncryptionKey === got.ApiEncryptionKey)?.[1];
      check(
        got.ApiEncryptionKey === created.ApiEncryptionKey,
        `Get with ${name} AutomationId ${created.AutomationId} returned ${instead ?? 'a key other than the one made for it'}; ${why}.`,
      );
    }
  },
);

rule(
  {
    ...base,
    operation: NEW,
    id: 'provisioning.key.new-generates-automation-id',
    spec: [
      { anchor: '§4.5/create-new-encryption-key', quote: 'If none is given, a new AutomationId is generated as well.' },
      { anchor: '§2.4/AutomationKeyModel', quote: 'ApiEncryptionKey (string), AutomationId (string)' },
      // AutomationIds are opaque strings,
      { anchor: '§2.4/AutomationKeyModel', quote: 'AutomationId (string)', silence: 'automation-id-format' },
    ],
    title: 'Create a new encryption key without an AutomationId returns a newly generated AutomationId and a key',
  },
  async (t) => {
    const { ReferenceId, key: byDefault } = await companyWithDefaultKey(t);
    const created = keyShown(await t.clients.provisioning.newEncryptionKey({ ReferenceId }), 'spec §4.5 Create a new encryption key');
    check(
      created.AutomationId !== byDefault.AutomationId && created.ApiEncryptionKey !== byDefault.ApiEncryptionKey,
      `Create a new encryption key without an AutomationId returned ${created.AutomationId === byDefault.AutomationId ? `the existing AutomationId ${created.AutomationId}` : 'the existing key'}; spec §4.5: 'If none is given, a new AutomationId is generated as well'.`,
    );
  },
);

rule(
  {
    ...base,
    operation: NEW,
    id: 'provisioning.key.new-invalidates-old',
    spec: [
      { anchor: '§4.5/create-new-encryption-key', quote: 'If an AutomationId is given, generates and returns a new company key and invalidates existing keys.' },
      { anchor: '§3.2/create-new-encryption-key-company', quote: 'A new key is generated and returned, and any existing key is invalidated.' },
    ],
    title: 'Create a new encryption key with an AutomationId returns a new key for it, and Get then returns the new key, not the old',
  },
  async (t) => {
    const { ReferenceId, key: old } = await companyWithDefaultKey(t);
    const renewed = keyShown(await t.clients.provisioning.newEncryptionKey({ ReferenceId, AutomationId: old.AutomationId }), 'spec §4.5 Create a new encryption key');
    check(renewed.AutomationId === old.AutomationId, `Create a new encryption key for AutomationId ${old.AutomationId} returned AutomationId ${renewed.AutomationId}; spec §4.5 generates a new key for the given AutomationId.`);
    check(renewed.ApiEncryptionKey !== old.ApiEncryptionKey, `Create a new encryption key for AutomationId ${old.AutomationId} returned the old key; spec §3.2: 'A new key is generated and returned'.`);
    const got = keyShown(await t.clients.provisioning.getEncryptionKey({ ReferenceId, AutomationId: old.AutomationId }), 'Get after the new key');
    check(
      got.ApiEncryptionKey === renewed.ApiEncryptionKey,
      `After a new key for AutomationId ${old.AutomationId}, Get returned ${got.ApiEncryptionKey === old.ApiEncryptionKey ? 'the old key' : 'a key other than the new one'}; spec §4.5: a new key 'invalidates existing keys'.`,
    );
  },
);
