import { Agent } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { boundedBody } from '../../harness/transport/bounds.js';
import { fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/bounds.ts: a huge answer gives a verdict, never a hang or an exhausted heap. */
const agent = new Agent();
afterAll(() => agent.close());
const MB = 2 ** 20;

test('a body that never ends is cut just past the bound', async () => {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const target = await localTarget((_req, res) => {
    res.writeHead(200);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  const t0 = Date.now();
  const res = await fetchThrough(agent.compose(boundedBody(1 * MB)), target.url);
  expect(res.error?.code).toBe('UND_ERR_RES_EXCEEDED_MAX_SIZE');
  expect(Date.now() - t0).toBeLessThan(5_000);
  target.close();
});

test('a declared Content-Length past the bound is refused before the body is read; a body within it is read whole', async () => {
  let wrote = 0;
  const target = await localTarget((req, res) => {
    const size = req.url === '/big' ? 3 * MB : MB;
    res.writeHead(200, { 'content-length': String(size) });
    // written slowly, so a refusal shows as bytes never sent
    const chunk = Buffer.alloc(256 * 1024, 'y');
    let left = size;
    const step = () => {
      if (left <= 0 || res.destroyed) return void res.end();
      res.write(chunk.subarray(0, Math.min(left, chunk.length)));
      wrote += Math.min(left, chunk.length);
      left -= chunk.length;
      setTimeout(step, 20);
    };
    step();
  });
  const dispatcher = agent.compose(boundedBody(2 * MB));
  const big = await fetchThrough(dispatcher, `${target.url}/big`);
  expect(big.error?.code).toBe('UND_ERR_RES_EXCEEDED_MAX_SIZE');
  expect(wrote).toBeLessThan(2 * MB);
  const fits = await fetchThrough(dispatcher, `${target.url}/fits`);
  expect(fits.text).toHaveLength(MB);
  target.close();
});
