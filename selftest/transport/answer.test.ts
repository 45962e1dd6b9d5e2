import { Agent } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/answer.ts: the client's last handler reads an answer whole, as undici's request() did. */
const agent = new Agent();
afterAll(() => agent.close());

test('the body is read whole as UTF-8, a byte-order mark skipped, an informational head (103) passed over', async () => {
  const target = await localTarget((_req, res) => {
    res.writeEarlyHints({ link: '</x.css>; rel=preload' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(Buffer.from([0xef, 0xbb, 0xbf]));
    res.write('{"Subject":"ü');
    res.end(' ✓"}');
  });
  const res = await fetchThrough(agent, `${target.url}/x?y=1`);
  expect(res).toEqual({ status: 200, text: '{"Subject":"ü ✓"}', error: undefined });
  target.close();
});

test('an answer cut off mid-body rejects with undici\'s own error, not a partial body', async () => {
  const target = await localTarget((_req, res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('only part');
    setTimeout(() => res.destroy(), 20);
  });
  const res = await fetchThrough(agent, target.url);
  expect(res.status).toBeUndefined();
  expect(res.error?.code).toMatch(/^UND_ERR_/);
  target.close();
});
