import { existsSync } from 'node:fs';
import { rulesInSection, type SpecRule } from '../contract/spec/coverage.js';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { ConfigError, expectationsPathOf, targetGiven, todayOf, type LoadOptions } from '../run/config.js';
import { BUNDLE_FILES, bundleSpecFiles, shardOf, specFilesUnder } from '../run/bundles.js';
import { openRun, type OpenRun } from '../run/run-context.js';
import type { ThreadedReference } from '../run/reference-thread/index.js';
import { suiteTestConfig } from '../run/vitest-options.js';
import { compiledHarness, distOf } from '../run/compiled-harness.js';
import { startAllureRenderer, type AllureRenderer } from '../reporting/allure-render.js';
import { loadExpectations } from '../reporting/expectations.js';
import type { Summary } from '../contract/summary.js';
import { finish, readSummaryFile, redactedProfile, ROOT, writeKeptResults } from './finish.js';
import { probe } from './preflight.js';
import { printExchanges } from './replay.js';
import { EXIT } from './scorecard.js';

export interface RunResult {
  exitCode: number;
  summary?: Summary;
  /** milliseconds spent in each phase, for `npm run bench` */
  timings?: Record<string, number>;
  /** CPU milliseconds (user + system, all threads of the process) of each phase */
  cpu?: Record<string, number>;
}

/** What `run` takes beyond the profile: sharding, one rule alone, expectations. */
export interface RunExtras {
  /** `i/n`: run the i-th of n deterministic parts (vitest shards whole spec files) */
  shard?: string;
  /** a rule id: run that rule alone and print its exchanges; several, comma-separated: run exactly those */
  rule?: string;
  /** a spec anchor or section (`§4.4/DeleteMessage`, `§4.3`): run exactly the rules anchored there */
  section?: string;
  /** an expectations file (also SMS_EXPECTATIONS, or the profile's `expectations`) */
  expectations?: string;
  /** false: Allure's HTML view is not rendered (allure-results, the verdict page, summary.json and junit.xml still are) */
  allure?: boolean;
  /** the embedded reference, already starting (cli/main.ts starts it before the run's modules load); used where no target is given */
  reference?: Promise<ThreadedReference>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rules anchored to a passage of the spec, or a one-sentence refusal naming the passage. */
function selectSection(section: string): readonly SpecRule[] {
  if (!/^§?\d+(\.\d+)*(\/\S+)?$/.test(section)) throw new ConfigError(`--section is "${section}", but it must be a spec section or anchor such as §4.4 or §4.4/DeleteMessage.`);
  const found = rulesInSection(section);
  if (found.length === 0) throw new ConfigError(`--section ${section} names no passage any rule is anchored to; docs/coverage.md lists every anchor and its rules.`);
  return found;
}

/** The spec files that hold the named rules, where the catalogue knows each of them (else the areas' folders are collected, and an unknown id is named after the run). */
function specFilesOf(ruleIds: readonly string[] | undefined, sectionRules: readonly SpecRule[] | undefined): string[] | undefined {
  const rules = sectionRules ?? ruleIds?.map((id) => SPEC_RULES.find((r) => r.id === id));
  if (!rules || rules.some((r) => r === undefined || !existsSync(join(ROOT, r.file)))) return undefined;
  return [...new Set(rules.map((r) => r!.file))];
}

/** `run`: resolve the target, check it answers, run the specs, write and render the reports. */
export async function run(options: LoadOptions, log: (line: string) => void = console.log, extras: RunExtras = {}): Promise<RunResult> {
  const { env, flags = {} } = options;
  if (extras.shard && !/^[1-9]\d*\/[1-9]\d*$/.test(extras.shard)) throw new ConfigError(`--shard is "${extras.shard}", but it must be i/n with 1 ≤ i ≤ n, e.g. 1/3.`);
  if (extras.shard && Number(extras.shard.split('/')[0]) > Number(extras.shard.split('/')[1])) throw new ConfigError(`--shard is "${extras.shard}", but i must not exceed n.`);
  // --rule: one rule id, or several separated by commas (the fault rounds of selftest/conformance-run.test.ts run only the rules of a round)
  const ruleIds = extras.rule?.split(',').map((id) => id.trim()).filter(Boolean);
  if (ruleIds && (ruleIds.length === 0 || ruleIds.some((id) => !/^[a-z-]+(\.[a-z0-9-]+)+$/.test(id)))) {
    throw new ConfigError(`--rule is "${extras.rule}", but it must be a rule id such as token.credentials.invalid, or several separated by commas.`);
  }
  // an id the catalogue does not know is refused before anything starts (the catalogue is the specs' rules, npm run docs)
  const unknownIds = (ruleIds ?? []).filter((id) => !SPEC_RULES.some((r) => r.id === id));
  if (unknownIds.length > 0) throw new ConfigError(`There is no rule ${unknownIds.join(', ')} in the suite (contract/spec/rules.ts lists every rule id; after adding a rule, npm run docs lists it).`);
  const ruleArea = ruleIds ? [...new Set(ruleIds.map((id) => id.split('.')[0]))].join(',') : undefined;
  // --section: the rules anchored to the passage (contract/spec/rules.ts), in their areas only
  const sectionRules = extras.section === undefined ? undefined : selectSection(extras.section);
  const narrowed = ruleArea ?? (sectionRules ? [...new Set(sectionRules.map((r) => r.interface))].join(',') : undefined);
  // wall and CPU (user + system, every thread of this process) per phase, for `npm run bench`;
  // the first phase is the process's own start (node, tsx, the CLI's imports)
  const timings: Record<string, number> = { 'CLI start (node, tsx, imports)': Math.round(performance.now()) };
  const started = process.cpuUsage();
  const cpu: Record<string, number> = { 'CLI start (node, tsx, imports)': Math.round((started.user + started.system) / 1000) };
  let lap = performance.now();
  let cpuLap = started;
  const phase = (name: string) => {
    const now = performance.now();
    const used = process.cpuUsage(cpuLap);
    timings[name] = Math.round(now - lap);
    cpu[name] = Math.round((used.user + used.system) / 1000);
    lap = now;
    cpuLap = process.cpuUsage();
  };
  if (extras.shard && !targetGiven(options)) log('Note: each shard without --target starts its own reference server; merge compares verdicts, not data.');
  // vitest loads on this thread while the embedded reference starts on its own (run/reference-thread/)
  const vitestNode = import('vitest/node');
  vitestNode.catch(() => undefined);
  // the run, resolved once: settings, profile, limits (and the embedded reference when no target is given)
  const opened: OpenRun = await openRun(narrowed ? { env, flags: { ...flags, areas: narrowed } } : options, extras.reference);
  const { profile, settings, secrets } = opened.context;
  if (opened.reference) log(`Started the embedded reference server at ${opened.reference.url} (no target given).`);
  let renderer: AllureRenderer | undefined;
  phase('reference start');
  try {
    const expectationsPath = expectationsPathOf({ env, flags: { ...flags, expectations: extras.expectations } }, profile);
    // a malformed expectations file is refused before the run, not after it
    if (expectationsPath) loadExpectations(expectationsPath);
    const unreachable = await probe(profile);
    if (unreachable) {
      log(unreachable);
      return { exitCode: EXIT.unreachable };
    }
    const { reportsDir } = settings;
    for (const part of ['allure-results', 'allure-report', 'summary.json', 'junit.xml', 'profile.json', 'expectations.json', 'run-info.json']) {
      await rm(join(reportsDir, part), { recursive: true, force: true });
    }
    const named = ruleIds && (ruleIds.length === 1 ? `rule ${ruleIds[0]}` : `${ruleIds.length} rules (${ruleIds.slice(0, 3).join(', ')}${ruleIds.length > 3 ? ', …' : ''})`);
    log(`Running ${named ? named : sectionRules ? `the ${sectionRules.length} rule(s) of ${extras.section}` : settings.areas.join(', ')}${extras.shard ? `, shard ${extras.shard}` : ''} against ${profile.baseUrl} (seed ${settings.seed}, run ${settings.runId})…`);
    // --rule and --section collect only the spec files of their rules (contract/spec/rules.ts), not every file of the areas
    const filters = specFilesOf(ruleIds, sectionRules) ?? settings.areas.map((a) => `specs/${a}/`).filter((f) => existsSync(join(ROOT, f)));
    if (filters.length === 0) {
      log(`No spec folder exists for ${settings.areas.join(', ')}; nothing to run.`);
      return { exitCode: EXIT.configurationRefused };
    }
    // the spec files (a shard's share of them), dealt into a bundle per worker (run/bundles.ts)
    const specFiles = specFilesUnder(ROOT, filters);
    const chosen = extras.shard ? shardOf(specFiles, extras.shard) : specFiles;
    if (chosen.length === 0) {
      log(`No spec file to run${extras.shard ? ` in shard ${extras.shard} (the run has ${specFiles.length})` : ` under ${filters.join(', ')}`}.`);
      return { exitCode: EXIT.configurationRefused };
    }
    const bundles = bundleSpecFiles(chosen, opened.plan.workers);
    phase('preflight and setup');
    // Allure's report core loads in its worker thread while the specs run (about a second of CPU
    // that would otherwise stand between the last test and the report)
    if (extras.allure !== false) renderer = startAllureRenderer();
    // the configuration vitest.config.ts gives a bare run, with this run's context provided inline
    // (no config file is read, so nothing is resolved twice)
    const { startVitest } = await vitestNode;
    // run from dist/, the CLI has the workers load the compiled harness too (run/compiled-harness.ts)
    const dist = distOf(import.meta.url, ROOT);
    const compiled = dist ? compiledHarness(ROOT, dist) : undefined;
    // the Allure results stay in memory until finish() has swept them and writes them (cli/finish.ts)
    const allureResults = new Map<string, Buffer>();
    const vitest = await startVitest(
      'test',
      BUNDLE_FILES.slice(0, bundles.length),
      {
        root: ROOT,
        config: false,
        watch: false,
        ...suiteTestConfig({ reportsDir, plan: opened.plan, context: opened.context, bundles, allureResults, external: compiled && [compiled.external] }),
        ...(ruleIds ? { testNamePattern: new RegExp(`\\[(?:${ruleIds.map(escapeRegExp).join('|')})\\]$`) } : {}),
        ...(sectionRules ? { testNamePattern: new RegExp(`\\[(?:${sectionRules.map((r) => escapeRegExp(r.id)).join('|')})\\]$`) } : {}),
      },
      compiled ? { plugins: [compiled.plugin] } : {},
      {},
    );
    await vitest.close();
    phase('vitest (start, specs, reporters)');

    const summaryPath = join(reportsDir, 'summary.json');
    if (!existsSync(summaryPath)) {
      writeKeptResults(join(reportsDir, 'allure-results'), allureResults, secrets);
      log('The run ended without writing summary.json: the suite itself failed (see the messages above).');
      return { exitCode: EXIT.noVerdict };
    }
    const summary = readSummaryFile(summaryPath);
    if (extras.shard) summary.shard = extras.shard;
    const unknown = (ruleIds ?? []).filter((id) => !summary.rules.some((r) => r.id === id));
    if (unknown.length > 0) {
      throw new ConfigError(`There is no rule ${unknown.join(', ')} in specs/${[...new Set(unknown.map((id) => id.split('.')[0]))].join(', specs/')}/; the rule ids are listed in summary.json of a full run.`);
    }
    // the profile as shown in reports and bundles: every secret replaced
    await writeFile(join(reportsDir, 'profile.json'), `${JSON.stringify(redactedProfile(profile), null, 2)}\n`);
    const v = await finish({ reportsDir, summary, expectationsPath, today: todayOf(env), partial: !!extras.rule, specUrl: profile.specUrl, secrets, log, renderer, allure: extras.allure, results: allureResults });
    phase('secret sweep, reports and Allure render');
    const slowDown = summary.rateLimited;
    if (slowDown && slowDown.responses > 0) {
      log(`The target asked to slow down ${slowDown.responses} time(s) (429/503 with Retry-After); ${slowDown.retried} request(s) were sent again after the wait (see limits.requestsPerSecond).`);
    }
    if (ruleIds?.length === 1) await printExchanges(join(reportsDir, 'allure-results'), ruleIds[0]!, log);
    return { exitCode: v.exitCode, summary, timings, cpu };
  } finally {
    await renderer?.close();
    await opened.close();
  }
}

export { environmentOf } from './finish.js';
