import type { ClientRule, Finding, JudgeContext } from './client-rule.js';
import { observe, type Observed, type RecordedExchange } from './exchange.js';
import type { JudgeSettings } from './settings.js';
import { timelineOf } from './timeline.js';
import type { OperationId } from '../contract/operations.js';

/**
 * The judge: `judge(exchanges) → per rule: pass (with the conforming exchanges seen) | fail (the
 * violating exchange and the spec's words) | notExercised`. Pure: the same recording and settings
 * give the same verdicts; nothing is sent anywhere.
 */
export type ClientOutcome = 'pass' | 'fail' | 'notExercised';

export interface ClientVerdict {
  id: string;
  title: string;
  interface: string;
  level: 'must' | 'should';
  outcome: ClientOutcome;
  /** the spec's words the rule quotes, joined */
  sentence: string;
  /** how many requests conformed, and the first few of them (seq) */
  conforming: number;
  seen: number[];
  /** how many violated; the first violation as evidence */
  violations: number;
  violation?: { exchange: RecordedExchange; why: string };
  /** why the rule could not be judged, when the recording defeated it */
  problem?: string;
  /**
   * violations by requests a rule of the suite sent wrong on purpose (RecordedExchange.deliberate): reported apart, never counted in the outcome
   */
  deliberate?: { count: number; rules: string[]; first: { exchange: RecordedExchange; why: string } };
}

export interface Judgement {
  verdicts: ClientVerdict[];
  /** every operation the recording exercised (a request of it seen), in catalogue ids */
  exercised: OperationId[];
  /** exchanges the judge could not place in any interface */
  unplaced: number;
}

const SEEN_KEPT = 5;

export function verdictOf(rule: ClientRule, findings: readonly Finding[]): ClientVerdict {
  const wrong = findings.filter((f) => f.why !== undefined);
  const meant = wrong.filter((f) => f.o.x.deliberate !== undefined);
  const bad = meant.length ? wrong.filter((f) => !meant.includes(f)) : wrong;
  const good = findings.filter((f) => f.why === undefined);
  const outcome: ClientOutcome = bad.length > 0 ? 'fail' : good.length > 0 ? 'pass' : 'notExercised';
  return {
    id: rule.id,
    title: rule.title,
    interface: rule.interface,
    level: rule.level,
    outcome,
    sentence: rule.spec.map((r) => r.quote).join(' … '),
    conforming: good.length,
    seen: good.slice(0, SEEN_KEPT).map((f) => f.o.x.seq),
    violations: bad.length,
    ...(bad[0] ? { violation: { exchange: bad[0].o.x, why: bad[0].why! } } : {}),
    ...(meant[0] ? { deliberate: { count: meant.length, rules: [...new Set(meant.map((f) => f.o.x.deliberate!))].sort(), first: { exchange: meant[0].o.x, why: meant[0].why! } } } : {}),
  };
}

/** A recorded exchange as the rules expect it, whatever the recorder left out: header names lower-case, text fields text. */
function normalised(x: RecordedExchange, index: number): RecordedExchange {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(x.headers ?? {})) if (typeof v === 'string') headers[k.toLowerCase()] = v;
  return {
    ...x,
    seq: Number.isFinite(x.seq) ? x.seq : index,
    method: typeof x.method === 'string' ? x.method : 'GET',
    url: typeof x.url === 'string' ? x.url : '/',
    at: Number.isFinite(x.at) ? x.at : 0,
    headers,
    ...(typeof x.body === 'string' ? {} : { body: undefined }),
    ...(typeof x.answer === 'string' ? {} : { answer: undefined }),
  };
}

/** Reads the recording once (interfaces, operations, credentials), then judges every rule over it. */
export function judge(exchanges: readonly RecordedExchange[], settings: JudgeSettings, rules: readonly ClientRule[]): Judgement {
  const observed: Observed[] = [...exchanges].map(normalised).sort((a, b) => a.seq - b.seq).map((x) => observe(x, settings));
  const ctx: JudgeContext = { settings, timeline: timelineOf(observed, settings) };
  const verdicts = rules.map((r) => {
    try {
      return verdictOf(r, r.judge(observed, ctx));
    } catch (e) {
      // a recording a rule cannot read is one sentence in the report, never a crash of the judge
      return { ...verdictOf(r, []), problem: `the judge could not read the recording for this rule: ${(e as Error).message}` };
    }
  });
  const exercised = [...new Set(observed.flatMap((o) => (o.op ? [o.op] : [])))];
  return { verdicts, exercised, unplaced: observed.filter((o) => !o.iface).length };
}
