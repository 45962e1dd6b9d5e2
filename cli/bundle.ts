import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { profileSecrets } from '../contract/profile.js';
import { ConfigError } from '../run/config.js';
import { gitCommit, readSummaryFile, ROOT } from './finish.js';
import { tarGz, untarGz, type TarEntry } from './tar.js';

/**
 * `bundle` and `verify`: one run's evidence in one archive, with a SHA-256
 * manifest of every file in it and of the suite's own files, so that a certification package
 * cannot be edited quietly. `verify` recomputes every hash and names each file that changed.
 */

const TOP = 'conformance-bundle';
const MANIFEST = `${TOP}/MANIFEST.sha256`;
/** The suite's own files whose hashes the bundle records: what produced the verdict. */
const SUITE_PARTS = ['specs', 'harness', 'run', 'reporting', 'contract', 'generators', 'cli', 'package.json', 'package-lock.json', 'vitest.config.ts'];

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** `sha256  path` lines of the suite's own files, relative to the repository root. */
export function suiteManifest(root = ROOT): string {
  return SUITE_PARTS.flatMap((p) => filesUnder(join(root, p)))
    .filter((f) => !f.includes(`${join(root, 'node_modules')}`))
    .map((f) => `${sha256(readFileSync(f))}  ${relative(root, f)}`)
    .join('\n');
}

const manifestOf = (entries: TarEntry[]) => `${entries.map((e) => `${sha256(e.data)}  ${e.path}`).join('\n')}\n`;

export interface BundleOptions {
  reportsDir: string;
  out?: string;
  /** a profile file whose secret values must not appear anywhere in the bundle */
  profile?: string;
  log: (line: string) => void;
}

export function bundle({ reportsDir, out, profile, log }: BundleOptions): number {
  const dir = resolve(reportsDir);
  if (!existsSync(join(dir, 'summary.json'))) throw new ConfigError(`There is no ${join(dir, 'summary.json')} to bundle; run the suite first (npm run conformance), or give --reports DIR.`);
  const summary = readSummaryFile(join(dir, 'summary.json'));
  const target = resolve(out ?? join(dir, `conformance-bundle-${summary.runId}.tar.gz`));
  const reportFiles = filesUnder(dir).filter((f) => !/\.tar\.gz$/.test(f) && !relative(dir, f).startsWith('compare/') && !/\.staging-/.test(f) && f !== target);
  const entries: TarEntry[] = reportFiles.map((f) => ({ path: `${TOP}/reports/${relative(dir, f)}`, data: readFileSync(f) }));
  const info = {
    suiteVersion: summary.suiteVersion,
    gitCommit: gitCommit(),
    seed: summary.seed,
    runId: summary.runId,
    target: summary.target,
    verdict: summary.verdict,
    node: process.version,
    bundledAt: new Date().toISOString(),
    note: 'MANIFEST.sha256 holds the SHA-256 of every other file of this bundle; suite-files.sha256 those of the suite that produced the run. Check with: npx secure-messaging-conformance verify FILE',
  };
  entries.push({ path: `${TOP}/bundle-info.json`, data: Buffer.from(`${JSON.stringify(info, null, 2)}\n`) });
  entries.push({ path: `${TOP}/suite-files.sha256`, data: Buffer.from(`${suiteManifest()}\n`) });

  // the secret sweep: the profile's secret values (and the redacted profile itself) are checked
  const secrets = profile ? profileSecrets(JSON.parse(readFileSync(profile, 'utf8'))).filter((s) => s.length >= 4) : [];
  const shownProfile = entries.find((e) => e.path === `${TOP}/reports/profile.json`);
  if (shownProfile) secrets.push(...profileSecrets(JSON.parse(shownProfile.data.toString('utf8'))).filter((s) => s !== '[redacted]' && s.length >= 4));
  const leaks = entries.filter((e) => secrets.some((s) => e.data.includes(s) || e.data.includes(Buffer.from(s).toString('base64')))).map((e) => e.path);
  if (leaks.length > 0) throw new ConfigError(`Refusing to bundle: a profile secret appears in ${leaks.join(', ')}; re-run the suite (its sweep replaces them) and report this suite defect.`);

  entries.push({ path: MANIFEST, data: Buffer.from(manifestOf(entries)) });
  writeFileSync(target, tarGz(entries, Math.floor(Date.now() / 1000)));
  log(`Bundled ${entries.length} files (${summary.verdict?.kind ?? 'run'} of ${summary.target.url}, run ${summary.runId}) into ${target}`);
  const shown = relative(process.cwd(), target);
  log(`Check it with: npx secure-messaging-conformance verify ${shown.startsWith('..') ? target : shown}`);
  return 0;
}

export interface VerifyResult {
  ok: boolean;
  changed: string[];
  missing: string[];
  extra: string[];
}

export function verifyEntries(entries: TarEntry[]): VerifyResult {
  const manifest = entries.find((e) => e.path === MANIFEST);
  if (!manifest) return { ok: false, changed: [], missing: [MANIFEST], extra: [] };
  const expected = new Map(
    manifest.data
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(66), line.slice(0, 64)] as const),
  );
  const present = new Map(entries.filter((e) => e.path !== MANIFEST).map((e) => [e.path, e]));
  const changed = [...present.values()].filter((e) => expected.has(e.path) && expected.get(e.path) !== sha256(e.data)).map((e) => e.path);
  const missing = [...expected.keys()].filter((p) => !present.has(p));
  const extra = [...present.keys()].filter((p) => !expected.has(p));
  return { ok: changed.length + missing.length + extra.length === 0, changed, missing, extra };
}

export function verify(file: string, log: (line: string) => void): number {
  if (!existsSync(file)) throw new ConfigError(`There is no bundle ${file} to verify.`);
  let entries: TarEntry[];
  try {
    entries = untarGz(readFileSync(file));
  } catch (e) {
    log(`${file} is not a readable bundle (${(e as Error).message}): the archive itself was altered or truncated.`);
    return 1;
  }
  const result = verifyEntries(entries);
  const strip = (p: string) => p.replace(`${TOP}/`, '');
  for (const p of result.changed) log(`CHANGED: ${strip(p)} (its SHA-256 differs from the manifest)`);
  for (const p of result.missing) log(`MISSING: ${strip(p)}`);
  for (const p of result.extra) log(`ADDED: ${strip(p)} (not in the manifest)`);
  const suite = entries.find((e) => e.path === `${TOP}/suite-files.sha256`);
  if (suite) {
    const here = new Set(suiteManifest().split('\n'));
    const differ = suite.data.toString('utf8').split('\n').filter((l) => l && !here.has(l)).length;
    log(differ === 0 ? 'The suite files recorded in the bundle are those of this checkout.' : `Note: ${differ} suite file(s) recorded in the bundle differ from this checkout (another suite version made the run).`);
  }
  if (result.ok) log(`VERIFIED: all ${entries.length - 1} files of ${file} match its manifest.`);
  else log(`NOT VERIFIED: ${result.changed.length + result.missing.length + result.extra.length} file(s) of ${file} differ from its manifest.`);
  return result.ok ? 0 : 1;
}
