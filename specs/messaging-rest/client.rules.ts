import { OPERATIONS, operationsOf, type OperationId } from '../../contract/operations.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { eachRequest, type ClientRule } from '../../judge/client-rule.js';
import { limitRules } from '../../judge/families/limits.js';
import { modelFieldRules } from '../../judge/families/model-fields.js';
import { opSlug } from '../../judge/families/names.js';
import { keyedRules, type KeyedInterface } from '../../judge/families/session-keys.js';

/**
 * What the messaging REST interface asks of a caller (spec §2.3, §4.3, §5 rules 4 and 6, §8; B2,
 * B3): the §2.3 type of every field of every request model, integer ids in the path, the limits
 * a request shows, JSON bodies, a session key on every operation but Log on and Change password,
 * log on first, and no key after its log-out.
 */

const UNKEYED: readonly OperationId[] = ['messaging-rest.LogOn', 'messaging-rest.ChangePassword'];

export const REST_KEYED: KeyedInterface = {
  iface: 'messaging-rest',
  ops: operationsOf('messaging-rest', [...UNKEYED]),
  spec: [{ anchor: '§5/messaging-interface-authenticates-session-key', quote: 'sent in the X-Session-Key header (REST)' }],
  binding: ['B2', 'B3'],
  bearer: true,
  carrier: 'X-Session-Key, or a Bearer access token (B2)',
};

const ID_REFS: Record<string, SpecRef> = {
  'message-id': { anchor: '§2.3/message-id', quote: 'MID, int' },
  'folder-id': { anchor: '§2.3/folder-id', quote: 'FolderId (REST) or FID (SOAP), int' },
};

export const pathIdRuleId = (op: OperationId) => `messaging-rest.client.${opSlug(op)}-path-id`;

/** One rule per operation whose path carries an id (contract/operations.ts `{id}`): the id is an integer. */
const PATH_ID_RULES: ClientRule[] = OPERATIONS.filter((o) => o.interface === 'messaging-rest' && 'path' in o.wire && o.wire.path.includes('{id}')).map((def) => {
  const wire = def.wire as { path: string };
  const index = wire.path.split('/').indexOf('{id}');
  const takes = def.takes?.[0];
  return eachRequest(
    {
      id: pathIdRuleId(def.id as OperationId),
      title: `${def.name} names its ${takes?.identifier === 'folder-id' ? 'folder' : 'message'} by an integer id in the path`,
      interface: 'messaging-rest',
      level: 'must',
      spec: [ID_REFS[takes?.identifier ?? 'message-id']!],
      binding: ['B3'],
      operation: def.id as OperationId,
    },
    (o) => {
      const segment = decodeURIComponent(o.path.split('/')[index] ?? '');
      return /^-?\d+$/.test(segment) ? undefined : `the id in the path is ${JSON.stringify(segment)}, not an integer`;
    },
  );
});

/** B3: a body, where one is sent, is JSON (the empty forms of vendor-wire §1 aside). */
const JSON_BODY: ClientRule = eachRequest(
  {
    id: 'messaging-rest.client.json-body',
    title: 'a messaging REST request body, when there is one, is JSON',
    interface: 'messaging-rest',
    level: 'should',
    spec: [{ anchor: '§2/field-names-below-those-client', quote: 'Field names below are those of the client data models that the interface is used through.' }],
    binding: ['B3'],
    operation: operationsOf('messaging-rest'),
  },
  (o) => (o.json === undefined ? 'skip' : o.json.ok ? undefined : `the body is not JSON (${o.json.reason})`),
  (o) => o.iface === 'messaging-rest' && o.op !== undefined,
);

export const MESSAGING_REST_CLIENT_RULES: readonly ClientRule[] = [...modelFieldRules('messaging-rest'), ...PATH_ID_RULES, ...limitRules('messaging-rest'), JSON_BODY, ...keyedRules(REST_KEYED)];
