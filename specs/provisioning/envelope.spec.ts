import { iface, provisioningAccount } from '../../harness/needs.js';
import { attemptCreate, company, expectErrors, expectOneOf } from '../../harness/fixtures/provisioning.js';
import { check } from '../../harness/expect.js';
import { rule } from '../../harness/rule.js';

/** spec §4.5 (encrypted data string and hash), §5.8 (authentication), §7.3 'Other' rows. */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

rule(
  { ...base, id: 'provisioning.auth.unknown-user-name', section: '§5.8', title: 'a request whose UserName is no provisioning user is refused with NotAuthorized' },
  async (t) => {
    const reply = await attemptCreate(t, company(t, 0), { userName: `${t.prefix}-nobody` });
    expectErrors(reply, "spec §5.8: 'a user name that must be valid (NotAuthorized)'", 'NotAuthorized');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.auth.platform-not-allowed',
    section: '§5.8',
    title: 'a PlatformCode the user may not provision (unknown, or the profile\'s other platform) is refused with InvalidPlatformName',
  },
  async (t) => {
    const codes = [`${t.prefix}-NOPLATFORM`, t.profile.provisioning?.otherPlatformCode].filter((c): c is string => !!c);
    for (const [i, platformCode] of codes.entries()) {
      const reply = await attemptCreate(t, company(t, i), { platformCode });
      expectErrors(reply, `spec §5.8: 'a platform name that the user may provision (InvalidPlatformName)'; PlatformCode "${platformCode}"`, 'InvalidPlatformName');
    }
  },
);

rule(
  { ...base, id: 'provisioning.auth.hash-mismatch', section: '§5.8', title: 'a Hash that is not the HMAC of the data is refused with BadCrypto' },
  async (t) => {
    const reply = await attemptCreate(t, company(t, 0), { wrongHash: true });
    expectErrors(reply, "spec §7.3 BadCrypto: 'Supplied hash does not match the computed hash'", 'BadCrypto');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.envelope.undecryptable-data',
    section: '§7.3',
    title: 'Data that does not decrypt (not base64, or not whole AES blocks) is answered BadCrypto or MalformedJsonString, never a server failure',
  },
  async (t) => {
    // spec §7.3 leaves open which of the two names undecryptable data earns (docs/clarifications.md)
    for (const data of ['%%not-base64%%', Buffer.alloc(20, 7).toString('base64')]) {
      const reply = await attemptCreate(t, company(t, 0), { data });
      expectOneOf(reply, `spec §4.5: the request carries an encrypted data string; Data "${data}"`, ['BadCrypto', 'MalformedJsonString']);
    }
  },
);

rule(
  { ...base, id: 'provisioning.envelope.malformed-json', section: '§7.3', title: 'a decrypted data string that is not JSON is refused with MalformedJsonString' },
  async (t) => {
    const json = JSON.stringify(company(t, 0));
    for (const plaintext of [json.slice(0, Math.floor(json.length / 2)), '<CompanyModel />']) {
      const reply = await attemptCreate(t, company(t, 0), { plaintext });
      expectErrors(reply, "spec §7.3 MalformedJsonString: 'Decrypted data string is incorrectly formatted or serialized'", 'MalformedJsonString');
    }
  },
);

rule(
  {
    ...base,
    id: 'provisioning.envelope.malformed-request',
    section: '§4.5',
    title: 'a body that is not a RequestModel is refused (a 4xx, or a ResponseModel naming a §7.3 error), never with a server failure',
  },
  async (t) => {
    for (const rawBody of ['not json', '{}', '[]', '{"UserName": 5, "Data": null}']) {
      const reply = await attemptCreate(t, company(t, 0), { rawBody });
      const refused = (reply.res.status >= 400 && reply.res.status < 500) || (reply.res.status < 500 && reply.errors.length > 0);
      check(refused, `${reply.res.label} with body ${rawBody}: expected a 4xx or a ResponseModel naming a spec §7.3 error (B5; spec §4.5 requests carry an encrypted data string and a hash); got ${reply.summary}.`);
    }
  },
);

rule(
  { ...base, id: 'provisioning.command.unknown', section: '§7.3', title: 'a Command other than Create (1), Update (2) or Cancel (3) is refused with UnknownCommand' },
  async (t) => {
    for (const command of [0, 4, 99]) {
      const reply = await attemptCreate(t, company(t, 0), { command });
      expectErrors(reply, `spec §7.3 UnknownCommand; Command ${command}`, 'UnknownCommand');
    }
  },
);
