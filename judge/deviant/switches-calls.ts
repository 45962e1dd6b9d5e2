import { GRANT_TYPES, REQUIRED_FIELDS, TokenRequestSchema } from '../../contract/token.js';
import { REQUEST_MODELS } from '../../contract/request-models.js';
import type { InterfaceName } from '../../contract/profile.js';
import { OPERATIONS, type OperationId } from '../../contract/operations.js';
import { grantRuleId, tokenFieldRuleId } from '../../specs/token/client.rules.js';
import { REST_KEYED, pathIdRuleId } from '../../specs/messaging-rest/client.rules.js';
import { ADMIN_KEYED } from '../../specs/admin/client.rules.js';
import { DIRECTORY_KEYED } from '../../specs/directory/client.rules.js';
import { SOAP_KEYED } from '../../specs/messaging-soap/client.rules.js';
import { modelFieldRuleId } from '../families/model-fields.js';
import { keyEndedRuleId, keyIssuedRuleId, sessionKeyRuleId, type KeyedInterface } from '../families/session-keys.js';
import { modelLeaves, setAt, wrongTyped } from '../model-walk.js';
import type { SessionName, Switch } from './client.js';
import { soapDraft, type Draft } from './draft.js';
import { breaks, jsonOf, MADE_UP_KEY, modelOf, withBody, withHeaders, withParts } from './switch-kit.js';
import { basesOf, searchUrl } from './urls.js';
import { settingsFromProfile } from '../settings.js';
import type { ProfileInput } from '../../contract/profile.js';

/**
 * The switches of the token, model-field, path-id and session-key rules: one per rule, each made
 * from the same data as the rule (the grant table, the request models, the operation catalogue,
 * the keyed interfaces), each breaking exactly what its rule judges in the first request it can.
 */

const grantIs = (g: string) => (d: Draft) => jsonOf(d)?.grant_type === g;
const tokenSwitch = (rule: string, change: (d: Draft) => Draft | Draft[] | undefined, when?: (d: Draft) => boolean) => breaks(rule, 'token', 'token.Token', change, when);
const setJson = (d: Draft, patch: Record<string, unknown>) => withBody(d, { kind: 'json', value: { ...jsonOf(d), ...patch } });

const TOKEN: Switch[] = [
  ...GRANT_TYPES.map((g) =>
    tokenSwitch(grantRuleId(g), (d) => {
      const { [REQUIRED_FIELDS[g].at(-1)!]: _, ...rest } = jsonOf(d)!;
      return withBody(d, { kind: 'json', value: rest });
    }, grantIs(g)),
  ),
  ...Object.keys(TokenRequestSchema.shape).map((f) =>
    tokenSwitch(tokenFieldRuleId(f), (d) => setJson(d, { [f]: f === 'company_id' ? 'one thousand' : 12345 }), (d) => jsonOf(d)?.[f] !== undefined),
  ),
  tokenSwitch('token.client.grant-type-value', (d) => setJson(d, { grant_type: 'password' })),
  tokenSwitch('token.client.mfa-method-value', (d) => setJson(d, { mfa_method: 'Sms' }), grantIs('mfa_otp')),
  tokenSwitch('token.client.json-body', (d) => withBody(d, { kind: 'raw', text: 'grant_type=client_credentials&client_id=judge' })),
  tokenSwitch('token.client.content-type', (d) => withHeaders(d, { 'content-type': 'application/x-www-form-urlencoded' })),
  tokenSwitch('token.client.accept', (d) => withHeaders(d, { accept: 'application/xml' })),
  breaks('token.client.token-before-authorization', 'token', 'messaging-rest.GetAccountDetails', (d) => withHeaders(d, { authorization: `Bearer ${MADE_UP_KEY}` })),
  tokenSwitch('token.client.mfa-sequence', (d) => setJson(d, { user_token: 'made-up-user-token' }), grantIs('mfa_otp')),
];

const SESSION_OF: Partial<Record<InterfaceName, SessionName>> = { 'messaging-rest': 'rest', admin: 'admin', provisioning: 'provisioning', directory: 'directory', 'messaging-soap': 'soap' };

/** Each field a request model's row states, sent with a value of another type. */
const MODEL_FIELDS: Switch[] = REQUEST_MODELS.flatMap((model) =>
  modelLeaves(model).map((leaf) =>
    breaks(modelFieldRuleId(model, leaf), SESSION_OF[model.interface]!, model.operations, (d) => {
      const m = structuredClone(modelOf(d));
      if (!setAt(m, leaf.path, wrongTyped(leaf.kind))) return undefined;
      return d.body.kind === 'provisioning' ? withBody(d, { ...d.body, model: m }) : withBody(d, { kind: 'json', value: m });
    }),
  ),
);

/** The operations whose path carries an id, as the path-id rules take them from the catalogue. */
const REST_ID_OPS = OPERATIONS.filter((o) => o.interface === 'messaging-rest' && 'path' in o.wire && o.wire.path.includes('{id}')).map((o) => o.id as OperationId);
const PATH_IDS: Switch[] = REST_ID_OPS.map((op) => breaks(pathIdRuleId(op), 'rest', op, (d) => ({ ...d, url: d.url.replace(/\/(\d+)(?=\/|$)/, '/mid-$1') })));

const REST_JSON: Switch = breaks('messaging-rest.client.json-body', 'rest', 'messaging-rest.CreateFolder', (d) => withBody(withHeaders(d, { 'content-type': 'application/json' }), { kind: 'raw', text: '{FolderName: judge' }));

/** The request a switch sends after a log-out, with the ended key, to the interface of its rule. */
function afterLogout(profile: ProfileInput, iface: InterfaceName, key: string): Draft {
  const b = basesOf(profile);
  const get = (op: OperationId, url: string): Draft => ({ op, method: 'GET', url, headers: { accept: 'application/json', 'x-session-key': key }, body: { kind: 'none' } });
  if (iface === 'admin') return get('admin.GetUserTypes', `${b.admin}/Account/GetUserTypes`);
  if (iface === 'directory') return get('directory.Search', searchUrl(b.directory, 'Smith'));
  if (iface === 'messaging-soap') return soapDraft(b['messaging-soap'], settingsFromProfile(profile).soapNamespace, 'GetAccountDetails', [['SessionKey', key]]);
  return get('messaging-rest.GetAccountDetails', `${b['messaging-rest']}/Account/Details`);
}

function keyedSwitches(profile: ProfileInput, k: KeyedInterface, perOperation: boolean): Switch[] {
  const session = SESSION_OF[k.iface]!;
  const soap = k.iface === 'messaging-soap';
  const logout: OperationId = soap ? 'messaging-soap.Logout' : 'messaging-rest.LogOut';
  const keyOf = (d: Draft) => (d.body.kind === 'soap' ? d.body.parts.find(([n]) => n === 'SessionKey')?.[1] : d.headers['x-session-key']) ?? '';
  const own = perOperation ? k.ops.map((op) => breaks(sessionKeyRuleId(op), session, op, (d) => withHeaders(d, { 'x-session-key': undefined, authorization: undefined }))) : [];
  return [
    ...own,
    breaks(keyIssuedRuleId(k.iface), session, k.ops, (d) => (soap ? withParts(d, (p) => p.map(([n, v]) => [n, n === 'SessionKey' ? MADE_UP_KEY : v])) : withHeaders(d, { 'x-session-key': MADE_UP_KEY }))),
    breaks(keyEndedRuleId(k.iface), session, logout, (d) => [d, afterLogout(profile, k.iface, keyOf(d))]),
  ];
}

export function callSwitches(profile: ProfileInput): Switch[] {
  return [
    ...TOKEN,
    ...MODEL_FIELDS,
    ...PATH_IDS,
    REST_JSON,
    ...keyedSwitches(profile, REST_KEYED, true),
    ...keyedSwitches(profile, ADMIN_KEYED, true),
    ...keyedSwitches(profile, DIRECTORY_KEYED, true),
    ...keyedSwitches(profile, SOAP_KEYED, false),
  ];
}
