import { Agent } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { exchangeDeadline, Trickle } from '../../harness/transport/deadline.js';
import { isTransportFailure, transportCode } from '../../harness/transport/failures.js';
import { fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/deadline.ts: one deadline for a whole exchange, however the target dribbles. */
const agent = new Agent();
afterAll(() => agent.close());

test('a target that sends a byte every 50 ms (each wait short) is cut at the exchange deadline', async () => {
  const target = await localTarget((_req, res) => {
    res.writeHead(200);
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 50);
  });
  const t0 = Date.now();
  const res = await fetchThrough(agent.compose(exchangeDeadline(600)), target.url);
  expect(res.error?.name).toBe('TimeoutError');
  expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
  expect(Date.now() - t0).toBeLessThan(3_000);
  target.close();
});

test('an exchange within its deadline is untouched', async () => {
  const target = await localTarget((_req, res) => res.end('ok'));
  expect(await fetchThrough(agent.compose(exchangeDeadline(200)), target.url)).toMatchObject({ status: 200, text: 'ok' });
  target.close();
});

test('an answer that drips (a few bytes in each window) is given up after two windows, long before the deadline', async () => {
  const target = await localTarget((_req, res) => {
    res.writeHead(200);
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 50);
  });
  const t0 = Date.now();
  const res = await fetchThrough(agent.compose(exchangeDeadline(60_000, { windowMs: 300, minBytes: 1_024 })), target.url);
  expect(res.error).toBeInstanceOf(Trickle);
  expect(transportCode(res.error)).toBe('SMS_ANSWER_TRICKLE');
  expect(isTransportFailure(res.error)).toBe(true);
  expect(Date.now() - t0).toBeLessThan(3_000);
  target.close();
});

test('a first packet, a pause (no byte in a window), then the rest at once is no drip: it is left to the body timeout', async () => {
  const target = await localTarget((_req, res) => {
    res.writeHead(200);
    res.write('{');
    setTimeout(() => res.end(`"rest":"${'x'.repeat(10)}"}`), 700);
  });
  expect(await fetchThrough(agent.compose(exchangeDeadline(60_000, { windowMs: 300, minBytes: 1_024 })), target.url)).toMatchObject({ status: 200, text: '{"rest":"xxxxxxxxxx"}' });
  target.close();
});
