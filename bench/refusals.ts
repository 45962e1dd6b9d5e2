import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageLines, refusalRound, type RoundResult } from '../selftest/support/refusal-rounds.js';
import { ROOT } from '../selftest/support/cli.js';

/**
 * `npm run refusals [-- --from K] [-- --max N]`: the precondition self-test's every round.
 * Round k refuses, for each rule, its k-th precondition operation
 * (reference/refusals.ts); rounds go on until one refuses nothing. `npm test` runs rounds 0-2
 * (selftest/preconditions.test.ts); this runs the rest, minutes each. Writes reports/refusals.md.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const from = Number(arg('from') ?? 0);
const max = Number(arg('max') ?? 16);

async function main() {
  const rounds: RoundResult[] = [];
  for (let k = from; k < from + max; k++) {
    const r = await refusalRound(k, [], 900_000);
    rounds.push(r);
    console.log(`round ${k}: ${r.refused.length} rules refused a precondition, ${r.failed.length} failed (${(r.ms / 1000).toFixed(0)} s)${r.error ? `; ${r.error}` : ''}`);
    for (const f of r.failed) console.log(`  FAIL ${f.rule} (refused ${f.refused ?? 'nothing'}): ${(f.reason ?? '').slice(0, 300)}`);
    if (r.error || r.refused.length === 0) break;
  }
  const pairs = rounds.reduce((n, r) => n + r.refused.length, 0);
  const failed = rounds.flatMap((r) => r.failed.map((f) => `- round ${r.round}: \`${f.rule}\` (refused ${f.refused ?? 'nothing'}): ${(f.reason ?? '').slice(0, 300)}`));
  const md = [
    '# Precondition refusals',
    '',
    `${rounds.length} rounds, ${pairs} (rule, precondition operation) pairs refused; ${failed.length} rules failed.`,
    '',
    ...(failed.length ? ['## Failed (defects)', '', ...failed, ''] : []),
    '## Covered',
    '',
    '```',
    ...rounds.flatMap(coverageLines),
    '```',
    '',
  ].join('\n');
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'refusals.md'), md);
  console.log(`Written reports/refusals.md`);
  process.exitCode = failed.length > 0 || rounds.some((r) => r.error) ? 1 : 0;
}

await main();
