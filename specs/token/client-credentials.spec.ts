import { REQUIRED_FIELDS } from '../../contract/token.js';
import { expectTokenIssued } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectMissingRefused } from '../../harness/fixtures/token-request.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.client-credentials.issues-token',
    spec: [
      { anchor: '§4.1/post-token-under-base_url-whether', quote: 'POST /Token' },
      // the request carries no scope: the spec calls it optional
      { anchor: '§2.1/scope', quote: 'Scope of the token requested (optional)' },
      { anchor: '§4.1/client_credentials', quote: 'client_id, client_secret' },
      { anchor: '§4.1/success-http-200', quote: 'Success: HTTP 200.' },
    ],
    title: 'client_credentials with a valid client_id and client_secret returns HTTP 200 and an access_token',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    expectTokenIssued(await t.token.clientCredentials(t.account('primary')));
  },
);

rule(
  {
    ...base,
    id: 'token.client-credentials.required-fields',
    spec: [
      { anchor: '§4.1/client_credentials', quote: 'client_id, client_secret' },
      { anchor: '§4.1/which-fields-required-depends-grant', quote: 'Which fields are required depends on the grant:' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
      { anchor: '§4.1/failure-http-400-401-error', quote: 'Failure: HTTP 400 or 401 with an error property', silence: 'token-missing-field-error' },
    ],
    title: 'client_credentials without client_id or client_secret (either absent or null) is refused: 400 InvalidRequest, or 401 InvalidCredentials (the row for a bad credential), never a token',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    const full = { grant_type: 'client_credentials', client_id: primary.username, client_secret: primary.password };
    await expectMissingRefused(t, full, REQUIRED_FIELDS.client_credentials);
  },
);
