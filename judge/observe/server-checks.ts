import type { ProfileInput } from '../../contract/profile.js';
import type { OperationId } from '../../contract/operations.js';
import { answerSchema, ANSWERING_OPERATIONS, schemaRuleId } from '../../contract/soap-answers.js';
import { sectionOf, specUnit } from '../../contract/spec/index.js';
import { SPEC_RULES } from '../../contract/spec/rules.js';
import type { RuleResult } from '../../contract/summary.js';
import { TOKEN_ERRORS, tokenTrafficRuleId, type TokenErrorName } from '../../contract/token.js';
import { answerProblems } from '../../harness/soap-answer-schema.js';
import { observe, type Observed, type RecordedExchange } from '../exchange.js';
import { settingsFromProfile } from '../settings.js';

/**
 * The server rules traffic alone can judge, on the answers observe saw, generated from the
 * contract's data (no list by hand):
 * - every SOAP operation with a response (contract/soap-answers.ts ANSWERING_OPERATIONS): its
 *   success answer valid against the schema of its response element, as the server rule
 *   `messaging-soap.schema.<op>` checks it (the same schema and validator, harness/soap-answer-schema.ts);
 * - every token error name of spec §7.1 (contract/token.ts TOKEN_ERRORS): an answer of the token
 *   endpoint naming it comes with a status §7.1 lists it under (`token.traffic.<name>-status`).
 * Each is judged over every answer that bears on it: pass (answers seen, all conform), fail (the
 * first that does not, as evidence), not exercised (none seen).
 */
interface TrafficCheck {
  id: string;
  interface: 'messaging-soap' | 'token';
  level: 'must' | 'should';
  title: string;
  operation: OperationId;
  anchors: readonly string[];
  file: string;
  /** undefined: the answer does not bear on the rule; '': it conforms; else why not */
  judge(o: Observed): string | undefined;
}

function checksFor(namespace: string): TrafficCheck[] {
  const schema = answerSchema(namespace, ANSWERING_OPERATIONS.map((a) => a.op));
  const soap = ANSWERING_OPERATIONS.map(({ id, op }): TrafficCheck => {
    const rule = SPEC_RULES.find((r) => r.id === schemaRuleId(op));
    return {
      id: schemaRuleId(op),
      interface: 'messaging-soap',
      level: (rule?.level ?? 'must') as 'must' | 'should',
      title: rule?.title ?? `a ${op.name} success is valid against the schema of its response element`,
      operation: id,
      anchors: rule?.spec.map((s) => s.anchor) ?? ['§4.4/success-http-200-whose-body'],
      file: rule?.file ?? 'specs/messaging-soap/schema.spec.ts',
      judge: (o) => {
        if (o.op !== id || o.x.status !== 200 || o.x.answer === undefined) return undefined;
        const problems = answerProblems(schema, o.x.answer);
        return problems.length ? `the ${op.name} success answer is not valid against the schema of ${op.name}Response: ${problems[0]}` : '';
      },
    };
  });
  const token = (Object.entries(TOKEN_ERRORS) as Array<[TokenErrorName, readonly number[]]>).map(
    ([name, statuses]): TrafficCheck => ({
      id: tokenTrafficRuleId(name),
      interface: 'token',
      level: 'must',
      title: `an answer of the token endpoint naming the error ${name} has HTTP ${statuses.join(' or ')}`,
      operation: 'token.Token',
      anchors: [`§7.1/${name}`],
      file: 'judge/observe/server-checks.ts',
      judge: (o) => {
        if (o.op !== 'token.Token' && o.op !== 'token.Challenge') return undefined;
        const error = (o.answerJson as { error?: unknown } | undefined)?.error;
        if (error !== name || o.x.status === undefined) return undefined;
        return statuses.includes(o.x.status) ? '' : `the answer names ${name} with HTTP ${o.x.status}; §7.1 lists it under ${statuses.join(' or ')}`;
      },
    }),
  );
  return [...soap, ...token];
}

export const NOT_SEEN = 'not exercised: the traffic held no answer this rule judges';

/** Judges the answers of the recording; each result with its evidence (the violating answer first, else the first conforming). */
export function judgeAnswers(exchanges: readonly RecordedExchange[], profile: ProfileInput): Array<{ result: RuleResult; evidence: RecordedExchange[] }> {
  const settings = settingsFromProfile(profile);
  const observed = exchanges.map((x) => observe(x, settings));
  return checksFor(settings.soapNamespace).map((c) => {
    let good = 0;
    const bad: Array<{ o: Observed; why: string }> = [];
    let first: Observed | undefined;
    for (const o of observed) {
      let why: string | undefined;
      try {
        why = c.judge(o);
      } catch (e) {
        why = `the judge could not read this answer: ${(e as Error).message}`;
      }
      if (why === undefined) continue;
      if (why === '') {
        good += 1;
        first ??= o;
      } else bad.push({ o, why });
    }
    const outcome = bad.length ? 'fail' : good ? 'pass' : 'notApplicable';
    const spec = c.anchors.map((anchor) => ({ anchor, quote: specUnit(anchor)?.text ?? anchor }));
    const sections = [...new Set(c.anchors.map((a) => sectionOf(a)))];
    const x = bad[0]?.o.x;
    const result: RuleResult = {
      id: c.id,
      interface: c.interface,
      section: sections[0]!,
      sections,
      level: c.level,
      outcome,
      title: `${c.title} (judged on observed answers)`,
      operation: c.operation,
      judges: [c.operation],
      ...(x ? { reason: `${bad[0]!.why} (exchange ${x.seq} from ${x.client}: ${x.method} ${x.url.split('?')[0]} → ${x.status}; ${bad.length} answer(s) violate it)` } : outcome === 'notApplicable' ? { reason: NOT_SEEN } : {}),
      file: c.file,
      exchanges: good + bad.length,
      durationMs: 0,
      sentence: spec.map((s) => s.quote).join(' … '),
      spec,
    };
    return { result, evidence: x ? [x] : first ? [first.x] : [] };
  });
}
