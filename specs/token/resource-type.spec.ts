import { expectTokenError } from '../../harness/expect.js';
import { idpCode } from '../../harness/fixtures/identity-provider.js';
import { account, iface, identityProvider } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.resource-type.unknown',
    spec: [
      { anchor: '§7.1/InvalidResourceType', quote: 'Invalid resource type' },
      // the known value is the profile's; the one sent here designates nothing under any reading
      { anchor: '§2.1/resource_type', quote: 'The full set of allowed values: not shown.', silence: 'resource-type-values' },
    ],
    title: 'authorization_code with a resource_type that designates no known resource is refused with 400 InvalidResourceType',
    needs: [iface('token'), identityProvider, account('primary')],
  },
  async (t) => {
    const code = idpCode(t, t.account('primary').email);
    expectTokenError(await t.token.token({ grant_type: 'authorization_code', code, resource_type: `${t.prefix}-NoSuchProvider` }), 'InvalidResourceType');
  },
);
