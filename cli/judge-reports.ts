import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ProfileInput } from '../contract/profile.js';
import type { JudgementFacts, RuleResult, Summary } from '../contract/summary.js';
import { renderExchange } from '../harness/evidence.js';
import type { Exchange } from '../harness/http.js';
import type { Redactor } from '../harness/redact.js';
import { CLIENT_RULES } from '../judge/catalogue.js';
import { judge, type ClientVerdict } from '../judge/engine.js';
import type { RecordedExchange } from '../judge/exchange.js';
import { redactorFor } from '../judge/serve-judge.js';
import { settingsFromProfile } from '../judge/settings.js';
import { clientSummary, operationCoverage } from '../judge/summary.js';
import { finish, redactedProfile } from './finish.js';

/**
 * The reports of a judgement of recorded traffic (serve --judge, observe), written by the run's
 * own writers (cli/finish.ts: summary.json, junit.xml, the verdict page, Allure): one Allure
 * result per rule with its evidence (the violating exchange, or the first conforming ones) is
 * written first, then `finish` does for the judgement what it does for a run. Beside them,
 * client-judgement.json and client-verdict.txt. The exit code is a run's.
 */
export interface JudgementReportInput {
  by: 'serve --judge' | 'observe';
  exchanges: readonly RecordedExchange[];
  profile: ProfileInput;
  reportsDir: string;
  startedAt: Date;
  log: (line: string) => void;
  /** what the judge could not read, one sentence each */
  problems?: readonly string[];
  /** server rules judged on the answers (judge/observe/server-checks.ts), with their evidence */
  serverResults?: ReadonlyArray<{ result: RuleResult; evidence: readonly RecordedExchange[] }>;
  allure?: boolean;
}

const EVIDENCE_KEPT = 2;

/** A recorded exchange in the harness's evidence form, so it renders as a run's exchanges do. */
export const asEvidence = (x: RecordedExchange, origin: string): Exchange => ({
  method: x.method,
  url: /^https?:\/\//i.test(x.url) ? x.url : `${origin}${x.url.startsWith('/') ? '' : '/'}${x.url}`,
  requestHeaders: x.headers,
  ...(x.body !== undefined ? { requestBody: x.body } : {}),
  ...(x.status !== undefined ? { status: x.status } : {}),
  ...(x.answerHeaders ? { responseHeaders: x.answerHeaders } : {}),
  ...(x.answer !== undefined ? { responseBody: x.answer } : {}),
  ...(x.error ? { error: x.error } : {}),
  ms: 0,
});

function attachmentsOf(v: ClientVerdict | undefined, evidence: readonly RecordedExchange[]): Array<{ tag: string; x: RecordedExchange }> {
  if (v?.violation) return [{ tag: '[decisive] ', x: v.violation.exchange }];
  const out = evidence.slice(0, EVIDENCE_KEPT).map((x) => ({ tag: '', x }));
  if (v?.deliberate) out.push({ tag: '', x: v.deliberate.first.exchange });
  return out;
}

/** One Allure result per rule, evidence attached, for `finish` to annotate and render as a run's. */
function writeAllureResults(dir: string, rules: readonly RuleResult[], evidenceOf: (r: RuleResult) => Array<{ tag: string; x: RecordedExchange }>, origin: string, redact: Redactor, at: number): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const r of rules) {
    const uuid = randomUUID();
    const attachments = evidenceOf(r).map(({ tag, x }, i) => {
      const source = `${uuid}-${i}-attachment.txt`;
      const e = asEvidence(x, origin);
      writeFileSync(join(dir, source), renderExchange(e, redact));
      const title = `${tag}${x.deliberate ? `[sent wrong on purpose by ${x.deliberate}] ` : ''}exchange ${x.seq}: ${x.method} ${redact.text(x.url.split('?')[0]!)} → ${x.status ?? 'no answer'}`;
      return { name: title, source, type: 'text/plain' };
    });
    const status = r.outcome === 'pass' ? 'passed' : r.outcome === 'fail' ? 'failed' : r.outcome === 'broken' ? 'broken' : 'skipped';
    const result = {
      uuid,
      historyId: r.id,
      name: r.title,
      fullName: r.id,
      status,
      stage: 'finished',
      start: at,
      stop: at,
      labels: [
        { name: 'ruleId', value: r.id },
        { name: 'epic', value: r.interface },
        { name: 'feature', value: r.section },
        { name: 'severity', value: r.level === 'must' ? 'critical' : 'normal' },
      ],
      statusDetails: r.reason ? { message: r.reason } : {},
      steps: [],
      attachments,
    };
    writeFileSync(join(dir, `${uuid}-result.json`), JSON.stringify(result));
  }
}

/** Judges the recording, writes every report, answers the exit code. */
export async function writeJudgementReports(i: JudgementReportInput): Promise<number> {
  const judgement = judge(i.exchanges, settingsFromProfile(i.profile), CLIENT_RULES);
  const redact = redactorFor(i.profile, i.exchanges);
  const dir = resolve(i.reportsDir);
  mkdirSync(dir, { recursive: true });
  const base = clientSummary(
    judgement,
    CLIENT_RULES,
    { target: { url: i.profile.baseUrl, edition: i.profile.edition ?? 'securemail', release: i.profile.release ?? '5.36', description: `traffic judged by ${i.by}` }, runId: randomUUID(), startedAt: i.startedAt.toISOString(), durationMs: Date.now() - i.startedAt.getTime() },
    redact,
    i.exchanges.length,
  );
  const coverage = operationCoverage(judgement);
  const facts: JudgementFacts = {
    by: i.by,
    exchanges: i.exchanges.length,
    unplaced: judgement.unplaced,
    operations: coverage,
    problems: (i.problems ?? []).map((p) => redact.text(p)),
    deliberate: judgement.verdicts.flatMap((v) => (v.deliberate ? [{ rule: v.id, count: v.deliberate.count, by: v.deliberate.rules, first: redact.text(v.deliberate.first.why) }] : [])),
  };
  const summary: Summary = { ...base, rules: [...base.rules, ...(i.serverResults ?? []).map((s) => s.result)], judgement: facts };
  delete summary.verdict;
  const byId = new Map(judgement.verdicts.map((v) => [v.id, v]));
  const serverEvidence = new Map((i.serverResults ?? []).map((s) => [s.result.id, s.evidence]));
  const bySeq = new Map(i.exchanges.map((x) => [x.seq, x]));
  const evidenceOf = (r: RuleResult) => {
    const v = byId.get(r.id);
    if (v) return attachmentsOf(v, v.seen.flatMap((s) => bySeq.get(s) ?? []));
    const e = serverEvidence.get(r.id) ?? [];
    return e.map((x, k) => ({ tag: r.outcome === 'fail' && k === 0 ? '[decisive] ' : '', x }));
  };
  writeAllureResults(join(dir, 'allure-results'), summary.rules, evidenceOf, new URL(i.profile.baseUrl).origin, redact, i.startedAt.getTime());
  writeFileSync(join(dir, 'profile.json'), `${JSON.stringify(redactedProfile(i.profile), null, 2)}\n`);
  const v = await finish({ reportsDir: dir, summary, secrets: redact.learned(), log: i.log, allure: i.allure });
  writeFileSync(join(dir, 'client-judgement.json'), `${JSON.stringify({ exchanges: facts.exchanges, unplaced: facts.unplaced, operations: coverage, problems: facts.problems, deliberate: facts.deliberate, failing: summary.rules.filter((r) => r.outcome === 'fail').map((r) => ({ id: r.id, level: r.level, sentence: r.sentence, reason: r.reason })) }, null, 2)}\n`);
  const lines = [
    v.line,
    `operations exercised: ${coverage.exercised.length} of ${coverage.exercised.length + coverage.notExercised.length}; not exercised: ${coverage.notExercised.join(', ') || 'none'}`,
    ...facts.problems.map((p) => `PROBLEM ${p}`),
    ...facts.deliberate.map((d) => `DELIBERATE ${d.rule}: ${d.count} request(s) sent wrong on purpose by ${d.by.join(', ')} (not counted)`),
    ...summary.rules.filter((r) => r.outcome === 'fail').map((r) => `${r.level === 'must' ? 'FAIL' : 'WARN'} ${r.id}: ${r.reason} — spec: “${r.sentence}”`),
  ];
  writeFileSync(join(dir, 'client-verdict.txt'), `${lines.join('\n')}\n`);
  i.log(lines[1]!);
  for (const p of facts.problems) i.log(`Problem: ${p}`);
  i.log(`Reports written to ${dir} (allure-report/index.html, summary.json, junit.xml, client-judgement.json, client-verdict.txt)`);
  return v.exitCode;
}
