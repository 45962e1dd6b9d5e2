import { expectTokenError } from '../../harness/expect.js';
import { idpCode } from '../../harness/fixtures/identity-provider.js';
import { account, iface, identityProvider } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.id-token.invalid',
    spec: [
      { anchor: '§7.1/IdTokenInvalid-400', quote: 'Invalid id token' },
      // which of the two rows' statuses is not settled: either is accepted
      { anchor: '§7.1/IdTokenInvalid-401', quote: 'Invalid id token', silence: 'id-token-invalid-status' },
    ],
    title: 'authorization_code with a code that is not a valid identity-provider token (bad signature, expired, garbage) is refused with IdTokenInvalid (400 or 401)',
    needs: [iface('token'), identityProvider, account('primary')],
  },
  async (t) => {
    const { email } = t.account('primary');
    const resource_type = t.profile.identityProvider!.resourceType;
    const codes = [idpCode(t, email, { secret: t.wrong('identityProvider.jwtSecret') }), idpCode(t, email, { expiresInSeconds: -600 }), t.wrong('code', 'not-a-jwt')];
    for (const code of codes) expectTokenError(await t.token.token({ grant_type: 'authorization_code', code, resource_type }), 'IdTokenInvalid');
  },
);
