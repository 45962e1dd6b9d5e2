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
    spec: [
      { anchor: '§4.1/refresh_token', quote: 'refresh_token' },
      { anchor: '§2.1/refresh_token', quote: 'Used instead of client_id and client_secret (refresh_token grant)' },
      { anchor: '§4.1/success-http-200', quote: 'Success: HTTP 200.' },
      // whether a refresh token is issued at all is B2's: without one the rule is not applicable
      { anchor: '§4.1/body-not-shown', quote: 'The body: not shown.', silence: 'token-response' },
    ],
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
    spec: [{ anchor: '§7.1/RefreshTokenInvalid', quote: 'Refresh token invalid or expired' }],
    title: 'the refresh_token grant with an unknown refresh token is refused with 401 RefreshTokenInvalid',
    needs: [iface('token')],
  },
  async (t) => {
    expectTokenError(await t.token.token({ grant_type: 'refresh_token', refresh_token: t.wrong('refresh_token') }), 'RefreshTokenInvalid');
  },
);

rule(
  {
    ...base,
    id: 'token.refresh-token.required-fields',
    spec: [
      { anchor: '§4.1/refresh_token', quote: 'refresh_token' },
      { anchor: '§4.1/which-fields-required-depends-grant', quote: 'Which fields are required depends on the grant:' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
      { anchor: '§4.1/failure-http-400-401-error', quote: 'Failure: HTTP 400 or 401 with an error property', silence: 'token-missing-field-error' },
    ],
    title: 'the refresh_token grant without refresh_token (absent or null) is refused: 400 InvalidRequest, or 401 RefreshTokenInvalid (the row for a bad refresh token), never a token',
    needs: [iface('token')],
  },
  async (t) => {
    const full = { grant_type: 'refresh_token', refresh_token: `${t.prefix}-placeholder` };
    await expectMissingRefused(t, full, REQUIRED_FIELDS.refresh_token);
  },
);
