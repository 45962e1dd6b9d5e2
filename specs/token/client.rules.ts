import { GRANT_TYPES, MFA_METHODS, REQUIRED_FIELDS, TOKEN_MEDIA_TYPES, TokenRequestSchema } from '../../contract/token.js';
import { operationsOf } from '../../contract/operations.js';
import type { Anchor } from '../../contract/spec/index.js';
import { eachRequest, type ClientRule } from '../../judge/client-rule.js';
import type { Observed } from '../../judge/exchange.js';
import { kebab } from '../../judge/families/names.js';
import { unwrap } from '../../judge/model-walk.js';

/**
 * What spec §2.1, §4.1 and §5 (rules 1-3) ask of a caller of the token endpoint (B2): the
 * required fields of each grant (one rule per row of the §4.1 grant table), the §2.1 type of each
 * field (one rule per row), the values the spec enumerates, the JSON body and its headers, a
 * token before any call that needs the Authorization header, and the MFA tokens used in order.
 */

const TOKEN_OPS = ['token.Token', 'token.Challenge'] as const;
const body = (o: Observed): Record<string, unknown> | undefined =>
  o.json?.ok && o.json.value !== null && typeof o.json.value === 'object' && !Array.isArray(o.json.value) ? (o.json.value as Record<string, unknown>) : undefined;
const grantOf = (o: Observed) => (o.op === 'token.Token' ? body(o)?.grant_type : undefined);

export const grantRuleId = (grant: string) => `token.client.${kebab(grant)}-required-fields`;
export const tokenFieldRuleId = (field: string) => `token.client.field-${kebab(field)}-type`;

/** §4.1 grant table: a request of each grant carries each of its required fields, non-empty. */
const GRANT_RULES: ClientRule[] = GRANT_TYPES.map((grant) =>
  eachRequest(
    {
      id: grantRuleId(grant),
      title: `a ${grant} token request carries ${REQUIRED_FIELDS[grant].join(', ')}`,
      interface: 'token',
      level: 'must',
      spec: [
        { anchor: `§4.1/${grant}` as Anchor, quote: `${grant} | ${REQUIRED_FIELDS[grant].join(', ')}` },
        { anchor: '§4.1/which-fields-required-depends-grant', quote: 'Which fields are required depends on the grant' },
      ],
      binding: ['B2'],
      operation: 'token.Token',
    },
    (o) => {
      if (grantOf(o) !== grant) return 'skip';
      // present and not blank; the field's type is its own rule's (token.client.field-*-type)
      const missing = REQUIRED_FIELDS[grant].filter((f) => body(o)![f] === undefined || body(o)![f] === null || body(o)![f] === '');
      return missing.length === 0 ? undefined : `grant_type ${grant} without ${missing.join(', ')}`;
    },
  ),
);

const rowOf = (field: string) => (field === 'company_id' ? '(company id)' : field);

/** §2.1: each field a token request carries has the row's type (the company id's name is company_id, B2). */
const FIELD_RULES: ClientRule[] = Object.entries(TokenRequestSchema.shape).map(([field, schema]) => {
  const type = field === 'company_id' ? 'int32' : 'string';
  return eachRequest(
    {
      id: tokenFieldRuleId(field),
      title: `${field} in a token request is ${type === 'int32' ? 'an integer' : 'a string'}`,
      interface: 'token',
      level: 'must',
      spec: [{ anchor: (field === 'company_id' ? '§2.1/company-id' : `§2.1/${field}`) as Anchor, quote: `${rowOf(field)} | ${type}` }],
      binding: ['B2'],
      operation: 'token.Token',
    },
    (o) => {
      const v = body(o)?.[field];
      if (v === undefined || v === null) return 'skip';
      return unwrap(schema).safeParse(v).success ? undefined : `${field} is ${JSON.stringify(v)} (${typeof v}), not ${type === 'int32' ? 'an integer' : 'a string'}`;
    },
  );
});

const mediaOk = (value: string, wildcard: boolean) =>
  value.split(',').some((part) => {
    const type = part.split(';')[0]!.trim().toLowerCase();
    return (TOKEN_MEDIA_TYPES as readonly string[]).includes(type) || (wildcard && ['*/*', 'application/*', 'text/*'].includes(type));
  });

const OTHER_RULES: ClientRule[] = [
  eachRequest(
    {
      id: 'token.client.grant-type-value',
      title: 'grant_type is one of client_credentials, refresh_token, authorization_code, mfa_otp',
      interface: 'token',
      level: 'should',
      spec: [
        { anchor: '§2.1/grant_type', quote: 'Values used: client_credentials, refresh_token, authorization_code, mfa_otp' },
        { anchor: '§7.1/InvalidGrantType', quote: 'InvalidGrantType | Invalid grant type' },
      ],
      binding: ['B2'],
      operation: 'token.Token',
    },
    (o) => {
      const g = grantOf(o);
      if (g === undefined) return body(o) ? 'grant_type is missing' : 'skip';
      if (typeof g !== 'string') return 'skip';
      return (GRANT_TYPES as readonly unknown[]).includes(g) ? undefined : `grant_type is ${JSON.stringify(g)}`;
    },
  ),
  eachRequest(
    { id: 'token.client.mfa-method-value', title: 'mfa_method is Email or Auth', interface: 'token', level: 'must', spec: [{ anchor: '§2.1/mfa_method', quote: 'Either Email or Auth' }], binding: ['B2'], operation: 'token.Token' },
    (o) => {
      const m = body(o)?.mfa_method;
      if (typeof m !== 'string') return 'skip';
      return (MFA_METHODS as readonly unknown[]).includes(m) ? undefined : `mfa_method is ${JSON.stringify(m)}`;
    },
  ),
  eachRequest(
    { id: 'token.client.json-body', title: 'a token request body is a JSON object', interface: 'token', level: 'must', spec: [{ anchor: '§4.1/request-body-json-fields-2.1', quote: 'Request body: JSON with the fields of 2.1.' }], binding: ['B2'], operation: [...TOKEN_OPS] },
    (o) => (body(o) ? undefined : o.json?.ok === false ? `the body is not JSON (${o.json.reason})` : 'the body is not a JSON object'),
  ),
  eachRequest(
    {
      id: 'token.client.content-type',
      title: 'a token request names its body application/json or text/json (Content-Type), or leaves the default',
      interface: 'token',
      level: 'must',
      spec: [{ anchor: '§4.1/headers-accept-content-type-each', quote: 'Accept and Content-Type, each an enumerated string defaulting to application/json' }],
      binding: ['B2'],
      operation: [...TOKEN_OPS],
    },
    (o) => {
      const ct = o.x.headers['content-type'];
      return ct === undefined || mediaOk(ct, false) ? undefined : `Content-Type is ${JSON.stringify(ct)}`;
    },
  ),
  eachRequest(
    {
      id: 'token.client.accept',
      title: 'a token request accepts application/json or text/json (Accept), or leaves the default',
      interface: 'token',
      level: 'should',
      spec: [{ anchor: '§4.1/headers-accept-content-type-each', quote: 'allowed response types are application/json and text/json' }],
      binding: ['B2'],
      operation: [...TOKEN_OPS],
    },
    (o) => {
      const accept = o.x.headers.accept;
      return accept === undefined || mediaOk(accept, true) ? undefined : `Accept is ${JSON.stringify(accept)}`;
    },
  ),
  eachRequest(
    {
      id: 'token.client.token-before-authorization',
      title: 'an access token sent in the Authorization header was issued by the token endpoint before it',
      interface: 'token',
      level: 'must',
      spec: [
        { anchor: '§4.1/must-called-before-other-service', quote: 'Must be called before other service functions that need the Authorization header.' },
        { anchor: '§5/token-endpoint-4.1-returns-access', quote: 'returns an access token that goes in the Authorization header of most other calls' },
      ],
      binding: ['B2'],
      operation: operationsOf('messaging-rest'),
    },
    (o, ctx) => {
      const issued = ctx.timeline.tokenIssued(o.bearer!);
      return issued !== undefined && issued < o.x.seq ? undefined : 'the access token it presents was not issued by the token endpoint before it in the recording';
    },
    (o) => o.bearer !== undefined && o.iface !== 'token',
  ),
  eachRequest(
    {
      id: 'token.client.mfa-sequence',
      title: 'the user_token and mfa_token of a challenge or an mfa_otp grant are those a MFARequired or challenge answer gave before',
      interface: 'token',
      level: 'must',
      spec: [
        { anchor: '§5/mfa-when-token-endpoint-returns', quote: 'when the token endpoint returns error MFARequired (HTTP 401), then for e-mail MFA, POST /token/challenge continues the flow' },
        { anchor: '§5/mfa-authenticator-app-post-token', quote: 'the user_token and mfa_token from the challenge' },
      ],
      binding: ['B2'],
      operation: [...TOKEN_OPS],
    },
    (o, ctx) => {
      const b = body(o);
      if (!b || (o.op === 'token.Token' && b.grant_type !== 'mfa_otp')) return 'skip';
      const [user, token] = [b.user_token, b.mfa_token];
      if (typeof user !== 'string' || typeof token !== 'string') return 'skip';
      const issued = ctx.timeline.mfaIssued(user, token);
      return issued !== undefined && issued < o.x.seq ? undefined : 'its user_token and mfa_token were not given together by a MFARequired or challenge answer before it';
    },
  ),
];

export const TOKEN_CLIENT_RULES: readonly ClientRule[] = [...GRANT_RULES, ...FIELD_RULES, ...OTHER_RULES];
