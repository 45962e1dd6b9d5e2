import { expectTokenError, check } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.grant-type.unknown',
    spec: [
      { anchor: '§7.1/InvalidGrantType', quote: 'Invalid grant type' },
      { anchor: '§2.1/grant_type', quote: 'Values used: client_credentials, refresh_token, authorization_code, mfa_otp' },
      // no value sent here is a known one in another letter case (clarification T9)
      { anchor: '§2.1/grant_type', quote: 'Values used: client_credentials, refresh_token, authorization_code, mfa_otp', silence: 'grant-type-case' },
    ],
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
    spec: [
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
      // a missing grant_type is both an invalid request and an invalid grant type (clarification T1)
      { anchor: '§7.1/InvalidGrantType', quote: 'Invalid grant type', silence: 'missing-grant-type' },
    ],
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
