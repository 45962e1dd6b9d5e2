import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgedIds, judgedNames, OPERATIONS } from '../contract/operations.js';
import { projectRoot } from '../contract/root.js';
import { sectionOf } from '../contract/spec/index.js';
import { SummarySchema, type Outcome, type RuleResult, type Summary, type Totals } from '../contract/summary.js';
import type { Redactor } from '../harness/redact.js';
import type { ClientRule } from './client-rule.js';
import type { ClientVerdict, Judgement } from './engine.js';

/**
 * The client verdicts in the shape of a run's summary.json (contract/summary.ts), so what reads a
 * run's summary reads a judgement: pass (conforming requests seen), fail (the violating request
 * and why, with the spec's words), or not exercised (reported as notApplicable with that reason).
 * The verdict is a run's: must-level failures do not conform (exit 1), nothing exercised is no
 * verdict (exit 4). Values are redacted as in a run.
 */

export interface ClientFacts {
  target: { url: string; edition: string; release: string; description?: string };
  runId: string;
  startedAt: string;
  durationMs: number;
}

export const NOT_EXERCISED = 'not exercised: the client sent no request this rule judges';

const suiteVersion = () => (JSON.parse(readFileSync(join(projectRoot(import.meta.url), 'package.json'), 'utf8')) as { version: string }).version;
const pathOf = (url: string) => url.split('?')[0];

function resultOf(rule: ClientRule, v: ClientVerdict, redact: Redactor): RuleResult {
  const outcome: Outcome = v.outcome === 'notExercised' ? 'notApplicable' : v.outcome;
  const x = v.violation?.exchange;
  const reason =
    v.outcome === 'fail' && x
      ? redact.text(`${v.violation!.why} (exchange ${x.seq} from ${x.client}: ${x.method} ${pathOf(x.url)} → ${x.status ?? x.error ?? 'no answer'}; ${v.violations} request(s) violate it)`)
      : v.outcome === 'notExercised'
        ? (v.problem ?? NOT_EXERCISED)
        : undefined;
  const sections = [...new Set(rule.spec.map((r) => sectionOf(r.anchor)))];
  return {
    id: rule.id,
    interface: rule.interface,
    section: sections[0]!,
    sections,
    level: rule.level,
    outcome,
    title: rule.title,
    operation: judgedNames(rule.operation),
    judges: judgedIds(rule.operation),
    ...(reason ? { reason } : {}),
    file: `specs/${rule.interface}/client.rules.ts`,
    exchanges: v.conforming + v.violations,
    durationMs: 0,
    sentence: v.sentence,
    spec: rule.spec.map((r) => ({ anchor: r.anchor, quote: r.quote, ...(r.silence ? { silence: r.silence } : {}) })),
  };
}

const zero = (): Totals => ({ pass: 0, fail: 0, notApplicable: 0, broken: 0 });

export function clientSummary(j: Judgement, rules: readonly ClientRule[], facts: ClientFacts, redact: Redactor, exchanges: number): Summary {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const results = j.verdicts.map((v) => resultOf(byId.get(v.id)!, v, redact));
  const totals = zero();
  const totalsByLevel = { must: zero(), should: zero() };
  for (const r of results) {
    totals[r.outcome] += 1;
    totalsByLevel[r.level][r.outcome] += 1;
  }
  const standings = { fail: totalsByLevel.must.fail, broken: 0, warning: totalsByLevel.should.fail, expected: 0, notApplicable: totals.notApplicable, pass: totals.pass };
  const kind = standings.fail > 0 ? 'DOES NOT CONFORM' : totals.pass > 0 ? 'CONFORMS' : 'NO VERDICT';
  const exitCode = kind === 'DOES NOT CONFORM' ? 1 : kind === 'CONFORMS' ? 0 : 4;
  const line = `${kind}: ${standings.fail} must-level client rule(s) broken, ${standings.warning} should-level warning(s), ${totals.pass} passed, ${totals.notApplicable} not exercised`;
  return SummarySchema.parse({
    suiteVersion: suiteVersion(),
    target: facts.target,
    seed: 0,
    runId: facts.runId,
    startedAt: facts.startedAt,
    totals,
    totalsByLevel,
    standings,
    rules: results,
    suiteErrors: [],
    exchanges,
    durationMs: facts.durationMs,
    verdict: {
      kind,
      exitCode,
      line,
      basis: { rule: 'must-level client rules that a recorded request violates', counted: standings.fail, judged: totals.pass + totals.fail, suiteErrors: 0, warnings: standings.warning, expected: 0 },
    },
  });
}

/** The operations of the spec's catalogue the client exercised, and those it did not (the SMTP gateway's delivery among them: judged on its recorded sessions). */
export function operationCoverage(j: Judgement): { exercised: string[]; notExercised: string[] } {
  const listed = OPERATIONS.map((o) => o.id);
  return { exercised: listed.filter((id) => j.exercised.includes(id)), notExercised: listed.filter((id) => !j.exercised.includes(id)) };
}
