import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SECRET_KEY } from '../contract/profile.js';
import { annotateAllureResults } from '../harness/reporting/allure-annotate.js';
import { renderAllure } from '../harness/reporting/allure-render.js';
import { applyExpectations, assertKnownRules, loadExpectations, today } from '../harness/reporting/expectations.js';
import { junitXml } from '../harness/reporting/junit.js';
import type { Summary } from '../harness/reporting/summary-reporter.js';
import { evidenceFromAllure } from '../harness/reporting/verdict-evidence.js';
import { verdictPage, type RunIdentity } from '../harness/reporting/verdict-page.js';
import { scorecard, verdict, type Verdict } from './scorecard.js';
import { scrubSecrets } from './scrub.js';

export const ROOT = resolve(new URL('..', import.meta.url).pathname);

export interface FinishOptions {
  reportsDir: string;
  summary: Summary;
  /** the expectations file to apply, if any */
  expectationsPath?: string;
  /** the profile's address of the spec (profile `specUrl`) */
  specUrl?: string;
  /** secret values to sweep from the reports */
  secrets: string[];
  log: (line: string) => void;
}

/** The profile as it may be shown: every secret value replaced. */
export function redactedProfile(profile: unknown): unknown {
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return SECRET_KEY.test(key) && value.length > 0 ? '[redacted]' : value;
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(profile, '');
}

export function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

export const readSummaryFile = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Summary;

/**
 * After the specs ran (or shards were merged): apply the expectations, compute the verdict,
 * write summary.json and junit.xml from one source, annotate the Allure results, sweep secrets,
 * render the report (verdict page + Allure), and print the scorecard.
 */
export async function finish(opts: FinishOptions): Promise<Verdict> {
  const { reportsDir, summary, log } = opts;
  if (opts.expectationsPath) {
    const file = loadExpectations(opts.expectationsPath);
    if (!summary.shard) {
      const areas = summary.areas ?? [...new Set(summary.rules.map((r) => r.interface))];
      assertKnownRules(file, opts.expectationsPath, summary, areas);
    }
    summary.expectations = applyExpectations(summary, file, opts.expectationsPath, today());
    await copyFile(opts.expectationsPath, join(reportsDir, 'expectations.json'));
  }
  const v = verdict(summary);
  summary.verdict = { kind: v.kind, exitCode: v.exitCode, line: v.line };
  await writeFile(join(reportsDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(reportsDir, 'junit.xml'), junitXml(summary));
  await writeFile(
    join(reportsDir, 'run-info.json'),
    `${JSON.stringify({ suiteVersion: summary.suiteVersion, gitCommit: gitCommit(), seed: summary.seed, runId: summary.runId, node: process.version, platform: `${process.platform} ${process.arch}`, finishedAt: new Date().toISOString(), shard: summary.shard }, null, 2)}\n`,
  );
  await annotateAllureResults(join(reportsDir, 'allure-results'), summary, opts.specUrl);
  await renderReport(reportsDir, summary, v, opts.specUrl).catch((e: Error) =>
    log(`The HTML report could not be rendered: ${e.message.split('\n')[0]} (summary.json and junit.xml are complete).`),
  );
  const scrubbed = await scrubSecrets(reportsDir, opts.secrets);
  if (scrubbed.hits > 0) log(`Warning: ${scrubbed.hits} secret value(s) reached ${scrubbed.files} report file(s) and were replaced; please report this suite defect.`);
  log(scorecard(summary, reportsDir));
  return v;
}

/** allure-report/index.html is the verdict page; Allure 3's own view is allure-report/allure.html beside it. */
export async function renderReport(reportsDir: string, summary: Summary, v: Verdict, specUrl?: string): Promise<void> {
  const reportDir = join(reportsDir, 'allure-report');
  const resultsDir = join(reportsDir, 'allure-results');
  if (existsSync(resultsDir)) {
    // Allure's headline is the report name: it says the verdict (issue 17, item 4)
    await renderAllure({ resultsDir, reportDir, reportName: `${v.kind} · Secure Messaging conformance: ${summary.target.url}`, environment: environmentOf(summary) });
    await rename(join(reportDir, 'index.html'), join(reportDir, 'allure.html'));
  }
  const needEvidence = new Set(summary.rules.filter((r) => r.outcome === 'fail' || r.outcome === 'broken' || r.expectation).map((r) => r.id));
  const evidence = await evidenceFromAllure(resultsDir, needEvidence);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(reportDir, { recursive: true });
  await writeFile(join(reportDir, 'index.html'), verdictPage({ summary, verdict: { kind: v.kind, line: v.line, notCovered: v.notCovered }, evidence, specUrl, run: runIdentity(reportsDir) }));
}

/** What the verdict page says of its run (issue 17, item 3): run-info.json, the profile's digest, the files beside it. */
function runIdentity(reportsDir: string): RunIdentity {
  const read = (name: string) => (existsSync(join(reportsDir, name)) ? readFileSync(join(reportsDir, name), 'utf8') : undefined);
  const info = JSON.parse(read('run-info.json') ?? '{}') as { gitCommit?: string; finishedAt?: string };
  const profile = read('profile.json');
  const files = Object.fromEntries(['summary.json', 'junit.xml', 'profile.json', 'run-info.json'].filter((f) => existsSync(join(reportsDir, f))).map((f) => [f, `../${f}`]));
  return { gitCommit: info.gitCommit, finishedAt: info.finishedAt, profileDigest: profile ? createHash('sha256').update(profile).digest('hex').slice(0, 16) : undefined, files };
}

export function environmentOf(summary: Summary): Record<string, string> {
  return {
    target: summary.target.url,
    edition: summary.target.edition,
    release: summary.target.release,
    suiteVersion: summary.suiteVersion,
    seed: String(summary.seed),
    runId: summary.runId,
    // Allure cuts long metadata values: the verdict and its exit code; the page and summary.json say why
    ...(summary.verdict ? { verdict: `${summary.verdict.kind} (exit code ${summary.verdict.exitCode})` } : {}),
  };
}
