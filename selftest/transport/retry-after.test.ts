import { Agent } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { Gate } from '../../harness/gate.js';
import { retryAfter, RetryRefused, type RateLimited } from '../../harness/transport/retry-after.js';
import { fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/retry-after.ts: a target's "slow down" is obeyed, never judged (spec §8 shows no rate limits). */
const agent = new Agent();
afterAll(() => agent.close());

/** A target that answers 429 or 503 with Retry-After to the first `times` requests, then 200. */
async function busy(status: number, retryAfterValue: string | undefined, times = 1) {
  let calls = 0;
  const target = await localTarget((_req, res) => {
    calls += 1;
    if (calls > times) return void res.end('done');
    res.writeHead(status, retryAfterValue === undefined ? {} : { 'retry-after': retryAfterValue }).end('busy');
  });
  return { ...target, calls: () => calls };
}

function through(options: { deadline?: number } = {}) {
  const events: RateLimited[] = [];
  const gate = new Gate(4);
  const dispatcher = agent.compose(retryAfter({ gate, timeoutMs: 5_000, deadline: options.deadline, onRateLimited: (e) => events.push(e) }));
  return { dispatcher, events, gate };
}

test('an idempotent request is sent again after the wait; the worker holds back meanwhile', async () => {
  const target = await busy(429, '1');
  const { dispatcher, events, gate } = through();
  const t0 = Date.now();
  const res = await fetchThrough(dispatcher, target.url);
  expect(res).toMatchObject({ status: 200, text: 'done' });
  expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  expect(events).toEqual([{ status: 429, waitMs: 1_000, retried: true }]);
  // the pause has passed by now, so a start is immediate again
  const entered = performance.now();
  await gate.enter();
  expect(performance.now() - entered).toBeLessThan(50);
  target.close();
});

test('a request that is not idempotent is never sent again: RetryRefused, not repeatable', async () => {
  const target = await busy(503, '1');
  const { dispatcher, events } = through();
  const res = await fetchThrough(dispatcher, target.url, { method: 'POST', body: '{}' });
  expect(res.error).toBeInstanceOf(RetryRefused);
  expect(res.error).toMatchObject({ status: 503, waitMs: 1_000, repeatable: false });
  expect(target.calls()).toBe(1);
  expect(events).toEqual([{ status: 503, waitMs: 1_000, retried: false }]);
  target.close();
});

test('a wait past the rule deadline is not waited for', async () => {
  const target = await busy(429, '30');
  const { dispatcher } = through({ deadline: Date.now() + 10_000 });
  const t0 = Date.now();
  const res = await fetchThrough(dispatcher, target.url);
  expect(res.error).toMatchObject({ name: 'RetryRefused', repeatable: true, waitMs: 30_000 });
  expect(Date.now() - t0).toBeLessThan(2_000);
  target.close();
});

test('a 503 without Retry-After, or with one that cannot be read, is the target\'s answer, passed on as it is', async () => {
  for (const value of [undefined, 'soon']) {
    const target = await busy(503, value);
    const { dispatcher, events } = through();
    expect(await fetchThrough(dispatcher, target.url)).toMatchObject({ status: 503, text: 'busy' });
    expect(events).toEqual([]);
    target.close();
  }
});
