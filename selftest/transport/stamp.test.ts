import type { Dispatcher } from 'undici';
import { expect, test } from 'vitest';
import { DEFAULT_LIMITS } from '../../contract/profile.js';
import { answerOf } from '../../harness/transport/answer.js';
import { composeTransport } from '../../harness/transport/compose.js';
import type { Exchange } from '../../harness/transport/recorder.js';
import { STAMP_OPTION, type Stamp } from '../../harness/transport/stamp.js';
import { WorkerTransport } from '../../harness/transport/worker.js';
import { localTarget } from '../support/local-target.js';
import type { Profile } from '../../contract/profile.js';
import { TokenClient } from '../../harness/clients/token.js';
import { HttpClient } from '../../harness/http.js';
import { Redactor } from '../../harness/redact.js';

/** harness/transport/stamp.ts: what holds the time it is sent is made when the gate lets it go. */
test('a request that waited at the gate is stamped as it leaves it, and its evidence shows what was sent', async () => {
  const received: Array<{ body: string; stamp?: string }> = [];
  const target = await localTarget((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      received.push({ body, stamp: req.headers['x-stamp'] as string | undefined });
      res.end('ok');
    });
  });
  const worker = new WorkerTransport({ ...DEFAULT_LIMITS, concurrency: 1 });
  const recorded: Exchange[] = [];
  const dispatcher = composeTransport(worker, { timeoutMs: 5_000, record: (x) => recorded.push(x) });
  await worker.gate.enter(); // the one slot is taken: the request waits
  const stamp: Stamp = () => ({ body: String(Date.now()), headers: { 'x-stamp': 'when sent' } });
  const url = new URL(target.url);
  const answer = answerOf(dispatcher, { origin: url.origin, path: '/', method: 'POST', headers: { 'x-stamp': 'when asked' }, body: String(Date.now()), [STAMP_OPTION]: stamp } as Dispatcher.DispatchOptions);
  await new Promise((r) => setTimeout(r, 150));
  const left = Date.now();
  worker.gate.leave();
  expect((await answer).statusCode).toBe(200);
  target.close();
  await worker.close();
  expect(Number(received[0]!.body)).toBeGreaterThanOrEqual(left);
  expect(received[0]!.stamp).toBe('when sent');
  expect(recorded[0]!.requestBody).toBe(received[0]!.body);
  expect(recorded[0]!.requestHeaders['x-stamp']).toBe('when sent');
});

test('a token request whose body is a function (a TOTP code, spec §5) is made again as it leaves the gate', async () => {
  const received: string[] = [];
  const target = await localTarget((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      received.push(body);
      res.end('{}');
    });
  });
  const worker = new WorkerTransport({ ...DEFAULT_LIMITS, concurrency: 1 });
  const recorded: Exchange[] = [];
  const http = new HttpClient(composeTransport(worker, { timeoutMs: 5_000, record: (x) => recorded.push(x) }), { timeoutMs: 5_000, redact: new Redactor() });
  const token = new TokenClient(http, { baseUrl: target.url, urls: {}, token: { scheme: 'Bearer' } } as unknown as Profile);
  await worker.gate.enter(); // the one slot is taken: the request waits
  let made = 0;
  const answer = token.token(() => ({ grant_type: 'mfa_otp', otp: String((made += 1)) }));
  await new Promise((r) => setTimeout(r, 100));
  worker.gate.leave();
  expect((await answer).status).toBe(200);
  target.close();
  await worker.close();
  expect(made).toBe(2);
  expect(JSON.parse(received[0]!)).toEqual({ grant_type: 'mfa_otp', otp: '2' });
  expect(recorded[0]!.requestBody).toBe(received[0]);
});
