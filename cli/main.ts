import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { config as loadDotenv } from 'dotenv';
import { ConfigError, reportsDirOf, type LoadOptions } from '../harness/config.js';
import { EXIT, verdict } from './scorecard.js';

const USAGE = `Usage:
  secure-messaging-conformance run [--target URL] [--profile FILE] [--area token,...] [--seed N] [--reports DIR]
                                   [--expectations FILE] [--shard i/n] [--rule ID] [--section §4.4/DeleteMessage]
  secure-messaging-conformance serve [--port N] [--host H] [--profile-out FILE]
  secure-messaging-conformance report [--reports DIR]
  secure-messaging-conformance compare BEFORE AFTER [MORE...] [--out DIR]
  secure-messaging-conformance merge DIR... [--reports OUT] [--expectations FILE]
  secure-messaging-conformance bundle [--reports DIR] [--out FILE] [--profile FILE]
  secure-messaging-conformance verify FILE
  secure-messaging-conformance discover [--target URL] [--profile MINIMAL.json] [--out PROFILE.json]
  secure-messaging-conformance diff --target A [--profile PA] --against B [--against-profile PB] [--seed N] [--runs K]
With no target, run starts the embedded reference server and runs against it.
Every option also has an environment variable (see .env.example).
Exit codes: 0 conforms, 1 does not conform (or compare: a regression; verify: a file changed),
2 configuration refused, 3 target unreachable, 4 no verdict.`;

async function main(argv: string[]): Promise<number> {
  loadDotenv({ quiet: true });
  const [first, ...rest] = argv;
  const command = first === '--help' || first === '-h' || first === 'help' ? undefined : first;
  // each command loads only its own modules: a run's start is on the clock (issue 17)
  if (command === 'discover') return (await import('./discover.js')).discoverCommand(rest);
  if (first !== command) {
    console.log(USAGE);
    return 0;
  }
  if (command === 'diff') return (await import('./diff.js')).diffCommand(rest);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: ['compare', 'merge', 'verify'].includes(command ?? ''),
    options: {
      target: { type: 'string' },
      profile: { type: 'string' },
      area: { type: 'string' },
      seed: { type: 'string' },
      reports: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'profile-out': { type: 'string' },
      expectations: { type: 'string' },
      shard: { type: 'string' },
      rule: { type: 'string' },
      section: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !command) {
    console.log(USAGE);
    return command ? EXIT.conforms : EXIT.configurationRefused;
  }
  // flags and environment as every command reads them; run resolves the rest once (harness/run-context.ts)
  const options: LoadOptions = {
    env: process.env,
    flags: { target: values.target, profile: values.profile, areas: values.area, seed: values.seed, reportsDir: values.reports },
  };
  switch (command) {
    case 'run': {
      const { run } = await import('./run.js');
      const result = await run(
        options,
        console.log,
        { shard: values.shard, rule: values.rule, section: values.section, expectations: values.expectations },
      );
      // `npm run bench` reads where the time went
      if (process.env.SMS_BENCH_TIMINGS && result.timings) console.error(`timings ${JSON.stringify(result.timings)}\ncpu ${JSON.stringify(result.cpu ?? {})}`);
      return result.exitCode;
    }
    case 'serve':
      await (await import('./serve.js')).serve({ port: values.port, host: values.host, profileOut: values['profile-out'] });
      return -1;
    case 'report': {
      const { readSummaryFile, renderReport } = await import('./finish.js');
      const dir = resolve(reportsDirOf(options));
      const summaryPath = join(dir, 'summary.json');
      if (!existsSync(summaryPath)) throw new ConfigError(`There is no ${summaryPath} to render; run the suite first (npm run conformance).`);
      const summary = readSummaryFile(summaryPath);
      const profilePath = join(dir, 'profile.json');
      const specUrl = existsSync(profilePath) ? (JSON.parse(readFileSync(profilePath, 'utf8')) as { specUrl?: string }).specUrl : undefined;
      await renderReport(dir, summary, verdict(summary), specUrl);
      console.log(`Rendered ${join(dir, 'allure-report', 'index.html')} (the verdict) and allure.html beside it`);
      return EXIT.conforms;
    }
    case 'compare':
      return (await import('./compare.js')).compareCommand(positionals, { outDir: values.out, log: console.log });
    case 'merge':
      return (await import('./merge.js')).merge(positionals, { out: reportsDirOf(options), expectations: values.expectations, log: console.log });
    case 'bundle':
      return (await import('./bundle.js')).bundle({ reportsDir: reportsDirOf(options), out: values.out, profile: values.profile, log: console.log });
    case 'verify':
      if (positionals.length !== 1) throw new ConfigError('verify needs one bundle: verify FILE.');
      return (await import('./bundle.js')).verify(positionals[0]!, console.log);
    default:
      throw new ConfigError(`Unknown command "${command}"; use run, serve, report, compare, merge, bundle or verify.`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e: Error & { code?: string }) => {
    // configuration mistakes are one sentence; anything else is a suite defect and shows its stack
    if (e instanceof ConfigError || e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' || e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      console.error(`secure-messaging-conformance: ${e.message}`);
      process.exit(EXIT.configurationRefused);
    }
    // a suite defect, not a verdict
    console.error(e);
    process.exit(EXIT.noVerdict);
  },
);
