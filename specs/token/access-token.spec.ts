import { check, expectTokenIssued } from '../../harness/expect.js';
import { account, bearerOnMessaging, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** Every string value in a JSON value, at any depth. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const base = { interface: 'token', operation: 'messaging-rest.GetAccountDetails', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.access-token.authorizes',
    spec: [{ anchor: '§5/token-endpoint-4.1-returns-access', quote: 'returns an access token that goes in the Authorization header of most other calls' }],
    title: "the access token from the token endpoint, in the Authorization header, is accepted by another service call and opens its user's own account (messaging account details)",
    needs: [iface('token'), bearerOnMessaging, account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    const { access_token } = await t.given('obtain an access token', async () => expectTokenIssued(await t.token.clientCredentials(primary)));
    const res = await t.rest.details({ authorization: t.token.authorization(access_token) });
    check(res.status === 200, `${res.label}: expected HTTP 200 for a call carrying the access token (spec §5); got HTTP ${res.status} with body ${res.shown}.`);
    // the details must be the token's user's: they name its e-mail address (as messaging-rest.account.details requires
    // of any session; spec §4.3 'fields not shown', so any field will do). Never skipped when a field is absent.
    check(
      strings(res.json).some((s) => s.toLowerCase() === primary.email.toLowerCase()),
      `${res.label}: the account details opened with the access token do not name the token's user ${primary.email}; got ${res.shown}.`,
    );
  },
);

rule(
  {
    ...base,
    id: 'token.access-token.invalid-refused',
    spec: [
      { anchor: '§4.1/must-called-before-other-service', quote: 'Must be called before other service functions that need the Authorization header.' },
      { anchor: '§5/token-endpoint-4.1-returns-access', quote: 'returns an access token that goes in the Authorization header of most other calls' },
    ],
    title: 'a call whose Authorization header carries a token the endpoint never issued is refused with a 4xx',
    needs: [iface('token'), bearerOnMessaging],
  },
  async (t) => {
    const res = await t.rest.details({ authorization: t.token.authorization(t.wrong('access_token')) });
    check(res.status >= 400 && res.status < 500, `${res.label}: a forged access token must not be accepted (spec §4.1: the token endpoint must be called first); got HTTP ${res.status} with body ${res.shown}.`);
  },
);
