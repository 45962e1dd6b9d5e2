import { readFileSync } from 'node:fs';
import { SummarySchema, type Summary } from '../contract/summary.js';

/**
 * `node --import tsx bench/same-verdicts.ts BEFORE/summary.json AFTER/summary.json [...pairs]`:
 * whether two runs gave the same verdict, rule for rule. Prints each
 * rule whose outcome differs, or that only one run has, and exits 1 if any pair differs.
 * Pairs are given one after another: before1 after1 before2 after2 ...
 */
function outcomes(path: string): Map<string, string> {
  const summary = SummarySchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return new Map(summary.rules.map((r) => [r.id, r.outcome]));
}

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('Give pairs of summary.json files: BEFORE AFTER [BEFORE AFTER ...].');
  process.exit(2);
}
let differing = 0;
for (let i = 0; i < args.length; i += 2) {
  const [beforePath, afterPath] = [args[i]!, args[i + 1]!];
  const before = outcomes(beforePath);
  const after = outcomes(afterPath);
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  const diffs = ids.filter((id) => before.get(id) !== after.get(id));
  console.log(`${beforePath} -> ${afterPath}: ${ids.length} rules, ${diffs.length} differ`);
  for (const id of diffs) console.log(`  ${id}: ${before.get(id) ?? '(absent)'} -> ${after.get(id) ?? '(absent)'}`);
  differing += diffs.length;
}
process.exit(differing > 0 ? 1 : 0);
