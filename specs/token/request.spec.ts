import { expectTokenError, expectTokenErrorAmong } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.request.malformed-json',
    spec: [
      { anchor: '§4.1/request-body-json-fields-2.1', quote: 'Request body: JSON with the fields of 2.1.' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
    ],
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
    spec: [
      { anchor: '§2.1/client_id', quote: 'string' },
      { anchor: '§2.1/client_secret', quote: 'string' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
      // a server may coerce scalars to strings, as .NET model binding does (clarification T7)
      { anchor: '§2.1/client_id', quote: 'string', silence: 'token-json-scalars' },
    ],
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
