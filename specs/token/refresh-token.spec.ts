import { REQUIRED_FIELDS } from '../../contract/token.js';
import { expectTokenError, expectTokenIssued } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectMissingRefused } from '../../harness/fixtures/token-request.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.refresh-token.issues-token',
    section: '§5.2',
    title: 'the refresh_token grant with a refresh token from an earlier grant returns HTTP 200 and an access_token',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const first = await t.given('obtain tokens with client_credentials', async () => expectTokenIssued(await t.token.clientCredentials(t.account('primary'))));
    // B2: where the target issues no refresh token this rule cannot be checked, never passed
    if (!first.refresh_token) t.notApplicable('the token response carries no refresh_token (B2)');
    expectTokenIssued(await t.token.token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }));
  },
);

rule(
  {
    ...base,
    id: 'token.refresh-token.invalid',
    section: '§7.1',
    title: 'the refresh_token grant with an unknown refresh token is refused with 401 RefreshTokenInvalid',
    needs: [iface('token')],
  },
  async (t) => {
    expectTokenError(await t.token.token({ grant_type: 'refresh_token', refresh_token: `${t.prefix}-not-a-refresh-token` }), 'RefreshTokenInvalid');
  },
);

rule(
  {
    ...base,
    id: 'token.refresh-token.required-fields',
    section: '§4.1',
    title: 'the refresh_token grant without refresh_token (absent or null) is refused: 400 InvalidRequest, or 401 RefreshTokenInvalid (the row for a bad refresh token), never a token',
    needs: [iface('token')],
  },
  async (t) => {
    const full = { grant_type: 'refresh_token', refresh_token: `${t.prefix}-placeholder` };
    await expectMissingRefused(t, full, REQUIRED_FIELDS.refresh_token);
  },
);
