import { Agent, errors } from 'undici';
import { afterAll, expect, test, vi } from 'vitest';
import { Breaker, BreakerOpen, breakerOf } from '../../harness/transport/breaker.js';
import { isTransportFailure } from '../../harness/transport/failures.js';
import { deadPort, fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/breaker.ts: a target that stopped answering gives verdicts at once, not a timeout each. */
const agent = new Agent();
afterAll(() => agent.close());

test('after three transport failures in a row requests are not sent, but one in ten still probes', async () => {
  const dispatcher = agent.compose(breakerOf(new Breaker(3)));
  const dead = await deadPort();
  const errors = [];
  for (let i = 0; i < 12; i++) errors.push((await fetchThrough(dispatcher, dead)).error);
  expect(errors.slice(0, 3).map((e) => e?.code)).toEqual(['ECONNREFUSED', 'ECONNREFUSED', 'ECONNREFUSED']);
  // failures 4..9 are refused unsent; the 10th count is a probe, which fails again
  expect(errors.slice(3, 9).every((e) => e instanceof BreakerOpen)).toBe(true);
  expect(errors[9]?.code).toBe('ECONNREFUSED');
  expect(errors[10]).toBeInstanceOf(BreakerOpen);
});

test('an answer closes the breaker again; an oversize answer is an answer, not an outage', async () => {
  const breaker = new Breaker(1);
  const dispatcher = agent.compose(breakerOf(breaker));
  expect((await fetchThrough(dispatcher, await deadPort())).error?.code).toBe('ECONNREFUSED');
  const target = await localTarget((_req, res) => res.end('ok'));
  // open: the next nine are refused, the tenth probes and finds the target back
  const statuses = [];
  for (let i = 0; i < 10; i++) statuses.push((await fetchThrough(dispatcher, target.url)).status);
  expect(statuses.slice(0, 8)).toEqual(Array(8).fill(undefined));
  expect(statuses.slice(8)).toEqual([200, 200]);
  target.close();
  expect(isTransportFailure(new errors.ResponseExceededMaxSizeError())).toBe(false);
  expect(isTransportFailure(new errors.HeadersTimeoutError())).toBe(true);
});

test('while open, never two probes at once: a stalled target holds one request, the others fail at once', async () => {
  const breaker = new Breaker(1);
  const dispatcher = agent.compose(breakerOf(breaker));
  expect((await fetchThrough(dispatcher, await deadPort())).error?.code).toBe('ECONNREFUSED');
  let held = 0;
  const stalled = await localTarget(() => void (held += 1));
  // twenty requests at once: the count reaches a probe twice, but only the first probe is sent
  let settled = 0;
  const pending = Array.from({ length: 20 }, () => fetchThrough(dispatcher, stalled.url).finally(() => (settled += 1)));
  await vi.waitFor(() => expect(settled).toBe(19));
  expect(held).toBe(1);
  stalled.close();
  const results = await Promise.all(pending);
  expect(results.filter((r) => r.error instanceof BreakerOpen)).toHaveLength(19);
});
