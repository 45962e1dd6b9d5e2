import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import { ProfileSchema, profileSecrets, type Profile } from '../contract/profile.js';
import { loadProfile, loadRunSettings, withLimitEnv, type LoadOptions } from '../harness/config.js';
import { renderAllure } from '../harness/reporting/allure-render.js';
import type { Summary } from '../harness/reporting/summary-reporter.js';
import { probe } from './preflight.js';
import { scorecard, verdict } from './scorecard.js';
import { scrubSecrets } from './scrub.js';

const ROOT = resolve(new URL('..', import.meta.url).pathname);

export interface RunResult {
  exitCode: number;
  summary?: Summary;
  /** milliseconds spent in each phase, for `npm run bench` */
  timings?: Record<string, number>;
}

/** `run`: resolve the target, check it answers, run the specs, write and render the reports. */
export async function run(options: LoadOptions, log: (line: string) => void = console.log): Promise<RunResult> {
  const { env, flags = {} } = options;
  const settings = loadRunSettings(options);
  const timings: Record<string, number> = {};
  let lap = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - lap);
    lap = now;
  };
  const remote = Boolean(flags.target ?? flags.profile ?? env.SMS_TARGET ?? env.SMS_PROFILE);
  let profile: Profile;
  let stop: (() => Promise<void>) | undefined;
  if (remote) {
    profile = loadProfile(options);
  } else {
    const { start } = await import('../reference/server.js');
    const reference = await start();
    profile = ProfileSchema.parse(withLimitEnv(reference.profile, env));
    stop = reference.close;
    log(`Started the embedded reference server at ${reference.url} (no target given).`);
  }
  try {
    phase('reference start');
    const unreachable = await probe(profile);
    if (unreachable) {
      log(unreachable);
      return { exitCode: 3 };
    }
    const reportsDir = resolve(settings.reportsDir);
    for (const part of ['allure-results', 'allure-report', 'summary.json', 'junit.xml']) await rm(join(reportsDir, part), { recursive: true, force: true });

    Object.assign(process.env, {
      SMS_RESOLVED_PROFILE: JSON.stringify(profile),
      SMS_REPORTS_DIR: reportsDir,
      SMS_SEED: String(settings.seed),
      SMS_RUN_ID: settings.runId,
      SMS_AREAS: settings.areas.join(','),
      SMS_REQUEST_TIMEOUT_MS: String(settings.requestTimeoutMs),
      SMS_EVENTUALLY_TIMEOUT_MS: String(settings.eventuallyTimeoutMs),
      SMS_PROPERTY_RUNS: String(settings.propertyRuns),
    });
    log(`Running ${settings.areas.join(', ')} against ${profile.baseUrl} (seed ${settings.seed}, run ${settings.runId})…`);
    const filters = settings.areas.map((a) => `specs/${a}/`).filter((f) => existsSync(join(ROOT, f)));
    if (filters.length === 0) {
      log(`No spec folder exists for ${settings.areas.join(', ')}; nothing to run.`);
      return { exitCode: 2 };
    }
    phase('preflight and setup');
    const vitest = await startVitest('test', filters, { root: ROOT, config: join(ROOT, 'vitest.config.ts'), watch: false }, {}, {});
    await vitest.close();
    delete process.env.SMS_RESOLVED_PROFILE;
    phase('vitest (start, specs, reporters)');

    const summaryPath = join(reportsDir, 'summary.json');
    if (!existsSync(summaryPath)) {
      log('The run ended without writing summary.json: the suite itself failed (see the messages above).');
      return { exitCode: 2 };
    }
    const scrubbed = await scrubSecrets(reportsDir, profileSecrets(profile));
    if (scrubbed.hits > 0) log(`Warning: ${scrubbed.hits} secret value(s) reached ${scrubbed.files} report file(s) and were replaced; please report this suite defect.`);
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as Summary;
    phase('secret sweep');
    await renderAllure({
      resultsDir: join(reportsDir, 'allure-results'),
      reportDir: join(reportsDir, 'allure-report'),
      reportName: `Secure Messaging conformance: ${profile.baseUrl}`,
      environment: environmentOf(summary),
    }).catch((e: Error) => log(`The HTML report could not be rendered: ${e.message.split('\n')[0]} (summary.json and junit.xml are complete).`));
    phase('Allure render');
    const slowDown = summary.rateLimited;
    if (slowDown && slowDown.responses > 0) {
      log(`The target asked to slow down ${slowDown.responses} time(s) (429/503 with Retry-After); ${slowDown.retried} request(s) were sent again after the wait (see limits.requestsPerSecond).`);
    }
    log(scorecard(summary, settings.reportsDir));
    return { exitCode: verdict(summary).ok ? 0 : 1, summary, timings };
  } finally {
    await stop?.();
  }
}

export function environmentOf(summary: Summary): Record<string, string> {
  return {
    target: summary.target.url,
    edition: summary.target.edition,
    release: summary.target.release,
    suiteVersion: summary.suiteVersion,
    seed: String(summary.seed),
    runId: summary.runId,
  };
}
