import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FAULTS, type FaultDef } from '../reference/faults.js';
import type { Summary } from '../harness/reporting/summary-reporter.js';

/**
 * `npm run confinement [-- --jobs N] [-- --faults id,id] [-- --out FILE]`: fault confinement
 * (issue 8, item 5). Each reference fault is switched on for EVERY request (not scoped to its
 * rule) and the whole suite runs against it; the matrix shows which rules failed. A fault is
 * confined when only its own rule fails; spill over other rules is inherent only where the fault
 * declares it (`alsoBreaks` with a reason). Benchmark-style: minutes, not part of `npm test`.
 */

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const jobs = Number(arg('jobs') ?? 2);
const only = arg('faults')?.split(',');
const out = arg('out') ?? join(ROOT, 'reports', 'confinement.md');
const faults = only ? FAULTS.filter((f) => only.includes(f.id)) : [...FAULTS];

interface Row {
  fault: FaultDef;
  failed: string[];
  ownFailed: boolean;
  inherent: string[];
  unexplained: string[];
  ms: number;
  error?: string;
}

function runSuite(fault: FaultDef): Promise<Row> {
  const reports = mkdtempSync(join(tmpdir(), 'sms-confinement-'));
  const started = Date.now();
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SMS_|REFERENCE_|VITEST)/.test(k)));
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.ts'], {
      cwd: ROOT,
      env: { ...env, REFERENCE_FAULTS: fault.id, SMS_REPORTS_DIR: reports, SMS_SEED: '7', SMS_EVENTUALLY_TIMEOUT_MS: '2000', SMS_PROPERTY_RUNS: arg('property-runs') ?? '25' },
      stdio: 'ignore',
    });
    child.on('close', () => {
      const row: Row = { fault, failed: [], ownFailed: false, inherent: [], unexplained: [], ms: Date.now() - started };
      try {
        const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary;
        row.failed = summary.rules.filter((r) => r.outcome === 'fail' || r.outcome === 'broken').map((r) => r.id);
      } catch (e) {
        row.error = `no summary: ${(e as Error).message}`;
      }
      rmSync(reports, { recursive: true, force: true });
      const declared = new Set(fault.alsoBreaks?.rules ?? []);
      row.ownFailed = row.failed.includes(fault.rule);
      const others = row.failed.filter((id) => id !== fault.rule);
      row.inherent = others.filter((id) => declared.has(id));
      row.unexplained = others.filter((id) => !declared.has(id));
      done(row);
    });
  });
}

async function main() {
  const rows: Row[] = [];
  const queue = [...faults];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Math.max(1, jobs) }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const row = await runSuite(f);
        rows.push(row);
        const mark = !row.ownFailed ? 'ESCAPED' : row.unexplained.length ? 'SPILLS' : row.inherent.length ? 'inherent' : 'confined';
        console.log(`[${rows.length}/${faults.length}] ${f.id}: ${mark}${row.unexplained.length ? ` → ${row.unexplained.join(', ')}` : ''} (${(row.ms / 1000).toFixed(1)} s)`);
      }
    }),
  );
  rows.sort((a, b) => a.fault.id.localeCompare(b.fault.id));
  const confined = rows.filter((r) => r.ownFailed && r.failed.length === 1);
  const inherent = rows.filter((r) => r.ownFailed && r.unexplained.length === 0 && r.inherent.length > 0);
  const spills = rows.filter((r) => r.ownFailed && r.unexplained.length > 0);
  const escaped = rows.filter((r) => !r.ownFailed);
  const rules = new Set(FAULTS.map((f) => f.rule));
  const md = [
    '# Fault confinement',
    '',
    `${rows.length} faults over ${rules.size} rules, each on for every request, whole suite; ${((Date.now() - started) / 60000).toFixed(1)} min with ${jobs} jobs.`,
    '',
    `- confined (only its own rule fails): ${confined.length} (${pct(confined.length, rows.length)})`,
    `- inherent overlap (declared, with a reason): ${inherent.length}`,
    `- spills over undeclared rules: ${spills.length}`,
    `- escaped (its own rule passed): ${escaped.length}`,
    '',
    '| fault | own rule | other rules failed | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.fault.id} | ${r.fault.rule} ${r.ownFailed ? '✗ (fails)' : '✓ (ESCAPED)'} | ${[...r.unexplained, ...r.inherent.map((i) => `${i} (inherent)`)].join('<br>') || '—'} | ${r.error ?? ''} |`),
    '',
    '## Inherent overlaps',
    '',
    ...rows.filter((r) => r.inherent.length).map((r) => `- **${r.fault.id}** also breaks ${r.inherent.join(', ')}: ${r.fault.alsoBreaks?.why}`),
    '',
  ].join('\n');
  writeFileSync(out, md);
  console.log(`\n${rows.length} faults, ${rules.size} rules: ${confined.length} confined (${pct(confined.length, rows.length)}), ${inherent.length} inherent, ${spills.length} spill, ${escaped.length} escaped. Matrix: ${out}`);
}

const pct = (n: number, d: number) => `${d === 0 ? 0 : Math.round((100 * n) / d)}%`;

await main();
