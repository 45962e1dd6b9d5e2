import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './support/cli.js';

/**
 * Whatever a target answers, or fails to, the run ends with a verdict, a report and a
 * documented exit code (docs/INTERPRETING.md) within its deadline: never a crash, never a hang.
 * Each hostile target is a loopback server; the runs use token rules of every shape (RULES) and a
 * short request timeout so the whole file stays quick.
 */

const REQUEST_TIMEOUT_MS = 1_500;
/**
 * A run against any of these takes under 15 s on an idle 2-core machine; the deadline leaves room
 * for a loaded one. A hang would pass it by far: runCli kills the run at twice the deadline.
 */
const DEADLINE_MS = 90_000;
const servers = new Set<Server>();
const sockets = new Set<Socket>();

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all([...servers].map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.add(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An HTTP target: the preflight GET is answered (the target is up), every other request by `api`. */
function httpTarget(api: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  return listen(
    createHttpServer((req, res) => {
      req.resume();
      if (req.method === 'GET' && req.url === '/') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
        return;
      }
      api(req, res);
    }),
  );
}

/** Writes `total` bytes of a JSON string in chunks as the socket drains: never held in memory. */
function stream(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"access_token":"');
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end('"}');
  };
  pump();
}

const TARGETS: Record<string, () => Promise<string>> = {
  'never answers the API': () => httpTarget(() => {}),
  'answers one byte at a time': () =>
    httpTarget((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 200);
      res.on('close', () => clearInterval(timer));
    }),
  'resets connections': () => httpTarget((req) => req.socket.resetAndDestroy()),
  'answers 500 with an HTML page': () => httpTarget((_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body><h1>Internal Server Error</h1></body></html>')),
  'answers truncated JSON': () => httpTarget((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"abc","token_type":"Bea')),
  'answers an empty 200': () => httpTarget((_req, res) => res.writeHead(200).end()),
  'answers a 200 MB body': () => httpTarget((_req, res) => stream(res, 200 * 2 ** 20)),
};

/**
 * The outcomes each target leads to: a transport problem is broken (every rule broken: exit 4,
 * NO VERDICT); a wrong answer fails (exit 1, DOES NOT CONFORM). docs/INTERPRETING.md.
 */
const EXPECTED: Record<string, { outcome: 'broken' | 'fail'; reason?: RegExp }> = {
  'never answers the API': { outcome: 'broken', reason: /no answer within|stopped answering/ },
  'answers one byte at a time': { outcome: 'broken', reason: /no answer within|dripped|stopped answering/ },
  'resets connections': { outcome: 'broken', reason: /reset|closed before|stopped answering|transport error/ },
  'answers 500 with an HTML page': { outcome: 'fail' },
  'answers truncated JSON': { outcome: 'fail' },
  'answers an empty 200': { outcome: 'fail' },
  'answers a 200 MB body': { outcome: 'broken', reason: /answered more than 16 MB/ },
};

function profileFor(url: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sms-hostile-'));
  const user = (name: string) => ({ username: name, email: `${name}@hostile.example`, password: `pw-${name}` });
  const path = join(dir, 'profile.json');
  writeFileSync(path, JSON.stringify({ baseUrl: url, interfaces: ['token'], accounts: { primary: user('a'), peer: user('b'), outsider: user('x') } }));
  return path;
}

const ENV = { SMS_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), SMS_EVENTUALLY_TIMEOUT_MS: '2000', SMS_CONCURRENCY: '2' };

/**
 * Token rules of each shape of request and answer the token area has (a grant issued and
 * refused, a refresh chain, a body that is not JSON or is mistyped, a property over generated
 * bodies, the media types): what a hostile target does to one, it does to the area's others.
 */
const RULES = [
  'token.client-credentials.issues-token',
  'token.client-credentials.required-fields',
  'token.credentials.invalid',
  'token.refresh-token.issues-token',
  'token.grant-type.unknown',
  'token.request.malformed-json',
  'token.request.wrong-field-type',
  'token.media-type.default-json',
].join(',');

describe.concurrent('a hostile target gets a verdict, a report and a documented exit code, never a crash or a hang', () => {
  test.each(Object.keys(TARGETS))('a target that %s', async (name) => {
    const url = await TARGETS[name]!();
    const run = await runCli(['run', '--profile', profileFor(url), '--rule', RULES, '--seed', '1'], ENV, 2 * DEADLINE_MS);
    const said = `${run.stdout}\n${run.stderr}`;
    expect(said).not.toMatch(/FATAL|Check failed|heap out of memory|Unhandled/i);
    expect(run.ms, 'the run ended within its deadline').toBeLessThan(DEADLINE_MS);
    const { outcome, reason } = EXPECTED[name]!;
    expect(run.code, said.slice(-1500)).toBe(outcome === 'fail' ? 1 : 4);
    expect(existsSync(join(run.reportsDir, 'summary.json'))).toBe(true);
    const summary = run.summary();
    expect(summary.suiteErrors).toEqual([]);
    const judged = summary.rules.filter((r) => r.outcome === 'fail' || r.outcome === 'broken');
    expect(judged.length, 'rules that did not hold').toBeGreaterThan(0);
    const matching = judged.filter((r) => r.outcome === outcome && (!reason || reason.test(r.reason ?? '')));
    expect(matching.length, `${outcome} rules${reason ? ` saying ${reason}` : ''}: ${judged.map((r) => `${r.outcome} ${r.reason}`).slice(0, 3).join(' | ')}`).toBeGreaterThan(0);
    expect(run.stdout).toMatch(outcome === 'fail' ? /DOES NOT CONFORM/ : /NO VERDICT/);
  }, 3 * DEADLINE_MS);

  test('a target that never answers at all gets one sentence and exit 3, no run', async () => {
    const url = await listen(createTcpServer(() => {}));
    const run = await runCli(['run', '--target', url, '--area', 'token', '--seed', '1'], ENV, 2 * DEADLINE_MS);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/is unreachable: no answer within/);
    expect(run.ms).toBeLessThan(DEADLINE_MS);
  }, 3 * DEADLINE_MS);
});
