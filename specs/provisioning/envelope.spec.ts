import { iface, provisioningAccount } from '../../harness/needs.js';
import { attemptCreate, company, expectErrors, expectOneOf } from '../../harness/fixtures/provisioning.js';
import { check } from '../../harness/expect.js';
import { rule } from '../../harness/rule.js';
import { NAMED_ERROR } from './spec-refs.js';

/** spec §4.5 (encrypted data string and hash), §7.3 BadCrypto and MalformedJsonString. */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

rule(
  {
    ...base,
    id: 'provisioning.envelope.undecryptable-data',
    spec: [
      { anchor: '§4.5/requests-carry-encrypted-data-string', quote: 'The requests carry an encrypted data string and a hash (see section 7, BadCrypto and MalformedJsonString)' },
      // either name; never a 5xx (clarification P9)
      { anchor: '§4.5/requests-carry-encrypted-data-string', quote: 'see section 7, BadCrypto and MalformedJsonString', silence: 'undecryptable-data' },
      NAMED_ERROR,
    ],
    title: 'Data that does not decrypt (not base64, or not whole AES blocks) is answered BadCrypto or MalformedJsonString, never a server failure',
  },
  async (t) => {
    // spec §7.3 leaves open which of the two names undecryptable data earns (docs/clarifications.md)
    for (const data of ['%%not-base64%%', Buffer.alloc(20, 7).toString('base64')]) {
      const reply = await attemptCreate(t, company(t, 0), { data });
      expectOneOf(reply, `spec §4.5: the request carries an encrypted data string; Data "${data}"`, ['BadCrypto', 'MalformedJsonString']);
    }
  },
);

rule(
  {
    ...base,
    id: 'provisioning.envelope.malformed-json',
    spec: [
      { anchor: '§7.3/MalformedJsonString', quote: 'Decrypted data string is incorrectly formatted or serialized' },
      { anchor: '§4.5/requests-carry-encrypted-data-string', quote: 'The requests carry an encrypted data string' },
      NAMED_ERROR,
    ],
    title: 'a decrypted data string that is not JSON is refused with MalformedJsonString',
  },
  async (t) => {
    const json = JSON.stringify(company(t, 0));
    for (const plaintext of [json.slice(0, Math.floor(json.length / 2)), '<CompanyModel />']) {
      const reply = await attemptCreate(t, company(t, 0), { plaintext });
      expectErrors(reply, "spec §7.3 MalformedJsonString: 'Decrypted data string is incorrectly formatted or serialized'", 'MalformedJsonString');
    }
  },
);

rule(
  {
    ...base,
    id: 'provisioning.envelope.malformed-request',
    spec: [
      { anchor: '§4.5/requests-carry-encrypted-data-string', quote: 'The requests carry an encrypted data string and a hash' },
      // a 4xx or a ResponseModel naming a §7.3 error; never a 5xx (clarifications P9, P10)
      { anchor: '§4.5/requests-carry-encrypted-data-string', quote: 'its wire format: not shown.', silence: 'undecryptable-data' },
      NAMED_ERROR,
    ],
    title: 'a body that is not a RequestModel is refused (a 4xx, or a ResponseModel naming a §7.3 error), never with a server failure',
  },
  async (t) => {
    for (const rawBody of ['not json', '{}', '[]', '{"UserName": 5, "Data": null}']) {
      const reply = await attemptCreate(t, company(t, 0), { rawBody });
      const refused = (reply.res.status >= 400 && reply.res.status < 500) || (reply.res.status < 500 && reply.errors.length > 0);
      check(refused, `${reply.res.label} with body ${rawBody}: expected a 4xx or a ResponseModel naming a spec §7.3 error (B5; spec §4.5 requests carry an encrypted data string and a hash); got ${reply.summary}.`);
    }
  },
);
