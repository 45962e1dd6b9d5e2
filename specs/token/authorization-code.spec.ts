import { REQUIRED_FIELDS } from '../../contract/token.js';
import { check, expectTokenIssued } from '../../harness/expect.js';
import { deleteAtEnd } from '../../harness/fixtures/admin.js';
import { idpCode } from '../../harness/fixtures/identity-provider.js';
import { account, autoProvisioning, bearerOnMessaging, iface, identityProvider } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectMissingRefused } from '../../harness/fixtures/token-request.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.authorization-code.issues-token',
    spec: [
      { anchor: '§2.1/code', quote: 'Authorization code, or access token, from an external identity provider (authorization_code grant)' },
      { anchor: '§5/grants-client_credentials-client_id-client_secret-refresh_token', quote: 'authorization_code with a resource_type for an external identity provider' },
      { anchor: '§4.1/authorization_code', quote: 'code, resource_type' },
      { anchor: '§4.1/success-http-200', quote: 'Success: HTTP 200.' },
    ],
    title: 'authorization_code with a valid identity-provider code for a known user and the provider\'s resource_type returns HTTP 200 and an access_token',
    needs: [iface('token'), identityProvider, account('primary')],
  },
  async (t) => {
    const code = idpCode(t, t.account('primary').email);
    expectTokenIssued(await t.token.token({ grant_type: 'authorization_code', code, resource_type: t.profile.identityProvider!.resourceType }));
  },
);

rule(
  {
    ...base,
    id: 'token.authorization-code.auto-provisions',
    operation: ['token.Token', 'messaging-rest.GetAccountDetails'],
    spec: [
      { anchor: '§4.1/authorization_code', quote: 'and the company id when auto-provisioning users through the external identity provider' },
      { anchor: '§2.1/company-id', quote: 'Company id for users that are automatically provisioned through the external identity provider.' },
      { anchor: '§2.1/company-id', quote: 'Its JSON name: not shown.', silence: 'company-id-name' },
    ],
    title: 'authorization_code for a user unknown to the service, with the company id, provisions the user and returns an access_token that works',
    needs: [iface('token'), identityProvider, autoProvisioning, bearerOnMessaging],
  },
  async (t) => {
    const idp = t.profile.identityProvider!;
    const email = `${t.prefix}.auto@example.com`;
    // leave nothing behind: the provisioned user is deleted through administration where the profile gives it
    if (t.profile.admin && t.profile.interfaces.includes('admin')) deleteAtEnd(t, undefined, { Email: email });
    const issued = expectTokenIssued(
      await t.token.token({ grant_type: 'authorization_code', code: idpCode(t, email), resource_type: idp.resourceType, company_id: idp.autoProvisionCompanyId }),
    );
    const details = await t.rest.details({ authorization: t.token.authorization(issued.access_token) });
    check(details.status === 200, `${details.label}: the auto-provisioned user's access token should be accepted (spec §5); got HTTP ${details.status} with body ${details.shown}.`);
  },
);

rule(
  {
    ...base,
    id: 'token.authorization-code.required-fields',
    spec: [
      { anchor: '§4.1/authorization_code', quote: 'code, resource_type' },
      { anchor: '§4.1/which-fields-required-depends-grant', quote: 'Which fields are required depends on the grant:' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
      { anchor: '§4.1/failure-http-400-401-error', quote: 'Failure: HTTP 400 or 401 with an error property', silence: 'token-missing-field-error' },
    ],
    title: 'authorization_code without code or resource_type (either absent or null) is refused: 400 InvalidRequest, or the row of a missing field (IdTokenInvalid for code, InvalidResourceType for resource_type), never a token',
    needs: [iface('token'), identityProvider, account('primary')],
  },
  async (t) => {
    const full = { grant_type: 'authorization_code', code: idpCode(t, t.account('primary').email), resource_type: t.profile.identityProvider!.resourceType };
    await expectMissingRefused(t, full, REQUIRED_FIELDS.authorization_code);
  },
);
