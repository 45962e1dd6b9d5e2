import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_RULES } from '../contract/spec/rules.js';

/**
 * How the CLI hands the spec files to vitest: as a few bundles, one per worker, each a vitest file
 * of its own (run/bundles/<k>.spec.ts) that collects its spec files as concurrent suites. A vitest
 * worker runs one file at a time, so a spec file whose rules wait (on the network, on the target's
 * clock, on another rule's claim) would hold its worker while they wait; in a bundle the worker's
 * slots go to the rules of any of its spec files, and a run against a distant server is bounded by
 * its longest chains of round trips, not by the sum of its files' (limits.concurrency still holds:
 * the gate's slots are the same). A bare `npx vitest run` keeps a file per spec.
 */

/** The bundle files: as many as a run has workers at most (harness/gate.ts MAX_WORKERS). */
export const BUNDLE_FILES = ['run/bundles/1.spec.ts', 'run/bundles/2.spec.ts', 'run/bundles/3.spec.ts', 'run/bundles/4.spec.ts'] as const;

/**
 * The spec files that start first, in this order and dealt round the bundles: the ones that send
 * the most (the model-based rules), the ones that wait for a second on the target's clock (the
 * listing scenes and the DATE order: spec §2.3 dates are kept to the second), the ones that take
 * the company claim to change company settings (they run one at a time, so they start early), and
 * the ones with the longest chains of round trips (the provisioning property rules among them:
 * left with the other files of many rules, which run last, their chains were a distant run's tail).
 */
export const FIRST = [
  'specs/messaging-soap/model.spec.ts',
  'specs/messaging-rest/model.spec.ts',
  'specs/messaging-rest/listings.spec.ts',
  'specs/messaging-soap/listings.spec.ts',
  'specs/messaging-rest/search.spec.ts',
  'specs/smtp/whitelist.spec.ts',
  'specs/smtp/reset.spec.ts',
  'specs/messaging-soap/parties.spec.ts',
  'specs/messaging-rest/parties.spec.ts',
  'specs/admin/accounts.spec.ts',
  'specs/messaging-rest/folder-names.spec.ts',
  'specs/provisioning/create-dates.spec.ts',
  'specs/provisioning/create.spec.ts',
];

/**
 * The spec files that start last: a rule that waits out a session key's lifetime (spec §8). Its
 * wait starts with the worker's first rule (harness/fixtures/short-session.ts) and has passed, or
 * nearly, when it runs.
 */
export const LAST = ['specs/messaging-rest/session-expiry.spec.ts'];

/** The spec files under `paths` (files, or folders searched at any depth), as paths from `root`, sorted. */
export function specFilesUnder(root: string, paths: readonly string[]): string[] {
  const found = paths.flatMap((p) => {
    const full = join(root, p);
    if (!statSync(full).isDirectory()) return [p];
    return readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => join(p, f).replaceAll('\\', '/'));
  });
  return [...new Set(found.filter((f) => f.endsWith('.spec.ts')))].sort();
}

/** Shard `i/n` of the spec files: every n-th, from the i-th (each file in exactly one shard). */
export function shardOf(files: readonly string[], shard: string): string[] {
  const [i, n] = shard.split('/').map(Number) as [number, number];
  return files.filter((_, k) => k % n === i - 1);
}

/**
 * The spec files dealt into `count` bundles (fewer where there are fewer files): the FIRST files
 * round the bundles in their order, then the others, most rules first, each to the bundle with the
 * fewest rules so far; in each bundle the FIRST files lead, the others follow fewest rules first,
 * and the LAST ones close.
 */
export function bundleSpecFiles(files: readonly string[], count: number): string[][] {
  const n = Math.max(1, Math.min(count, files.length, BUNDLE_FILES.length));
  const rulesIn = (f: string) => Math.max(1, SPEC_RULES.filter((r) => r.file === f).length);
  const bundles = Array.from({ length: n }, () => ({ files: [] as string[], rules: 0 }));
  const add = (b: (typeof bundles)[number], f: string) => {
    b.files.push(f);
    b.rules += rulesIn(f);
  };
  const first = FIRST.filter((f) => files.includes(f));
  first.forEach((f, k) => add(bundles[k % n]!, f));
  const rest = files.filter((f) => !first.includes(f) && !LAST.includes(f)).sort((a, b) => rulesIn(b) - rulesIn(a) || a.localeCompare(b));
  for (const f of [...rest, ...LAST.filter((f) => files.includes(f))]) add(bundles.reduce((a, b) => (b.rules < a.rules ? b : a)), f);
  // dealt most rules first (the bundles come out even), but run fewest first: the files of many
  // short rules (the generated matrices) close the bundle, so its last rules fill the slots
  // while its last long chains run out, rather than a few long rules running alone at the end
  const order = (f: string) => (first.includes(f) ? -1 : LAST.includes(f) ? Number.MAX_SAFE_INTEGER : rulesIn(f));
  return bundles.map((b) => b.files.map((f, i) => ({ f, i })).sort((x, y) => order(x.f) - order(y.f) || x.i - y.i).map((x) => x.f));
}
