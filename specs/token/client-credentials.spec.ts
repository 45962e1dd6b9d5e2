import { REQUIRED_FIELDS } from '../../contract/token.js';
import { expectTokenError, expectTokenIssued } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectMissingRefused } from '../../harness/fixtures/token-request.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.client-credentials.issues-token',
    section: '§4.1',
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
    id: 'token.credentials.invalid',
    section: '§7.1',
    title: 'a wrong client_secret, or an unknown client_id, is refused with 401 InvalidCredentials',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    expectTokenError(await t.token.clientCredentials({ username: primary.username, password: `${primary.password}-wrong` }), 'InvalidCredentials');
    expectTokenError(await t.token.clientCredentials({ username: `${t.prefix}-nobody@example.invalid`, password: primary.password }), 'InvalidCredentials');
  },
);

rule(
  {
    ...base,
    id: 'token.client-credentials.required-fields',
    sentence: 'client_credentials | client_id, client_secret (required fields); 400 | InvalidRequest | The request is invalid',
    section: '§4.1',
    title: 'client_credentials without client_id or client_secret (either absent or null) is refused: 400 InvalidRequest, or 401 InvalidCredentials (the row for a bad credential), never a token',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    const full = { grant_type: 'client_credentials', client_id: primary.username, client_secret: primary.password };
    await expectMissingRefused(t, full, REQUIRED_FIELDS.client_credentials);
  },
);
