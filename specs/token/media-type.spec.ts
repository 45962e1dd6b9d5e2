import { expectMediaType, expectTokenIssued } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.media-type.default-json',
    spec: [{ anchor: '§4.1/headers-accept-content-type-each', quote: 'Accept and Content-Type, each an enumerated string defaulting to application/json' }],
    title: 'without an Accept header the response is application/json (the default response type)',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const res = await t.token.clientCredentials(t.account('primary'));
    expectTokenIssued(res);
    expectMediaType(res, 'application/json', 'spec §4.1: Accept defaults to application/json');
  },
);

rule(
  {
    ...base,
    id: 'token.media-type.accept-text-json',
    spec: [{ anchor: '§4.1/headers-accept-content-type-each', quote: 'allowed response types are application/json and text/json' }],
    title: 'with Accept: text/json the response is text/json, one of the two allowed response types',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const res = await t.token.clientCredentials(t.account('primary'), { accept: 'text/json' });
    expectTokenIssued(res);
    expectMediaType(res, 'text/json', 'spec §4.1: allowed response types are application/json and text/json');
  },
);

rule(
  {
    ...base,
    id: 'token.media-type.request-text-json',
    // the spec lists the allowed types for responses only; reading them as the Content-Type's enumeration too is clarification T6
    spec: [
      { anchor: '§4.1/headers-accept-content-type-each', quote: 'Accept and Content-Type, each an enumerated string' },
      { anchor: '§4.1/headers-accept-content-type-each', quote: 'allowed response types are application/json and text/json', silence: 'token-media-types' },
    ],
    title: 'a request body sent with Content-Type: text/json is accepted like application/json',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    expectTokenIssued(await t.token.clientCredentials(t.account('primary'), { contentType: 'text/json' }));
  },
);
