import { Agent, request } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { OPERATION_OPTION, recordExchanges, type Exchange } from '../../harness/transport/recorder.js';
import { deadPort, fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/recorder.ts: every exchange, answered or not, kept as evidence. */
const agent = new Agent();
afterAll(() => agent.close());

test('an answered exchange is recorded whole, with the operation its client named; a long body keeps its head', async () => {
  const target = await localTarget((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url === '/long' ? 'z'.repeat(200 * 1024) : 'short'));
  const seen: Exchange[] = [];
  const dispatcher = agent.compose(recordExchanges((x) => seen.push(x)));
  const res = await request(`${target.url}/Token`, { method: 'POST', body: 'a=b', headers: { 'content-type': 'text/plain' }, dispatcher, [OPERATION_OPTION]: 'token.Token' } as Parameters<typeof request>[1]);
  await res.body.text();
  await fetchThrough(dispatcher, `${target.url}/long`);
  target.close();
  expect(seen[0]).toMatchObject({ operation: 'token.Token', method: 'POST', url: `${target.url}/Token`, requestBody: 'a=b', status: 200, responseBody: 'short' });
  expect(seen[0]!.responseHeaders).toMatchObject({ 'content-type': 'text/plain' });
  expect(seen[1]!.responseBody).toMatch(/^z{65536}\n… \(139264 more bytes read, not kept\)$/);
});

test('an exchange with no answer is recorded with its error', async () => {
  const seen: Exchange[] = [];
  await fetchThrough(agent.compose(recordExchanges((x) => seen.push(x))), await deadPort());
  expect(seen).toHaveLength(1);
  expect(seen[0]!.status).toBeUndefined();
  expect(seen[0]!.error).toMatch(/ECONNREFUSED/);
});
