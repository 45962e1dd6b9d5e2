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

// the run is a child process, waited for without blocking: the reference and the proxy answer it from this one
const run = async (label: string, profile: string, reports: string, env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(process.execPath, ['bin/secure-messaging-conformance.mjs', 'run', '--profile', profile, '--reports', reports, '--no-allure', '--seed', seed], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary;
  return { label, code, summary };
};
const cpu = () => process.cpuUsage();
const seconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

const a0 = process.resourceUsage();
const A = await run('A (straight)', profileA, join(dir, 'A'));
const a1 = process.resourceUsage();
const ledger = join(dir, 'ledger');
const lines: string[] = [];
const observing = await startObserve({ upstream: ref.url, profile: ref.profile, reportsDir: join(dir, 'observe'), ledger, allure: false, log: (l) => lines.push(l) });
const profileB = join(dir, 'through.json');
writeFileSync(profileB, JSON.stringify(profileThrough(ref.profile, ref.url, observing.url)), { mode: 0o600 });
const own0 = cpu();
const B = await run('B (through observe)', profileB, join(dir, 'B'), { SMS_RULE_LEDGER: ledger });
const own = seconds(process.cpuUsage(own0));
const b1 = process.resourceUsage();
const judged = await observing.finish();
await ref.close();

const childCpu = (x: NodeJS.ResourceUsage, y: NodeJS.ResourceUsage) => ((y.userCPUTime - x.userCPUTime + y.systemCPUTime - x.systemCPUTime) / 1e6).toFixed(1);
console.log(`A run: ${childCpu(a0, a1)} CPU-s of this process and its children (the run, and the reference it serves) · B run: ${childCpu(a1, b1)} CPU-s, of which ${own.toFixed(1)} in this process (the reference and the proxy)`);
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
