import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../run/config.js';
import { startReferenceTarget } from '../run/run-context.js';

/**
 * `serve --judge [--reports DIR] [--for SECONDS]`: the reference, behind a front that records
 * every exchange a client makes and judges them against the client rules when the client is done
 * (judge/serve-judge.ts). The profile written for the client names the front.
 */
export async function serveJudge(flags: { port?: string; host?: string; profileOut?: string; reports?: string; forSeconds?: string }, log: (line: string) => void = console.log): Promise<number> {
  const seconds = flags.forSeconds === undefined ? undefined : Number(flags.forSeconds);
  if (seconds !== undefined && !(Number.isFinite(seconds) && seconds > 0)) throw new ConfigError(`--for is "${flags.forSeconds}"; give a number of seconds above 0.`);
  const { reference } = await startReferenceTarget(process.env, { port: 0, host: flags.host });
  const { judgeTraffic, FINISH_PATH } = await import('../judge/serve-judge.js');
  const front = await judgeTraffic({
    upstream: reference.url,
    recordSmtp: (sink) => reference.recordSmtp(sink),
    profile: reference.profile,
    port: flags.port ? Number(flags.port) : 0,
    host: flags.host,
    reportsDir: flags.reports ?? 'reports/client',
    forSeconds: seconds,
    log,
    // the reports a run writes (verdict page, summary.json, JUnit, Allure)
    report: async (exchanges, profile, startedAt) => (await import('./judge-reports.js')).writeJudgementReports({ by: 'serve --judge', exchanges, profile, reportsDir: flags.reports ?? 'reports/client', startedAt, log }),
  });
  const profilePath = resolve(flags.profileOut ?? 'reference.profile.json');
  writeFileSync(profilePath, `${JSON.stringify({ ...reference.profile, baseUrl: front.url }, null, 2)}\n`, { mode: 0o600 });
  log(`Reference server judging its clients at ${front.url} (variant ${reference.state.variant.describe()})`);
  log(`Profile (with this instance's account secrets) written to ${profilePath}`);
  log(`SMTP gateway (recorded too) at ${reference.smtp.host}:${reference.smtp.port}`);
  log(`Point your client at ${front.url}; when it is done: Ctrl-C, POST ${front.url}${FINISH_PATH}${seconds ? `, or wait ${seconds} s` : ''}.`);
  const code = await front.done;
  await reference.close();
  return code;
}
