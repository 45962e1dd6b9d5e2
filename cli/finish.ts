import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SECRET_KEY } from '../contract/profile.js';
import { annotateAllureResults } from '../reporting/allure-annotate.js';
import { renderAllure, startAllureRenderer, type AllureRenderer } from '../reporting/allure-render.js';
import { applyExpectations, assertKnownRules, loadExpectations } from '../reporting/expectations.js';
import { junitXml } from '../reporting/junit.js';
import { tally } from '../reporting/standing.js';
import { runDuration, runStart } from '../reporting/run-meta.js';
import { SummarySchema, type Summary } from '../contract/summary.js';
import { ConfigError } from '../run/config.js';
import { evidenceFromAllure } from '../reporting/verdict-evidence.js';
import { verdictPage, type RunIdentity } from '../reporting/verdict-page.js';
import { SPEC_PAGE } from '../reporting/spec-link.js';
import { specPage } from '../reporting/spec-page.js';
import { scorecard, verdict, type Verdict } from './scorecard.js';
import { filesUnder, scrubSecrets, secretMatcher, secretSweep, type Sweep } from './scrub.js';
import { projectRoot } from '../contract/root.js';

export const ROOT = projectRoot(import.meta.url);

export interface FinishOptions {
  reportsDir: string;
  summary: Summary;
  /** the expectations file to apply, if any */
  expectationsPath?: string;
  /** today (YYYY-MM-DD, UTC), against which expectations expire (run/config.ts todayOf); else the clock's */
  today?: string;
  /** a run of chosen rules (--rule): an expectation naming a rule it did not run is "not run", not refused */
  partial?: boolean;
  /** the profile's address of the spec (profile `specUrl`) */
  specUrl?: string;
  /** secret values to sweep from the reports */
  secrets: string[];
  log: (line: string) => void;
  /** a render worker started early (run starts it before vitest ends), else one is started here */
  renderer?: AllureRenderer;
  /** false: Allure's HTML view is not rendered, and the verdict page links to no Allure page */
  allure?: boolean;
  /** Allure results the run kept in memory (reporting/allure-reporter.ts `keep`): swept, then written to the results dir beside what is there */
  results?: ReadonlyMap<string, Buffer>;
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

/** A summary.json, validated against its schema (contract/summary.ts): a file that is not one is refused in one sentence. */
export function readSummaryFile(path: string): Summary {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(`${path} is not valid JSON (${(e as Error).message}).`);
  }
  const parsed = SummarySchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ConfigError(`${path} is not a summary.json of this suite (${issue.path.join('.') || 'the file'}: ${issue.message}).`);
}

/**
 * After the specs ran (or shards were merged): apply the expectations, compute the verdict,
 * write summary.json and junit.xml from one source, annotate the Allure results, sweep secrets,
 * render the report (verdict page + Allure), and print the scorecard.
 */
export async function finish(opts: FinishOptions): Promise<Verdict> {
  // Allure's core loads in its worker while the verdict, JUnit and the secret sweep run here
  const renderer = opts.allure === false ? undefined : (opts.renderer ?? startAllureRenderer());
  try {
    return await finishWith({ ...opts, renderer });
  } finally {
    await renderer?.close();
  }
}

async function finishWith(opts: FinishOptions): Promise<Verdict> {
  const { reportsDir, summary, log } = opts;
  if (opts.expectationsPath) {
    const file = loadExpectations(opts.expectationsPath);
    if (!summary.shard && !opts.partial) {
      const areas = summary.areas ?? [...new Set(summary.rules.map((r) => r.interface))];
      assertKnownRules(file, opts.expectationsPath, summary, areas);
    }
    summary.expectations = applyExpectations(summary, file, opts.expectationsPath, opts.today ?? new Date().toISOString().slice(0, 10));
    await copyFile(opts.expectationsPath, join(reportsDir, 'expectations.json'));
  }
  const commit = summary.commit ?? gitCommit();
  if (commit) summary.commit = commit;
  tally(summary);
  const v = verdict(summary);
  summary.verdict = { kind: v.kind, exitCode: v.exitCode, line: v.line, basis: verdictBasis(summary) };
  await writeFile(join(reportsDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(reportsDir, 'junit.xml'), junitXml(summary));
  await writeFile(
    join(reportsDir, 'run-info.json'),
    `${JSON.stringify({ suiteVersion: summary.suiteVersion, gitCommit: summary.commit, startedAt: summary.startedAt, seed: summary.seed, runId: summary.runId, node: process.version, platform: `${process.platform} ${process.arch}`, finishedAt: new Date().toISOString(), shard: summary.shard }, null, 2)}\n`,
  );
  // Secrets are swept from what the run wrote before anything is rendered from it: Allure embeds
  // its inputs base64-encoded at any offset, where no sweep of the rendered file could find them.
  // The results are read once: annotated, swept and written back (where that changed them) in
  // memory, and the same swept bytes feed the render and the verdict page.
  const resultsDir = join(reportsDir, 'allure-results');
  if (opts.results?.size) mkdirSync(resultsDir, { recursive: true });
  const inputs = secretSweep(opts.secrets);
  const { files, changed } = sweptResults(resultsDir, summary, inputs, opts.results);
  // every other file the run wrote under the reports dir, from disk
  const inMemory = new Set([...(files?.keys() ?? [])].map((name) => join(resultsDir, name)));
  const others = scrubSecrets(reportsDir, opts.secrets, filesUnder(reportsDir).filter((path) => !inMemory.has(path)));
  const matcher = secretMatcher(opts.secrets);
  const redact = (text: string) => matcher?.redact(text).text ?? text;
  // the rendered pages come from swept inputs; they are swept once more, whole, as plain text: each
  // file the render wrote from its bytes before they are written, any other file of the report dir
  // from disk
  const output = secretSweep(opts.secrets);
  const reportDir = join(reportsDir, 'allure-report');
  // what the annotation or the sweep changed goes back to disk while Allure renders from memory
  // (else here, after a render that did not start)
  let pending = files ? [...changed] : [];
  const writeBack = () => {
    for (const name of pending) writeFileSync(join(resultsDir, name), files!.get(name)!);
    pending = [];
  };
  const written = await renderReport(reportsDir, summary, v, opts.specUrl, { renderer: opts.renderer, files, redact, allure: opts.allure, sweep: output, alongside: writeBack }).catch((e: Error) => {
    log(`The HTML report could not be rendered: ${e.message.split('\n')[0]} (summary.json and junit.xml are complete).`);
    return new Set<string>();
  });
  writeBack();
  const rest = scrubSecrets(reportDir, opts.secrets, filesUnder(reportDir).filter((path) => !written.has(path)));
  const hits = inputs.hits + others.hits + output.hits + rest.hits;
  if (hits > 0) log(`Warning: ${hits} secret value(s) reached ${inputs.files + others.files + output.files + rest.files} report file(s) and were replaced; please report this suite defect.`);
  log(scorecard(summary, reportsDir));
  return v;
}

/**
 * The results dir's files by name, with those the run kept in memory (`kept`), annotated
 * (reporting/allure-annotate.ts) and swept, each read once, and the names of those to write:
 * the ones annotation or the sweep changed, and every one kept in memory (finish makes the dir
 * first). No files where there is no results dir. Synchronous on purpose (cli/scrub.ts): the files were
 * just written and sit in the page cache.
 */
function sweptResults(resultsDir: string, summary: Summary, sweep: Sweep, kept?: ReadonlyMap<string, Buffer>): { files?: Map<string, Buffer>; changed: Set<string> } {
  let names: string[];
  try {
    names = readdirSync(resultsDir, { withFileTypes: true }).filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name);
  } catch {
    return { changed: new Set() };
  }
  const files = new Map<string, Buffer>();
  for (const name of names) {
    try {
      files.set(name, readFileSync(join(resultsDir, name)));
    } catch {
      // not a file to read (gone, or a link to a dir): the sweep from disk looks at what it is
    }
  }
  for (const [name, bytes] of kept ?? []) files.set(name, bytes);
  const changed = annotateAllureResults(files, summary);
  for (const name of kept?.keys() ?? []) changed.add(name);
  for (const [name, bytes] of files) {
    const swept = sweep.bytes(bytes);
    if (swept === bytes) continue;
    files.set(name, swept);
    changed.add(name);
  }
  return { files, changed };
}

/** Allure results a run kept in memory, swept and written to `resultsDir`, for a run that ends without a summary to finish. */
export function writeKeptResults(resultsDir: string, kept: ReadonlyMap<string, Buffer>, secrets: string[]): void {
  if (kept.size === 0) return;
  mkdirSync(resultsDir, { recursive: true });
  const sweep = secretSweep(secrets);
  for (const [name, bytes] of kept) writeFileSync(join(resultsDir, name), sweep.bytes(bytes));
}

/** What the exit code is computed from (cli/scorecard.ts), in the counts summary.json carries. */
export function verdictBasis(summary: Summary): NonNullable<Summary['verdict']>['basis'] {
  const s = summary.standings!;
  return {
    rule: 'exit code 4 (NO VERDICT) when suiteErrors > 0 or judged = 0; else 1 (DOES NOT CONFORM) when counted > 0; else 0 (CONFORMS). counted = standings.fail + standings.broken; warnings and expected failures are never counted',
    counted: s.fail + s.broken,
    judged: summary.totals.pass + summary.totals.fail,
    suiteErrors: summary.suiteErrors.length,
    warnings: s.warning,
    expected: s.expected,
  };
}

/** What `finish` hands the render: a worker already loading Allure, the swept results, the redactor, the sweep. */
export interface RenderInputs {
  renderer?: AllureRenderer;
  /** the results dir's files by name, as the secret sweep read them */
  files?: Map<string, Buffer>;
  /** applied to what the render takes from the summary (report name, environment) */
  redact?: (text: string) => string;
  /** false: no Allure view is rendered */
  allure?: boolean;
  /** every file the render writes goes through it first */
  sweep?: Sweep;
  /** work of this thread to do while Allure renders in its worker (once it has its inputs) */
  alongside?: () => void;
}

/**
 * allure-report/index.html is the verdict page; Allure 3's own view is allure-report/allure.html beside it.
 * Resolves to the files written (as `inputs.sweep` handed them back), by path.
 */
export async function renderReport(reportsDir: string, summary: Summary, v: Verdict, specUrl?: string, inputs: RenderInputs = {}): Promise<Set<string>> {
  const reportDir = join(reportsDir, 'allure-report');
  const resultsDir = join(reportsDir, 'allure-results');
  const redact = inputs.redact ?? ((text: string) => text);
  const sweep = inputs.sweep;
  const written = new Set<string>();
  // Allure's headline is the report name: it says the verdict
  const allure = async () => {
    if (!existsSync(resultsDir) || inputs.allure === false) return;
    const environment = Object.fromEntries(Object.entries(environmentOf(summary)).map(([k, value]) => [k, redact(value)]));
    const run = { startedAt: summary.startedAt, durationMs: summary.durationMs };
    const options = { resultsDir, reportDir, reportName: redact(`${v.kind} · Secure Messaging conformance: ${summary.target.url}`), environment, files: inputs.files, run, sweep: sweep?.bytes, alongside: inputs.alongside };
    const paths = await (inputs.renderer ? inputs.renderer.render(options) : renderAllure(options));
    await rename(join(reportDir, 'index.html'), join(reportDir, 'allure.html'));
    for (const path of paths) written.add(join(reportDir, path === 'index.html' ? 'allure.html' : path));
  };
  const needEvidence = new Set(summary.rules.filter((r) => r.outcome === 'fail' || r.outcome === 'broken' || r.expectation).map((r) => r.id));
  // the verdict page is built while Allure renders in its worker; it is written once Allure has
  // swapped its output dir in (the swap replaces the whole dir)
  const [rendered, evidence] = await Promise.all([allure().then(() => undefined, (e: Error) => e), evidenceFromAllure(resultsDir, needEvidence, inputs.files)]);
  const pages = {
    'index.html': verdictPage({ summary, verdict: { kind: v.kind, line: v.line, notCovered: v.notCovered }, evidence, specUrl, run: runIdentity(reportsDir), ...(inputs.allure === false ? { allureHref: '' } : {}) }),
    [SPEC_PAGE]: specPage({ summary, specUrl }),
  };
  await mkdir(reportDir, { recursive: true });
  for (const [name, html] of Object.entries(pages)) {
    await writeFile(join(reportDir, name), sweep ? sweep.text(html) : html);
    written.add(join(reportDir, name));
  }
  if (rendered) throw rendered;
  return written;
}

/** What the verdict page says of its run: run-info.json, the profile's digest, the files beside it. */
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
    // the run's identity as the verdict page and junit.xml state it
    ...(summary.startedAt ? { started: runStart(summary.startedAt) } : {}),
    duration: runDuration(summary.durationMs),
    ...(summary.commit ? { commit: summary.commit } : {}),
    // Allure cuts long metadata values: the verdict and its exit code; the page and summary.json say why
    ...(summary.verdict ? { verdict: `${summary.verdict.kind} (exit code ${summary.verdict.exitCode})` } : {}),
  };
}
