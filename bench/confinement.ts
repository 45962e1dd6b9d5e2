import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RUN_FAULTS as FAULTS, type FaultDef } from '../reference/faults.js';
import { SummarySchema, type Summary } from '../contract/summary.js';

/**
 * `npm run confinement [-- --jobs N] [-- --faults id,id] [-- --full] [-- --out FILE]`: fault
 * confinement. Each reference fault is switched on for EVERY request (not
 * scoped to its rule) and the suite runs against it; the matrix shows which rules failed. A fault
 * is confined when only its own rule fails; spill over other rules is inherent only where the
 * fault declares it (`alsoBreaks` with a reason). Benchmark-style: minutes, not part of `npm test`.
 *
 * By default a clean run first records each fault's footprint: the rules whose requests reach
 * the fault's check (REFERENCE_FAULT_FOOTPRINT). Each fault then runs the spec files of those
 * rules and of its own rule, which is where it can change an answer. `--full` runs the whole
 * suite per fault instead (it also sees damage carried by shared accounts into other files).
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
const full = process.argv.includes('--full');

interface Row {
  fault: FaultDef;
  failed: string[];
  ownFailed: boolean;
  inherent: string[];
  unexplained: string[];
  ms: number;
  error?: string;
}

/** One vitest run of `files` (all specs when empty) against a fresh reference with `env` added. */
function vitest(files: string[], extra: Record<string, string>): Promise<{ summary?: Summary; error?: string }> {
  const reports = mkdtempSync(join(tmpdir(), 'sms-confinement-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SMS_|REFERENCE_|VITEST)/.test(k)));
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.ts', ...files], {
      cwd: ROOT,
      env: { ...env, ...extra, SMS_REPORTS_DIR: reports, SMS_SEED: '7', SMS_EVENTUALLY_TIMEOUT_MS: '2000', SMS_PROPERTY_RUNS: arg('property-runs') ?? '25' },
      stdio: 'ignore',
    });
    child.on('close', () => {
      try {
        done({ summary: SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'))) });
      } catch (e) {
        done({ error: `no summary: ${(e as Error).message}` });
      }
      rmSync(reports, { recursive: true, force: true });
    });
  });
}

/** The clean run: every rule's spec file, and each fault's footprint (the rules that reach its check). */
async function survey(): Promise<{ fileOf: Map<string, string>; footprint: Record<string, string[]> }> {
  const file = join(mkdtempSync(join(tmpdir(), 'sms-footprint-')), 'footprint.json');
  const clean = await vitest([], { REFERENCE_FAULT_FOOTPRINT: file });
  if (!clean.summary) throw new Error(`the clean run wrote no summary (${clean.error})`);
  const failing = clean.summary.rules.filter((r) => r.outcome !== 'pass' && r.outcome !== 'notApplicable');
  if (failing.length > 0) throw new Error(`the clean run does not pass: ${failing.map((r) => r.id).join(', ')}`);
  return { fileOf: new Map(clean.summary.rules.map((r) => [r.id, r.file])), footprint: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]> };
}

async function runSuite(fault: FaultDef, files: string[]): Promise<Row> {
  const started = Date.now();
  const result = await vitest(files, { REFERENCE_FAULTS: fault.id });
  const failed = (result.summary?.rules ?? []).filter((r) => r.outcome === 'fail' || r.outcome === 'broken').map((r) => r.id);
  const declared = new Set(fault.alsoBreaks?.rules ?? []);
  const others = failed.filter((id) => id !== fault.rule);
  return {
    fault,
    failed,
    ownFailed: failed.includes(fault.rule),
    inherent: others.filter((id) => declared.has(id)),
    unexplained: others.filter((id) => !declared.has(id)),
    ms: Date.now() - started,
    error: result.error,
  };
}

async function main() {
  const rows: Row[] = [];
  const queue = [...faults];
  const started = Date.now();
  const map = full ? undefined : await survey();
  const filesFor = (f: FaultDef): string[] => {
    if (!map) return [];
    const rules = new Set([f.rule, ...(map.footprint[f.id] ?? [])]);
    return [...new Set([...rules].map((r) => map.fileOf.get(r)).filter((x): x is string => x !== undefined))].sort();
  };
  if (map) console.log(`Clean run: footprints of ${Object.keys(map.footprint).length} faults recorded; each fault runs the spec files its footprint reaches.`);
  await Promise.all(
    Array.from({ length: Math.max(1, jobs) }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const row = await runSuite(f, filesFor(f));
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
    `${rows.length} faults over ${rules.size} rules, each on for every request, ${full ? 'whole suite' : "the spec files of the rules that reach the fault's check (footprint; --full for the whole suite)"}; ${((Date.now() - started) / 60000).toFixed(1)} min with ${jobs} jobs.`,
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
