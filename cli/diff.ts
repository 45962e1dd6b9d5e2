import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, reportsDirOf } from '../run/config.js';
import { diffTargets } from '../tools/diff/engine.js';
import { headline, verdictOf } from '../tools/diff/report.js';
import { openSide, type DiffSide } from '../tools/diff/targets.js';
import { commandUsage } from './usage.js';
import { writeDiffReports } from '../tools/diff/write.js';
import { suiteVersion } from '../run/run-context.js';
import { gitCommit } from './finish.js';


const int = (flag: string, text: string | undefined, fallback: number, min: number, max: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) throw new ConfigError(`${flag} is "${text}", but it must be a whole number from ${min} to ${max}.`);
  return Number(text);
};

/** `diff`: returns the exit code. */
export async function diffCommand(args: string[], log: (line: string) => void = console.log, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      target: { type: 'string' },
      profile: { type: 'string' },
      against: { type: 'string' },
      'against-profile': { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      steps: { type: 'string' },
      findings: { type: 'string' },
      reports: { type: 'string' },
      'no-rules': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    log(commandUsage('diff'));
    return 0;
  }
  if (values.target === undefined) throw new ConfigError('diff needs --target (a URL or reference[:variant]).');
  if (values.against === undefined) throw new ConfigError('diff needs --against (a URL or reference[:variant]).');
  const seed = int('--seed', values.seed, Math.floor(Math.random() * 2 ** 31), 0, 2 ** 31 - 1);
  const runs = int('--runs', values.runs, 50, 1, 10_000);
  const maxSteps = int('--steps', values.steps, 16, 1, 200);
  const maxFindings = int('--findings', values.findings, 8, 1, 100);
  const sides: DiffSide[] = [];
  try {
    sides.push(await openSide(values.target, values.profile, '--target', env));
    sides.push(await openSide(values.against, values['against-profile'], '--against', env));
    log(`Diffing ${values.target} against ${values.against} (seed ${seed}, ${runs} sequences per search)…`);
    const result = await diffTargets(sides as [DiffSide, DiffSide], { seed, runs, maxSteps, maxFindings, rules: !values['no-rules'], timeLimitMs: 120_000, log });
    const dir = resolve(reportsDirOf({ env, flags: { reportsDir: values.reports } }), 'diff');
    // the run's identity, as the verdict page shows it: the suite's version and commit
    Object.assign(result, { suiteVersion: suiteVersion(), gitCommit: gitCommit() });
    const files = writeDiffReports(dir, result, sides.flatMap((s) => s.secrets));
    log(headline(result));
    result.findings.forEach((f, i) => log(`  ${i + 1}. ${verdictOf(f).replace(/`/g, '')} [${f.sequence.join('; ')}]`));
    log(`Written: ${files.join(', ')}`);
    return result.exitCode;
  } finally {
    await Promise.all(sides.map((s) => s.close()));
  }
}
