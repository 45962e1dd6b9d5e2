import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { config as loadDotenv } from 'dotenv';
import { benchTimings, ConfigError, reportsDirOf, targetGiven, todayOf, type LoadOptions } from '../run/config.js';
import { startReferenceThread } from '../run/reference-thread/index.js';
import { EXIT, verdict } from './scorecard.js';
import { asksHelp, commandUsage, COMMANDS, USAGE } from './usage.js';

async function main(argv: string[]): Promise<number> {
  loadDotenv({ quiet: true });
  const [first, ...rest] = argv;
  // `<command> --help`, `<command> -h`, `help <command>`: that command's usage and exit codes, whatever else is given
  const asked = first === 'help' ? rest[0] : first !== undefined && asksHelp(rest) ? first : undefined;
  if (asked !== undefined && Object.hasOwn(COMMANDS, asked)) {
    console.log(commandUsage(asked));
    return EXIT.conforms;
  }
  const command = first === '--help' || first === '-h' || first === 'help' ? undefined : first;
  if (command !== undefined && !Object.hasOwn(COMMANDS, command)) throw new ConfigError(`Unknown command "${command}"; use ${Object.keys(COMMANDS).join(', ')} (each answers --help).`);
  // each command loads only its own modules: a run's start is on the clock
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
      'no-allure': { type: 'boolean' },
      judge: { type: 'boolean' },
      for: { type: 'string' },
      upstream: { type: 'string' },
      listen: { type: 'string' },
      ledger: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !command) {
    console.log(USAGE);
    return command ? EXIT.conforms : EXIT.configurationRefused;
  }
  // flags and environment as every command reads them; run resolves the rest once (run/run-context.ts)
  const options: LoadOptions = {
    env: process.env,
    flags: { target: values.target, profile: values.profile, areas: values.area, seed: values.seed, reportsDir: values.reports },
  };
  switch (command) {
    case 'run': {
      // no target given: the embedded reference starts in its thread while this one loads the run's modules
      const reference = targetGiven(options) ? undefined : startReferenceThread();
      reference?.catch(() => undefined); // told by the run, which awaits it
      const { run } = await import('./run.js');
      const result = await run(
        options,
        console.log,
        { shard: values.shard, rule: values.rule, section: values.section, expectations: values.expectations, allure: !values['no-allure'], reference },
      );
      // `npm run bench` reads where the time went
      if (benchTimings(options.env) && result.timings) console.error(`timings ${JSON.stringify(result.timings)}\ncpu ${JSON.stringify(result.cpu ?? {})}`);
      return result.exitCode;
    }
    case 'serve':
      if (values.judge) return (await import('./serve-judge.js')).serveJudge({ port: values.port, host: values.host, profileOut: values['profile-out'], reports: values.reports, forSeconds: values.for });
      await (await import('./serve.js')).serve({ port: values.port, host: values.host, profileOut: values['profile-out'] });
      return -1;
    case 'observe':
      return (await import('./observe.js')).observeCommand({ upstream: values.upstream, listen: values.listen, host: values.host, reports: values.reports, forSeconds: values.for, profile: values.profile, profileOut: values['profile-out'], ledger: values.ledger, allure: !values['no-allure'] });
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
      return (await import('./merge.js')).merge(positionals, { out: reportsDirOf(options), expectations: values.expectations, today: todayOf(options.env), log: console.log });
    case 'bundle':
      return (await import('./bundle.js')).bundle({ reportsDir: reportsDirOf(options), out: values.out, profile: values.profile, log: console.log });
    case 'verify':
      if (positionals.length !== 1) throw new ConfigError('verify needs one bundle: verify FILE.');
      return (await import('./bundle.js')).verify(positionals[0]!, console.log);
    default:
      throw new ConfigError(`Unknown command "${command}"; use ${Object.keys(COMMANDS).join(', ')} (each answers --help).`);
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
