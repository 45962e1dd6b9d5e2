import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../run/config.js';
import type { Summary } from '../contract/summary.js';
import { totalsOf } from '../reporting/standing.js';
import { finish } from './finish.js';
import { loadRun } from './compare.js';

/**
 * `merge DIR... [--reports OUT]`: shard results (`run --shard i/n --reports DIR`) combined into
 * one summary.json, junit.xml and Allure report, with the verdict, exit code and expectations of
 * a single run over the same rules.
 */
export async function merge(dirs: string[], opts: { out: string; expectations?: string; today: string; log: (line: string) => void }): Promise<number> {
  if (dirs.length === 0) throw new ConfigError('merge needs the reports directories of the shards: merge DIR... [--reports OUT].');
  const out = resolve(opts.out);
  if (dirs.some((d) => resolve(d) === out)) throw new ConfigError(`The merged reports directory ${opts.out} is one of the shards; give another with --reports.`);
  const runs = dirs.map(loadRun);
  const first = runs[0]!.summary;
  const seen = new Map<string, string>();
  for (const run of runs) {
    if (run.summary.suiteVersion !== first.suiteVersion) throw new ConfigError(`${run.path} was made by suite ${run.summary.suiteVersion}, ${runs[0]!.path} by ${first.suiteVersion}; merge shards of one suite version.`);
    if (run.summary.seed !== first.seed) throw new ConfigError(`${run.path} ran with seed ${run.summary.seed}, ${runs[0]!.path} with ${first.seed}; run every shard with the same --seed.`);
    for (const r of run.summary.rules) {
      const other = seen.get(r.id);
      if (other) throw new ConfigError(`Rule ${r.id} is in both ${other} and ${run.path}; merge each shard once.`);
      seen.set(r.id, run.path);
    }
  }
  const rules = runs
    .flatMap((r) => r.summary.rules)
    .map(({ expectation: _dropped, ...r }) => r)
    .sort((a, b) => a.interface.localeCompare(b.interface) || a.id.localeCompare(b.id));
  const { shard: _s, expectations: _e, verdict: _v, ...meta } = first;
  const starts = runs.map((r) => r.summary.startedAt).filter((s): s is string => !!s).sort();
  const summary: Summary = {
    ...meta,
    areas: [...new Set(runs.flatMap((r) => r.summary.areas ?? []))],
    ...(starts[0] ? { startedAt: starts[0] } : {}),
    totals: totalsOf(rules),
    rules,
    suiteErrors: runs.flatMap((r) => r.summary.suiteErrors),
    exchanges: rules.reduce((n, r) => n + r.exchanges, 0),
    durationMs: Math.max(...runs.map((r) => r.summary.durationMs)),
  };
  if (summary.areas?.length === 0) delete summary.areas;

  for (const part of ['allure-results', 'allure-report', 'summary.json', 'junit.xml', 'profile.json', 'expectations.json', 'run-info.json']) await rm(join(out, part), { recursive: true, force: true });
  await mkdir(join(out, 'allure-results'), { recursive: true });
  for (const dir of dirs) {
    const results = join(dir, 'allure-results');
    for (const name of await readdir(results).catch(() => [] as string[])) {
      if (name === 'environment.properties' || name === 'categories.json') continue;
      await copyFile(join(results, name), join(out, 'allure-results', name));
    }
  }
  let specUrl: string | undefined;
  const profileFile = dirs.map((d) => join(d, 'profile.json')).find(existsSync);
  if (profileFile) {
    await copyFile(profileFile, join(out, 'profile.json'));
    specUrl = (JSON.parse(readFileSync(profileFile, 'utf8')) as { specUrl?: string }).specUrl;
  }
  const expectationsPath = opts.expectations ?? dirs.map((d) => join(d, 'expectations.json')).find(existsSync);
  opts.log(`Merged ${runs.length} shard(s): ${rules.length} rules.`);
  const v = await finish({ reportsDir: out, summary, expectationsPath, today: opts.today, specUrl, secrets: [], log: opts.log });
  return v.exitCode;
}
