import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, test } from 'vitest';
import { LimitsSchema, type Limits } from '../contract/profile.js';
import { limitsFromEnv, loadProfile } from '../run/config.js';
import { concurrencyPlan, Gate, MAX_WORKERS, retryAfterMs, RunSlots, workersFor } from '../harness/gate.js';
import { HttpClient, type Exchange, type RateLimited } from '../harness/http.js';
import { composeTransport } from '../harness/transport/compose.js';
import { WorkerTransport } from '../harness/transport/worker.js';
import { TargetBroken } from '../harness/outcomes.js';
import { Redactor } from '../harness/redact.js';

/** A polite client (limits, Retry-After) that reads no more than the profile allows. */

const closers: Array<() => void> = [];
afterAll(() => closers.forEach((c) => c()));

async function target(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(limits: Partial<Limits> = {}, deadline = Date.now() + 30_000) {
  const full = LimitsSchema.parse(limits);
  const exchanges: Exchange[] = [];
  const rateLimited: RateLimited[] = [];
  const worker = new WorkerTransport(full);
  closers.push(() => void worker.close());
  const transport = composeTransport(worker, { timeoutMs: 5_000, deadline, onRateLimited: (e) => rateLimited.push(e), record: (x) => exchanges.push(x) });
  const http = new HttpClient(transport, { timeoutMs: 5_000, redact: new Redactor(), limits: full });
  return { http, exchanges, rateLimited };
}

describe('limits', () => {
  test('the profile sets them, the environment overrides them, and a wrong one is named', () => {
    expect(LimitsSchema.parse({})).toEqual({ concurrency: 16, maxBodyMB: 16, maxHeaderKB: 64 });
    const profile = loadProfile({ env: { SMS_TARGET: 'http://127.0.0.1:1', SMS_CONCURRENCY: '3', SMS_MAX_REQUEST_RATE: '5' } });
    expect(profile.limits).toMatchObject({ concurrency: 3, requestsPerSecond: 5, maxBodyMB: 16 });
    expect(() => limitsFromEnv({ SMS_MAX_BODY_MB: 'lots' })).toThrow(/SMS_MAX_BODY_MB is "lots", but it must be a number/);
  });

  test('the run splits concurrency and rate over at most four workers, one a core, and one fewer where the run hosts the embedded reference', () => {
    expect(concurrencyPlan({ concurrency: 16 }, 4)).toEqual({ workers: 4, slots: 4, perSecond: undefined });
    expect(concurrencyPlan({ concurrency: 1, requestsPerSecond: 2 }, 4)).toEqual({ workers: 1, slots: 1, perSecond: 2 });
    expect(concurrencyPlan({ concurrency: 6, requestsPerSecond: 8 }, 4)).toEqual({ workers: 4, slots: 1, perSecond: 2 });
    expect(concurrencyPlan({ concurrency: 16 }, 2)).toEqual({ workers: 2, slots: 8, perSecond: undefined });
    expect([1, 2, 3, 4, 5, 8].map((cores) => workersFor(cores))).toEqual([1, 2, 3, 4, 4, 4]);
    // the embedded reference's thread takes a core
    expect([1, 2, 3, 4, 5, 8].map((cores) => workersFor(cores, true))).toEqual([1, 1, 2, 3, 4, 4]);
    expect(MAX_WORKERS).toBe(workersFor(availableParallelism()));
  });

  test('a gate keeps at most its slots in flight and spaces starts by the rate', async () => {
    const gate = new Gate(2, 50);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        await gate.enter();
        started.push(performance.now());
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        gate.leave();
      }),
    );
    expect(most).toBeLessThanOrEqual(2);
    // 50 a second: six starts take at least five 20 ms gaps
    expect(started.at(-1)! - started[0]!).toBeGreaterThanOrEqual(95);
  });

  test("workers sharing the run's slots never hold more than the run's concurrency together, and one alone may hold them all", async () => {
    const buffer = RunSlots.buffer();
    const gates = [new Gate(new RunSlots(5, buffer)), new Gate(new RunSlots(5, buffer))];
    let inFlight = 0;
    let most = 0;
    const held = [0, 0];
    const mostHeld = [0, 0];
    const ask = async (w: number, ms: number) => {
      await gates[w]!.enter();
      most = Math.max(most, ++inFlight);
      mostHeld[w] = Math.max(mostHeld[w]!, ++held[w]!);
      await new Promise((r) => setTimeout(r, ms));
      inFlight -= 1;
      held[w]! -= 1;
      gates[w]!.leave();
    };
    // the first worker asks for a few, the second for many more than the run has
    await Promise.all([...Array.from({ length: 3 }, () => ask(0, 5)), ...Array.from({ length: 30 }, () => ask(1, 5))]);
    expect(most).toBe(5);
    // once the first worker's requests were done, the second held every slot
    expect(mostHeld[1]).toBe(5);
    expect(new Int32Array(buffer)[0]).toBe(0);
  });

  test('Retry-After reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(Date.now() + 3_000).toUTCString(), Date.now())).toBeGreaterThan(1_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('Retry-After', () => {
  test('an idempotent request is sent again after the wait, and the wait is counted', async () => {
    let calls = 0;
    const url = await target((_req, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const { http, exchanges, rateLimited } = client();
    const t0 = Date.now();
    const res = await http.send('GET', `${url}/Folder/List`);
    expect(res.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(rateLimited).toEqual([{ status: 429, waitMs: 1_000, retried: true }]);
    // not silent: the refused attempt stays in the evidence
    expect(exchanges.map((x) => x.status)).toEqual([429, 200]);
  });

  test('a non-idempotent request is never sent again: the rule is broken, with the reason', async () => {
    let calls = 0;
    const url = await target((_req, res) => {
      calls += 1;
      res.writeHead(503, { 'retry-after': '1' }).end();
    });
    const { http, rateLimited } = client();
    await expect(http.send('POST', `${url}/Token`, { json: {} })).rejects.toThrow(/HTTP 503 asking to retry after 1 s; POST is not idempotent, so it is not sent again/);
    expect(calls).toBe(1);
    expect(rateLimited).toEqual([{ status: 503, waitMs: 1_000, retried: false }]);
  });

  test('a wait past the rule deadline is not waited for', async () => {
    const url = await target((_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    // limits of its own, so the worker-wide pause this asks for holds back no other test here
    const { http } = client({ concurrency: 15 }, Date.now() + 10_000);
    const t0 = Date.now();
    await expect(http.send('GET', `${url}/Folder/List`)).rejects.toThrow(/past the rule's deadline/);
    expect(Date.now() - t0).toBeLessThan(2_000);
  });
});

describe('bounded reads', () => {
  test('a body over limits.maxBodyMB breaks the exchange in one sentence; the evidence keeps its head', async () => {
    const url = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 64 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const { http, exchanges } = client({ maxBodyMB: 2 });
    const error = await http.send('GET', `${url}/big`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetBroken);
    expect((error as Error).message).toBe(`GET ${url}/big answered more than 2 MB (limits.maxBodyMB); the evidence keeps the head of the body.`);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.responseBody!.startsWith('xxxx')).toBe(true);
    expect(exchanges[0]!.responseBody!.length).toBeLessThan(70 * 1024);
  });

  test('a header block over limits.maxHeaderKB breaks the exchange in one sentence', async () => {
    const url = await target((_req, res) => res.writeHead(200, { 'x-padding': 'p'.repeat(40 * 1024) }).end('{}'));
    const { http } = client({ maxHeaderKB: 16 });
    await expect(http.send('GET', `${url}/headers`)).rejects.toThrow(/answered a header block larger than 16 KB \(limits.maxHeaderKB\)/);
    const roomy = client({ maxHeaderKB: 64 });
    expect((await roomy.http.send('GET', `${url}/headers`)).status).toBe(200);
  });
});
