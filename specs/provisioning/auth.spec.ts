import { iface, provisioningAccount } from '../../harness/needs.js';
import { attemptCreate, company, expectErrors } from '../../harness/fixtures/provisioning.js';
import { rule } from '../../harness/rule.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/** spec §5: provisioning authenticates with a user name, a platform name and a hash of the data; §7.3 'Other' rows. */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

rule(
  {
    ...base,
    id: 'provisioning.auth.unknown-user-name',
    spec: [
      { anchor: '§5/provisioning-authenticates-user-name-must', quote: 'a user name that must be valid (NotAuthorized)' },
      { anchor: '§7.3/NotAuthorized', quote: 'The user name is invalid' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a request whose UserName is no provisioning user is refused with NotAuthorized',
  },
  async (t) => {
    const reply = await attemptCreate(t, company(t, 0), { userName: `${t.prefix}-nobody` });
    expectErrors(reply, "spec §5: 'a user name that must be valid (NotAuthorized)'", 'NotAuthorized');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.auth.platform-not-allowed',
    spec: [
      { anchor: '§5/provisioning-authenticates-user-name-must', quote: 'a platform name that the user may provision (InvalidPlatformName)' },
      { anchor: '§7.3/InvalidPlatformName', quote: 'Platform not one the user may provision' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a PlatformCode the user may not provision (unknown, or the profile\'s other platform) is refused with InvalidPlatformName',
  },
  async (t) => {
    const codes = [`${t.prefix}-NOPLATFORM`, t.profile.provisioning?.otherPlatformCode].filter((c): c is string => !!c);
    for (const [i, platformCode] of codes.entries()) {
      const reply = await attemptCreate(t, company(t, i), { platformCode });
      expectErrors(reply, `spec §5: 'a platform name that the user may provision (InvalidPlatformName)'; PlatformCode "${platformCode}"`, 'InvalidPlatformName');
    }
  },
);

rule(
  {
    ...base,
    id: 'provisioning.auth.hash-mismatch',
    spec: [
      { anchor: '§5/provisioning-authenticates-user-name-must', quote: 'a hash of the data (BadCrypto)' },
      { anchor: '§7.3/BadCrypto', quote: 'Supplied hash does not match the computed hash' },
      // the hash algorithm is the binding's (B5)
      { anchor: '§5/hash-algorithm-not-shown', quote: 'The hash algorithm: not shown.', silence: 'provisioning-hash' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a Hash that is not the HMAC of the data is refused with BadCrypto',
  },
  async (t) => {
    const reply = await attemptCreate(t, company(t, 0), { wrongHash: true });
    expectErrors(reply, "spec §7.3 BadCrypto: 'Supplied hash does not match the computed hash'", 'BadCrypto');
  },
);
