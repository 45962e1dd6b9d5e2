import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileThrough, startObserve } from '../cli/observe.js';
import type { Summary } from '../contract/summary.js';
import { start } from '../reference/server.js';

/**
 * The suite judges itself (`node --import tsx scripts/observe-self.ts [--seed N]`): the reference
 * is served, the whole conformance run is made once straight at it (A) and once through observe
 * with the rule ledger (B). It prints the CPU seconds of each run (and the proxy's), then checks
 * that the server verdict is the same rule for rule, and that no client rule fails but for the
 * requests the suite's rules send wrong on purpose (reported apart). Exit 0 when both hold.
 */
const seed = process.argv.includes('--seed') ? process.argv[process.argv.indexOf('--seed') + 1]! : '7';
const dir = mkdtempSync(join(tmpdir(), 'observe-self-'));
const ref = await start();
const profileA = join(dir, 'reference.json');
writeFileSync(profileA, JSON.stringify(ref.profile), { mode: 0o600 });

// the run is a child process (its CPU read by /usr/bin/time), waited for without blocking: the reference and the proxy answer it from this one
const run = async (label: string, profile: string, reports: string, env: NodeJS.ProcessEnv = {}) => {
  const own0 = process.cpuUsage();
  const args = ['bin/secure-messaging-conformance.mjs', 'run', '--profile', profile, '--reports', reports, '--no-allure', '--seed', seed];
  const child = spawn('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const [, user, sys] = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(err) ?? [];
  const own = process.cpuUsage(own0);
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary;
  return { label, code, summary, runCpu: Number(user) + Number(sys), serverCpu: (own.user + own.system) / 1e6 };
};

const A = await run('A (straight)', profileA, join(dir, 'A'));
const ledger = join(dir, 'ledger');
const lines: string[] = [];
const observing = await startObserve({ upstream: ref.url, profile: ref.profile, reportsDir: join(dir, 'observe'), ledger, allure: false, log: (l) => lines.push(l) });
const profileB = join(dir, 'through.json');
writeFileSync(profileB, JSON.stringify(profileThrough(ref.profile, ref.url, observing.url)), { mode: 0o600 });
const B = await run('B (through observe)', profileB, join(dir, 'B'), { SMS_RULE_LEDGER: ledger });
const judged = await observing.finish();
await ref.close();

const figures = (r: typeof A) => `the run ${r.runCpu.toFixed(1)} CPU-s, this process (the reference${r === B ? ' and the proxy' : ''}) ${r.serverCpu.toFixed(1)} CPU-s`;
console.log(`A straight: ${figures(A)}\nB through observe: ${figures(B)}\nB/A: the run ${((B.runCpu / A.runCpu - 1) * 100).toFixed(0)}%, all ${(((B.runCpu + B.serverCpu) / (A.runCpu + A.serverCpu) - 1) * 100).toFixed(0)}% (CPU-s; under load, run it A/B more than once)`);
const outcomes = (s: Summary) => new Map(s.rules.map((r) => [r.id, r.outcome]));
const [oa, ob] = [outcomes(A.summary), outcomes(B.summary)];
const differ = [...oa].filter(([id, o]) => ob.get(id) !== o).map(([id, o]) => `${id}: ${o} → ${ob.get(id)}`);
console.log(`server verdict: A ${A.summary.verdict?.line}\n                B ${B.summary.verdict?.line}`);
console.log(differ.length ? `rules whose outcome differs through observe:\n  ${differ.join('\n  ')}` : 'the server verdict is the same rule for rule');
const client = JSON.parse(readFileSync(join(dir, 'observe', 'summary.json'), 'utf8')) as Summary;
const failing = client.rules.filter((r) => r.outcome === 'fail');
console.log(lines.filter((l) => /^Rule ledger|^operations exercised/.test(l)).join('\n'));
console.log(`client rules: ${client.totals.pass} pass, ${failing.length} fail, ${client.totals.notApplicable} not exercised; ${client.judgement?.deliberate.length ?? 0} violated only on purpose (not counted); exit ${judged}`);
for (const r of failing) console.log(`  ✗ ${r.id}: ${r.reason}`);
console.log(`reports: ${dir}`);
process.exit(differ.length === 0 && failing.length === 0 ? 0 : 1);
