import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { config as loadDotenv } from 'dotenv';
import { ConfigError } from '../harness/config.js';
import { renderAllure } from '../harness/reporting/allure-render.js';
import type { Summary } from '../harness/reporting/summary-reporter.js';
import { environmentOf, run } from './run.js';
import { serve } from './serve.js';

const USAGE = `Usage:
  secure-messaging-conformance run [--target URL] [--profile FILE] [--area token,...] [--seed N] [--reports DIR]
  secure-messaging-conformance serve [--port N] [--host H] [--profile-out FILE]
  secure-messaging-conformance report [--reports DIR]
With no target, run starts the embedded reference server and runs against it.
Every option also has an environment variable (see .env.example).`;

async function main(argv: string[]): Promise<number> {
  loadDotenv({ quiet: true });
  const [first, ...rest] = argv;
  const command = first === '--help' || first === '-h' || first === 'help' ? undefined : first;
  if (first !== command) {
    console.log(USAGE);
    return 0;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      target: { type: 'string' },
      profile: { type: 'string' },
      area: { type: 'string' },
      seed: { type: 'string' },
      reports: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'profile-out': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  switch (command) {
    case 'run': {
      const result = await run({
        env: process.env,
        flags: { target: values.target, profile: values.profile, areas: values.area, seed: values.seed, reportsDir: values.reports },
      });
      // `npm run bench` reads where the time went
      if (process.env.SMS_BENCH_TIMINGS && result.timings) console.error(`timings ${JSON.stringify(result.timings)}`);
      return result.exitCode;
    }
    case 'serve':
      await serve({ port: values.port, host: values.host, profileOut: values['profile-out'] });
      return -1;
    case 'report': {
      const dir = resolve(values.reports ?? process.env.SMS_REPORTS_DIR ?? 'reports');
      const summaryPath = join(dir, 'summary.json');
      if (!existsSync(summaryPath)) throw new ConfigError(`There is no ${summaryPath} to render; run the suite first (npm run conformance).`);
      const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as Summary;
      await renderAllure({ resultsDir: join(dir, 'allure-results'), reportDir: join(dir, 'allure-report'), reportName: `Secure Messaging conformance: ${summary.target.url}`, environment: environmentOf(summary) });
      console.log(`Rendered ${join(dir, 'allure-report', 'index.html')}`);
      return 0;
    }
    default:
      throw new ConfigError(`Unknown command "${command}"; use run, serve or report.`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e: Error & { code?: string }) => {
    // configuration mistakes are one sentence; anything else is a suite defect and shows its stack
    if (e instanceof ConfigError || e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      console.error(`secure-messaging-conformance: ${e.message}`);
      process.exit(2);
    }
    console.error(e);
    process.exit(2);
  },
);
