import { expectMediaType, expectTokenIssued } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must', section: '§4.1' } as const;

rule(
  {
    ...base,
    id: 'token.media-type.default-json',
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
    title: 'a request body sent with Content-Type: text/json is accepted like application/json',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    expectTokenIssued(await t.token.clientCredentials(t.account('primary'), { contentType: 'text/json' }));
  },
);
