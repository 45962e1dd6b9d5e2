import { afterAll, expect, test } from 'vitest';
import { LimitsSchema } from '../../contract/profile.js';
import { RULE_HEADER } from '../../contract/rule-channel.js';
import { composeTransport } from '../../harness/transport/compose.js';
import type { Exchange } from '../../harness/transport/recorder.js';
import { WorkerTransport } from '../../harness/transport/worker.js';
import { deadPort, fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/compose.ts: the interceptors in their order, on one worker's pool. */
const worker = new WorkerTransport(LimitsSchema.parse({ maxBodyMB: 1 }));
afterAll(() => worker.close());

test('each attempt of a retried request is recorded with its rule header; a request the breaker refuses is not', async () => {
  let calls = 0;
  const target = await localTarget((_req, res) => (++calls === 1 ? res.writeHead(429, { 'retry-after': '0' }).end('wait') : res.end('ok')));
  const exchanges: Exchange[] = [];
  const dispatcher = composeTransport(worker, { timeoutMs: 2_000, rule: { id: 'token.grant.password', judges: ['token.Token'] }, record: (x) => exchanges.push(x) });
  expect(await fetchThrough(dispatcher, target.url)).toMatchObject({ status: 200, text: 'ok' });
  expect(exchanges.map((x) => [x.status, x.requestHeaders[RULE_HEADER]])).toEqual([
    [429, 'token.grant.password'],
    [200, 'token.grant.password'],
  ]);
  target.close();

  const dead = await deadPort();
  for (let i = 0; i < 5; i++) await fetchThrough(dispatcher, dead);
  // three refused connections trip the worker's breaker; the two after are not sent, so not recorded
  expect(exchanges.slice(2).map((x) => x.error?.includes('ECONNREFUSED'))).toEqual([true, true, true]);
});

test('the worker\'s bounds apply to every rule\'s transport', async () => {
  const target = await localTarget((_req, res) => res.end('x'.repeat(2 * 2 ** 20)));
  const fresh = new WorkerTransport(LimitsSchema.parse({ maxBodyMB: 1 }));
  const exchanges: Exchange[] = [];
  const res = await fetchThrough(composeTransport(fresh, { timeoutMs: 2_000, record: (x) => exchanges.push(x) }), target.url);
  expect(res.error?.code).toBe('UND_ERR_RES_EXCEEDED_MAX_SIZE');
  expect(exchanges[0]).toMatchObject({ status: 200 });
  expect(exchanges[0]!.error).toMatch(/ResponseExceededMaxSize/);
  target.close();
  await fresh.close();
});
