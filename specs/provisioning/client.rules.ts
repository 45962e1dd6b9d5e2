import { operationsOf, type OperationId } from '../../contract/operations.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { eachRequest, type ClientRule } from '../../judge/client-rule.js';
import { limitRules } from '../../judge/families/limits.js';
import { modelFieldRules } from '../../judge/families/model-fields.js';
import { opSlug } from '../../judge/families/names.js';
import { openProvisioning } from '../../judge/sealed.js';

/**
 * What provisioning asks of a caller (spec §2.4, §4.5, §5 rule 8, §7.3, §8; B5, vendor-wire §5):
 * a RequestModel per operation, its Data encrypted with the provisioner key and the IV it names,
 * its Hash the HMAC-SHA512 of the plaintext, the plaintext JSON, the §2.4 type of every field of
 * the model it carries, the ExpirationDate format, and the limits the request alone shows. The
 * judge opens Data with the provisioner key it holds.
 */

const OPS = operationsOf('provisioning');
const CARRIES: readonly [SpecRef, ...SpecRef[]] = [{ anchor: '§4.5/requests-carry-encrypted-data-string', quote: 'The requests carry an encrypted data string and a hash' }];
const AUTH: SpecRef = { anchor: '§5/provisioning-authenticates-user-name-must', quote: 'Provisioning authenticates with a user name that must be valid (NotAuthorized), a platform name that the user may provision (InvalidPlatformName), and a hash of the data (BadCrypto).' };

export const requestModelRuleId = (op: OperationId) => `provisioning.client.${opSlug(op)}-request-model`;

/** One rule per operation: the body is the RequestModel of B5 (Command only where Provision takes it). */
const FRAME_RULES: ClientRule[] = OPS.map((op) =>
  eachRequest(
    {
      id: requestModelRuleId(op),
      title: `${op} sends a RequestModel: UserName, PlatformCode${op === 'provisioning.Provision' ? ', Command' : ''}, IV, Data and Hash`,
      interface: 'provisioning',
      level: 'must',
      spec: [...CARRIES, AUTH, ...(op === 'provisioning.Provision' ? [{ anchor: '§4.5/provision-company', quote: 'a Command (Create, Update or Cancel)' } as const] : [])],
      binding: ['B5'],
      operation: op,
    },
    (o) => {
      const frame = o.json?.ok ? (o.json.value as Record<string, unknown>) : undefined;
      if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return 'the body is not a JSON RequestModel';
      const missing = ['UserName', 'PlatformCode', 'IV', 'Data', 'Hash'].filter((f) => typeof frame[f] !== 'string' || frame[f] === '');
      if (op === 'provisioning.Provision' && !Number.isInteger(frame.Command)) missing.push('Command (an integer)');
      return missing.length === 0 ? undefined : `the RequestModel lacks ${missing.join(', ')}`;
    },
  ),
);

const sealed = (id: string, title: string, level: 'must' | 'should', spec: readonly [SpecRef, ...SpecRef[]], check: (s: ReturnType<typeof openProvisioning>) => string | undefined | 'skip'): ClientRule =>
  eachRequest({ id: `provisioning.client.${id}`, title, interface: 'provisioning', level, spec, binding: ['B5'], operation: OPS }, (o, ctx) => check(openProvisioning(o, ctx.settings.provisionerKey)));

const SEALED_RULES: ClientRule[] = [
  sealed('data-encrypted', 'Data is encrypted with the provisioner key and the IV the request names', 'must', CARRIES, (s) =>
    s.state === 'undecryptable' ? `Data does not decrypt with the provisioner key and IV (${s.why})` : s.state === 'opened' ? undefined : 'skip',
  ),
  sealed('hash', 'Hash is the HMAC-SHA512 of the plaintext Data with the provisioner key', 'must', [AUTH, { anchor: '§7.3/BadCrypto', quote: 'Supplied hash does not match the computed hash' }], (s) =>
    s.state !== 'opened' ? 'skip' : s.hashOk ? undefined : 'Hash is not the HMAC-SHA512 of the plaintext',
  ),
  sealed('data-json', 'the decrypted Data is a serialized JSON model', 'should', [{ anchor: '§7.3/MalformedJsonString', quote: 'Decrypted data string is incorrectly formatted or serialized' }], (s) =>
    s.state !== 'opened' ? 'skip' : s.malformed ? `the plaintext is not JSON (${s.malformed})` : undefined,
  ),
  eachRequest(
    {
      id: 'provisioning.client.expiration-date-format',
      title: 'a company’s ExpirationDate is written mm/dd/yyyy',
      interface: 'provisioning',
      level: 'should',
      spec: [
        { anchor: '§2.4/CompanyModel', quote: 'ExpirationDate (string, mm/dd/yyyy)' },
        { anchor: '§7.3/InvalidDate', quote: 'ExpirationDate not in mm/dd/yyyy' },
      ],
      binding: ['B5'],
      operation: 'provisioning.Provision',
    },
    (o, ctx) => {
      const s = openProvisioning(o, ctx.settings.provisionerKey);
      const date = s.state === 'opened' && s.model && typeof s.model === 'object' ? (s.model as Record<string, unknown>).ExpirationDate : undefined;
      // a value of another type is the type rule's (provisioning.client.company-expiration-date-type)
      if (typeof date !== 'string') return 'skip';
      return /^\d{2}\/\d{2}\/\d{4}$/.test(date) ? undefined : `ExpirationDate is ${JSON.stringify(date)}`;
    },
  ),
];

export const PROVISIONING_CLIENT_RULES: readonly ClientRule[] = [...FRAME_RULES, ...SEALED_RULES, ...modelFieldRules('provisioning'), ...limitRules('provisioning')];
