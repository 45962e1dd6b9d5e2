import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from '../selftest/support/cli.js';

/**
 * `npm run bench:drip`: a hostile target that answers every API request with a 200 and then a
 * byte every `--every` ms, never ending (the preflight GET is answered at once). A run against
 * it with the default settings must reach its verdict (every rule broken, exit 4) in a bounded
 * time: printed as seconds to the verdict, beside the exit code and the outcomes. `--stall`: the
 * target never answers an API request at all (not even its headers).
 */
const { values } = parseArgs({ options: { every: { type: 'string', default: '200' }, stall: { type: 'boolean', default: false }, area: { type: 'string' } }, strict: true });
const every = Number(values.every);

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  if (req.method === 'GET' && req.url === '/') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  if (values.stall) return; // never a byte: the request waits
  res.writeHead(200, { 'content-type': 'application/json' });
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), every);
  res.on('close', () => clearInterval(timer));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const user = (name: string) => ({ username: name, email: `${name}@drip.example`, password: `pw-${name}` });
const dir = mkdtempSync(join(tmpdir(), 'sms-drip-'));
const profile = join(dir, 'profile.json');
writeFileSync(profile, JSON.stringify({ baseUrl: url, accounts: { primary: user('a'), peer: user('b'), outsider: user('x') } }));

const run = await runCli(['run', '--no-allure', '--profile', profile, '--seed', '1', ...(values.area ? ['--area', values.area] : [])], { SMS_BENCH_TIMINGS: '1' }, 600_000);
const counts: Record<string, number> = {};
try {
  for (const r of run.summary().rules) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
} catch {
  /* no summary: the exit code says why */
}
const slowest = (() => {
  try {
    return [...run.summary().rules].sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0)).slice(0, 5);
  } catch {
    return [];
  }
})();
const byReason: Record<string, number> = {};
try {
  for (const r of run.summary().rules.filter((x) => x.outcome === 'broken')) {
    const k = `${Math.floor((r.durationMs ?? 0) / 1000)} s: ${(r.reason ?? '').replace(/(POST|GET) \S+ /, '').slice(0, 70)}`;
    byReason[k] = (byReason[k] ?? 0) + 1;
  }
} catch {
  /* no summary */
}
for (const [k, n] of Object.entries(byReason).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${n} × ${k}`);
for (const r of slowest) console.log(`  ${((r.durationMs ?? 0) / 1000).toFixed(1)} s  ${r.id}: ${r.outcome} ${(r.reason ?? '').slice(0, 160)}`);
for (const line of `${run.stdout}\n${run.stderr}`.split("\n").filter((l) => /^(timings|cpu) /.test(l))) console.log(`  ${line}`);
console.log(`${values.stall ? 'stalling target (no answer)' : `drip target (a byte every ${every} ms)`}: verdict in ${(run.ms / 1000).toFixed(1)} s, exit ${run.code}, outcomes ${JSON.stringify(counts)}`);
server.closeAllConnections();
server.close();
