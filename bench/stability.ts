import { parseArgs } from 'node:util';
import { LIMIT_ENV_KEYS } from '../run/config.js';
import { runCli } from '../selftest/support/cli.js';

/**
 * `npm run stability -- --runs 10`: runs the whole suite against the embedded reference N times
 * in a row (same seed unless --random-seeds) and compares the verdicts rule by rule. Any rule
 * whose outcome differs between runs is flaky: it is listed, and the script exits 1.
 * `--variant alt` (or any REFERENCE_VARIANT value) runs the reference in that variant.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    seed: { type: 'string', default: '20261122' },
    variant: { type: 'string' },
    area: { type: 'string' },
    'random-seeds': { type: 'boolean', default: false },
  },
  strict: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 2) {
  console.error('stability: --runs takes a whole number of at least 2.');
  process.exit(2);
}

const env: Record<string, string> = Object.fromEntries(Object.keys(LIMIT_ENV_KEYS).flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
if (values.variant) env.REFERENCE_VARIANT = values.variant;

/** rule id → outcome of each run */
const verdicts = new Map<string, string[]>();
const walls: number[] = [];
const exits: Array<number | null> = [];
for (let i = 0; i < runs; i++) {
  const seed = values['random-seeds'] ? String(Math.floor(Math.random() * 2 ** 31)) : values.seed;
  const run = await runCli(['run', '--seed', seed, ...(values.area ? ['--area', values.area] : [])], env, 900_000);
  walls.push(run.ms);
  exits.push(run.code);
  let rules: Array<{ id: string; outcome: string }> = [];
  try {
    rules = run.summary().rules;
  } catch {
    console.log(`run ${i + 1}: no summary.json (exit ${run.code})\n${run.stdout.split('\n').slice(-10).join('\n')}`);
  }
  for (const r of rules) {
    const seen = verdicts.get(r.id) ?? Array<string>(i).fill('absent');
    seen.push(r.outcome);
    verdicts.set(r.id, seen);
  }
  for (const [, seen] of verdicts) if (seen.length < i + 1) seen.push('absent');
  const totals = rules.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.outcome]: (acc[r.outcome] ?? 0) + 1 }), {});
  console.log(`run ${i + 1}/${runs} (seed ${seed}): exit ${run.code}, ${(run.ms / 1000).toFixed(1)} s, ${JSON.stringify(totals)}`);
}

const flaky = [...verdicts].filter(([, seen]) => new Set(seen).size > 1);
console.log(`\n${verdicts.size} rules over ${runs} runs${values.variant ? ` (REFERENCE_VARIANT=${values.variant})` : ''}; wall ${Math.min(...walls) / 1000}–${Math.max(...walls) / 1000} s; exit codes ${[...new Set(exits)].join(', ')}.`);
if (flaky.length === 0) {
  console.log('STABLE: every rule had the same verdict in every run.');
} else {
  console.log(`FLAKY: ${flaky.length} rule(s) changed verdict between runs:`);
  for (const [id, seen] of flaky) console.log(`  ${id}: ${seen.join(' ')}`);
}
process.exit(flaky.length === 0 && new Set(exits).size === 1 ? 0 : 1);
