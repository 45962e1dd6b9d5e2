import { expectTokenError, expectTokenErrorAmong, check } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must', section: '§7.1' } as const;

rule(
  {
    ...base,
    id: 'token.grant-type.unknown',
    title: 'a grant_type that is none of client_credentials, refresh_token, authorization_code and mfa_otp in any letter case is refused with 400 InvalidGrantType',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    // clarification T9: the letter case of a grant type is not settled, so no grant here is a known one in another case
    for (const grant of ['password', 'implicit', 'client-credentials', 'clientcredentials', 'client_credentials_v2']) {
      expectTokenError(await t.token.token({ grant_type: grant, client_id: primary.username, client_secret: primary.password }), 'InvalidGrantType');
    }
  },
);

rule(
  {
    ...base,
    id: 'token.grant-type.missing',
    title: 'a body without grant_type is refused with 400 (InvalidRequest or InvalidGrantType)',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    const res = await t.token.token({ client_id: primary.username, client_secret: primary.password });
    // docs/clarifications.md: a missing grant_type is both an invalid request and an invalid grant type
    const error = (res.json as { error?: unknown } | undefined)?.error;
    check(
      res.status === 400 && (error === 'InvalidRequest' || error === 'InvalidGrantType'),
      `${res.label}: expected HTTP 400 with error "InvalidRequest" or "InvalidGrantType" (spec §7.1); got HTTP ${res.status} with body ${res.shown}.`,
    );
  },
);

rule(
  {
    ...base,
    id: 'token.request.malformed-json',
    title: 'a body that is not JSON (truncated, not an object, or empty) is refused with 400 InvalidRequest',
    needs: [iface('token')],
  },
  async (t) => {
    for (const body of ['{"grant_type": "client_credentials", ', '["client_credentials"]', 'grant_type=client_credentials', '']) {
      expectTokenError(await t.token.token(body), 'InvalidRequest');
    }
  },
);

rule(
  {
    ...base,
    id: 'token.request.wrong-field-type',
    title:
      'a credential field of the wrong type (spec §2.1 strings given as numbers, objects or booleans) never yields a token: it is refused with 400 InvalidRequest, or, read as a string, with 401 InvalidCredentials',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    const valid = { grant_type: 'client_credentials', client_id: primary.username, client_secret: primary.password };
    // clarification T7: a server refuses the mistyped field (InvalidRequest) or coerces scalars to strings, as .NET
    // model binding does (a wrong credential: InvalidCredentials; an object binds to nothing: InvalidRequest)
    for (const wrong of [{ client_id: 12345 }, { client_secret: { value: primary.password } }, { client_secret: true }, { client_secret: 0 }]) {
      expectTokenErrorAmong(await t.token.token({ ...valid, ...wrong }), ['InvalidRequest', 'InvalidCredentials'], `${JSON.stringify(Object.keys(wrong))} mistyped`);
    }
  },
);
