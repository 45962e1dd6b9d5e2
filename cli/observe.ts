import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ProfileInput } from '../contract/profile.js';
import { markDeliberate } from '../judge/observe/ledger.js';
import { startObserveProxy, type ObserveProxy } from '../judge/observe/proxy.js';
import { judgeAnswers } from '../judge/observe/server-checks.js';
import { ConfigError } from '../run/config.js';
import { writeJudgementReports } from './judge-reports.js';

/**
 * `observe --upstream URL [--listen PORT] [--reports DIR] [--for SECONDS] [--profile FILE]
 * [--profile-out FILE] [--ledger DIR]`: a recording proxy between any client and any server
 * (judge/observe/proxy.ts) that passes every byte on untouched; when it is stopped (Ctrl-C,
 * SIGTERM, --for) the requests are judged against the client rules and the answers against the
 * server rules traffic alone can judge, into a run's reports. The target's profile (--profile)
 * tells the judge where each interface is and the keys that open encrypted payloads;
 * --profile-out writes it with its URLs pointing at the proxy; --ledger reads what a run through
 * the proxy wrote with SMS_RULE_LEDGER (its deliberate requests). Exit codes as for run.
 */
export interface ObserveOptions {
  upstream: string;
  port?: number;
  host?: string;
  reportsDir: string;
  profile?: ProfileInput;
  ledger?: string;
  allure?: boolean;
  ca?: string | Buffer;
  log: (line: string) => void;
}

export interface Observing {
  url: string;
  proxy: ObserveProxy;
  /** stops the proxy, judges what it saw, writes the reports; the exit code */
  finish(): Promise<number>;
}

/** The profile with every URL at the upstream's origin moved to the proxy's. */
export function profileThrough(profile: ProfileInput, upstream: string, proxy: string): ProfileInput {
  const from = new URL(upstream).origin;
  const to = new URL(proxy).origin;
  const originOf = (u: string) => {
    try {
      return new URL(u).origin;
    } catch {
      return undefined;
    }
  };
  const move = (u: string | undefined) => (u && originOf(u) === from ? `${to}${u.slice(from.length)}` : u);
  const urls = Object.fromEntries(Object.entries(profile.urls ?? {}).map(([k, v]) => [k, move(v as string | undefined)]));
  return { ...profile, baseUrl: move(profile.baseUrl)!, urls };
}

export async function startObserve(o: ObserveOptions): Promise<Observing> {
  const startedAt = new Date();
  let url: URL;
  try {
    url = new URL(o.upstream);
  } catch {
    throw new ConfigError(`--upstream is "${o.upstream}"; give the server's URL (http://host:port or https://…).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`--upstream is "${o.upstream}"; only http and https servers can be observed.`);
  const proxy = await startObserveProxy({ upstream: o.upstream, port: o.port, host: o.host, ca: o.ca });
  const profile: ProfileInput = o.profile ?? { baseUrl: o.upstream };
  let finished: Promise<number> | undefined;
  const finish = () =>
    (finished ??= (async () => {
      await proxy.close();
      const problems = proxy.problems();
      try {
        if (o.ledger) {
          const m = markDeliberate(proxy.exchanges, o.ledger);
          o.log(`Rule ledger ${o.ledger}: ${m.lines} request(s) written down, ${m.matched} matched, ${m.deliberate} sent wrong on purpose`);
        }
        const serverResults = judgeAnswers(proxy.exchanges, profile);
        return await writeJudgementReports({ by: 'observe', exchanges: proxy.exchanges, profile, reportsDir: o.reportsDir, startedAt, log: o.log, problems, serverResults, allure: o.allure });
      } catch (e) {
        o.log(`The judge could not write its report: ${(e as Error).message}`);
        return 4;
      }
    })());
  return { url: proxy.url, proxy, finish };
}

export async function observeCommand(
  flags: { upstream?: string; listen?: string; host?: string; reports?: string; forSeconds?: string; profile?: string; profileOut?: string; ledger?: string; allure?: boolean },
  log: (line: string) => void = console.log,
): Promise<number> {
  if (!flags.upstream) throw new ConfigError('observe needs --upstream URL: the server to pass the traffic on to.');
  const seconds = flags.forSeconds === undefined ? undefined : Number(flags.forSeconds);
  if (seconds !== undefined && !(Number.isFinite(seconds) && seconds > 0)) throw new ConfigError(`--for is "${flags.forSeconds}"; give a number of seconds above 0.`);
  const port = flags.listen === undefined ? 0 : Number(flags.listen);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`--listen is "${flags.listen}"; give a port number.`);
  let profile: ProfileInput | undefined;
  if (flags.profile) {
    try {
      profile = JSON.parse(readFileSync(resolve(flags.profile), 'utf8')) as ProfileInput;
    } catch (e) {
      throw new ConfigError(`The profile file ${flags.profile} cannot be read as JSON (${(e as Error).message}).`);
    }
  }
  const observing = await startObserve({ upstream: flags.upstream, port, host: flags.host, reportsDir: flags.reports ?? 'reports/observe', profile, ledger: flags.ledger, allure: flags.allure, log });
  if (flags.profileOut) {
    const path = resolve(flags.profileOut);
    writeFileSync(path, `${JSON.stringify(profileThrough(profile ?? { baseUrl: flags.upstream }, flags.upstream, observing.url), null, 2)}\n`, { mode: 0o600 });
    log(`Profile pointing at the proxy written to ${path}`);
  }
  log(`Observing ${flags.upstream} at ${observing.url}: every byte is passed on untouched. Stop with Ctrl-C${seconds ? ` or wait ${seconds} s` : ''}; the reports go to ${resolve(flags.reports ?? 'reports/observe')}.`);
  await new Promise<void>((done) => {
    const timer = seconds ? setTimeout(done, seconds * 1000) : undefined;
    const stop = () => {
      if (timer) clearTimeout(timer);
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return observing.finish();
}
