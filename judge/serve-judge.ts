import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ProfileInput } from '../contract/profile.js';
import { Redactor } from '../harness/redact.js';
import { profileCredentials } from '../harness/secret-labels.js';
import type { SmtpCommandRecord } from '../contract/smtp.js';
import { recordingProblems } from './bad-input.js';
import { smtpExchanges } from './smtp.js';
import { CLIENT_RULES } from './catalogue.js';
import { judge } from './engine.js';
import type { RecordedExchange } from './exchange.js';
import { startRecorder } from './recorder.js';
import { settingsFromProfile } from './settings.js';
import { clientSummary, operationCoverage } from './summary.js';

/**
 * `serve --judge`: the reference behind a recording front. A client under test is pointed at the
 * front; every exchange is kept; when the client is done (SIGINT or SIGTERM, `--for SECONDS`, or a
 * POST to /judge/finish) the recording is judged against every client rule and DIR gets
 * summary.json (a run's shape, contract/summary.ts), client-judgement.json (the operations
 * exercised of those the spec lists, each failing rule's request) and client-verdict.txt.
 * The exit code is a run's (0 conforms, 1 does not, 4 no verdict).
 */

export const FINISH_PATH = '/judge/finish';

export interface JudgeServeOptions {
  upstream: string;
  /** starts recording the SMTP gateway's sessions into the sink; answers the function that stops it (the reference's recordSmtp) */
  recordSmtp?: (sink: (r: SmtpCommandRecord) => void) => () => void;
  profile: ProfileInput;
  port?: number;
  host?: string;
  reportsDir: string;
  forSeconds?: number;
  log: (line: string) => void;
  /** writes the reports of the recording and answers the exit code (the CLI's writes a run's reports: cli/judge-reports.ts); else writeJudgement */
  report?: (exchanges: readonly RecordedExchange[], profile: ProfileInput, startedAt: Date) => Promise<number>;
}

/** Every credential the recording shows, learnt so no report shows it (as a run's redaction does). */
export function redactorFor(profile: ProfileInput, exchanges: readonly RecordedExchange[]): Redactor {
  const creds = profileCredentials(profile);
  const redact = new Redactor(creds.secrets, creds.identifiers);
  const learnFrom = (text: string | undefined) => {
    if (!text) return;
    for (const m of text.matchAll(/"(SessionKey|access_token|refresh_token|mfa_token|user_token|otp|Password|OldPassword|NewPassword|client_secret|ApiEncryptionKey)"\s*:\s*"([^"]+)"/g)) redact.learn(m[2], { what: m[1]! });
    for (const m of text.matchAll(/<(LogonResult|SessionKey|Password|NewPassword|OldPassword)>([^<]+)</g)) redact.learn(m[2], { what: m[1]! });
  };
  for (const x of exchanges) {
    redact.learn(x.headers['x-session-key'], { what: 'session key' });
    redact.learn(x.headers.authorization?.replace(/^bearer\s+/i, ''), { what: 'access token' });
    learnFrom(x.body);
    learnFrom(x.answer);
    // a key answered as a bare JSON string (B3: Get a session key, the PSK operations); error texts are JSON strings too, and stay
    if (x.answer && /^"[A-Za-z0-9+/=_-]{16,}"$/.test(x.answer.trim())) redact.learn(JSON.parse(x.answer) as string, { what: 'answered key' });
  }
  return redact;
}

/** Judges what was recorded and writes the reports; answers the exit code. */
export function writeJudgement(exchanges: readonly RecordedExchange[], profile: ProfileInput, reportsDir: string, startedAt: Date, log: (line: string) => void): number {
  const judgement = judge(exchanges, settingsFromProfile(profile), CLIENT_RULES);
  const redact = redactorFor(profile, exchanges);
  const summary = clientSummary(
    judgement,
    CLIENT_RULES,
    { target: { url: profile.baseUrl, edition: profile.edition ?? 'securemail', release: profile.release ?? '5.36', description: 'client judged by serve --judge' }, runId: randomUUID(), startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime() },
    redact,
    exchanges.length,
  );
  const dir = resolve(reportsDir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  const failing = summary.rules.filter((r) => r.outcome === 'fail');
  const coverage = operationCoverage(judgement);
  // input the front could not take whole (not HTTP, cut short, over the kept size): one sentence each
  const problems = recordingProblems(exchanges).map((p) => redact.text(p));
  writeFileSync(
    join(dir, 'client-judgement.json'),
    `${JSON.stringify({ exchanges: exchanges.length, unplaced: judgement.unplaced, operations: coverage, problems, failing: failing.map((r) => ({ id: r.id, level: r.level, sentence: r.sentence, reason: r.reason })) }, null, 2)}\n`,
  );
  const lines = [
    summary.verdict!.line,
    `operations exercised: ${coverage.exercised.length} of ${coverage.exercised.length + coverage.notExercised.length}; not exercised: ${coverage.notExercised.join(', ') || 'none'}`,
    ...failing.map((r) => `${r.level === 'must' ? 'FAIL' : 'WARN'} ${r.id}: ${r.reason} — spec: “${r.sentence}”`),
    ...problems.map((p) => `INPUT ${p}`),
  ];
  writeFileSync(join(dir, 'client-verdict.txt'), `${lines.join('\n')}\n`);
  log(lines[0]!);
  log(lines[1]!);
  log(`Client reports written to ${dir} (summary.json, client-judgement.json, client-verdict.txt)`);
  return summary.verdict!.exitCode;
}

/** Starts the recording front; resolves with the exit code once the client is done and the reports are written. */
export async function judgeTraffic(o: JudgeServeOptions): Promise<{ url: string; done: Promise<number> }> {
  const startedAt = new Date();
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  const recorder = await startRecorder(o.upstream, { port: o.port, host: o.host, finishPath: FINISH_PATH, onFinish: () => finish() });
  const smtp: SmtpCommandRecord[] = [];
  const stopSmtp = o.recordSmtp?.((r) => smtp.push(r));
  const timer = o.forSeconds ? setTimeout(finish, o.forSeconds * 1000) : undefined;
  const onSignal = () => finish();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const done = finished.then(async () => {
    if (timer) clearTimeout(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await recorder.close();
    stopSmtp?.();
    try {
      const profile = { ...o.profile, baseUrl: recorder.url };
      const exchanges = [...recorder.exchanges, ...smtpExchanges(smtp, recorder.exchanges.length)];
      return await (o.report ? o.report(exchanges, profile, startedAt) : writeJudgement(exchanges, profile, o.reportsDir, startedAt, o.log));
    } catch (e) {
      o.log(`The judge could not write its report: ${(e as Error).message}`);
      return 4;
    }
  });
  return { url: recorder.url, done };
}
