import { createHash } from 'node:crypto';
import { isExpected } from './expectations.js';
import type { EvidenceEntry, RuleEvidence } from './verdict-evidence.js';
import type { RuleResult } from '../contract/summary.js';

/**
 * The rules that did not hold, as findings grouped by cause and ordered by how much of the
 * verdict they decide. Rules share a cause when they have the same decisive answer (the exchange
 * that decided each verdict: its operation, path shape, status and body, names and numbers a run
 * generates left out), broke on the same precondition answer, or failed with the same reason (the
 * same normalisation). One fault of a target that fails three rules is one finding that lists them.
 *
 * Each rule keeps its own bucket: must-level failures and must-level broken decide the verdict
 * (cli/scorecard.ts), should-level ones are warnings (listed, never counted), expected failures are
 * apart (never grouped with the others). A finding sits under its most severe rule's heading.
 */

export type Bucket = 'must-fail' | 'must-broken' | 'warning' | 'expected';

/** What the rules of a finding share. */
export type Tie = 'answer' | 'precondition' | 'reason';

export interface Finding {
  /** the most severe bucket of its rules */
  bucket: Bucket;
  /** the reason of its first rule, normalised (names and numbers a run generates left out) */
  reason: string;
  /** most severe first, then by id */
  rules: RuleResult[];
  /** what ties the rules together (empty for a finding of one rule) */
  ties: Tie[];
  /** the decisive answer they share, in words (`POST /Folder → HTTP 200`), when that ties them */
  answer?: string;
}

export const BUCKETS: ReadonlyArray<{ bucket: Bucket; heading: string; note: string }> = [
  { bucket: 'must-fail', heading: 'Must-level rules that failed', note: 'The target answered against the spec. Each one alone makes the run DOES NOT CONFORM.' },
  {
    bucket: 'must-broken',
    heading: 'Must-level rules that broke',
    note: 'The rule could not be evaluated: a precondition failed or the target did not answer. Each one alone makes the run DOES NOT CONFORM.',
  },
  { bucket: 'warning', heading: 'Warnings: should-level rules that did not hold', note: 'Standards the spec relies on, not its own words: listed, never counted in the verdict.' },
  { bucket: 'expected', heading: 'Expected failures', note: 'Named in the expectations file, with a reason and an expiry date: not counted in the verdict.' },
];

const SEVERITY: Record<Bucket, number> = { 'must-fail': 0, 'must-broken': 1, warning: 2, expected: 3 };

export function bucketOf(r: RuleResult): Bucket | undefined {
  if (isExpected(r)) return 'expected';
  if (r.outcome !== 'fail' && r.outcome !== 'broken') return undefined;
  if (r.level === 'should') return 'warning';
  return r.outcome === 'fail' ? 'must-fail' : 'must-broken';
}

const PRECONDITION = /^Precondition "[^"]*" failed, so the rule could not be checked: /;
/** harness/property.ts: `Counterexample <value> (<description>) (seed N; replay with --seed N): <why>` */
const COUNTEREXAMPLE = /^Counterexample .*? \(seed \d+; replay with --seed \d+\): /;

/** Names one test generated: run prefixes (cf…) and what is built on them (folder names, e-mail addresses, subjects). */
const withoutNames = (text: string) =>
  text
    .replace(/\bcf[0-9a-z]{6,}[^\s"',;:)\]}]*/gi, '…')
    .replace(/\s+/g, ' ')
    .trim();

/** An HTTP status where a reason names one ('expected 401', 'got HTTP 200', 'a 400 or 404'): a cause, not a generated number. */
const STATUS = /^(?:HTTP|status|expected|got|answered|answers|not|or|and|a|an|with|than|nor)$/i;

/** Names and numbers one test generated: run prefixes, ids, timings (an HTTP status and a § number are kept). */
export function normalised(text: string): string {
  return withoutNames(text.replace(/\(\d+ ms\)/g, '')).replace(/(?<![§.\d])\b\d+\b/g, (n, at: number, all: string) => {
    const before = /(\S+)\s+$/.exec(all.slice(Math.max(0, at - 12), at))?.[1] ?? '';
    return /^[1-5]\d\d$/.test(n) && STATUS.test(before) ? n : '#';
  });
}

/**
 * The cause a reason names, for grouping: a precondition's answer without which precondition it
 * was, a property's failure without its counterexample, without names and numbers one test generated.
 */
export function causeOf(reason: string | undefined): string {
  const first = (reason ?? '').split('\n', 1)[0] ?? '';
  return normalised(first.replace(PRECONDITION, '').replace(COUNTEREXAMPLE, ''));
}

/** A broken rule's precondition answer: 'SOAP Logon: expected X; got Y' is 'SOAP Logon: got Y', whatever each rule expected of it. */
export const answerOf = (cause: string) => cause.replace(/^(.*?): expected .*?; (got .*)$/, '$1: $2');

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** The parts of an exchange as harness/evidence.ts renders it: `# spec operation`, request line, body, `---`, status line, headers, body, `--- reproduce`. */
function parts(text: string): { operation?: string; method: string; path: string; requestBody: string; status: string; responseBody: string } | undefined {
  const [request = '', rest = ''] = text.split(/\n---\n/, 2);
  const response = rest.split(/\n--- reproduce/, 1)[0]!.trim();
  const lines = request.split('\n');
  const operation = /^# spec operation (\S+)/m.exec(request)?.[1];
  const line = lines.find((l) => !l.startsWith('# ')) ?? '';
  const m = /^([A-Z]+) (\S+)/.exec(line);
  if (!m) return undefined;
  let path: string;
  try {
    path = new URL(m[2]!).pathname;
  } catch {
    path = m[2]!;
  }
  const blank = (s: string) => (s.includes('\n\n') ? s.slice(s.indexOf('\n\n') + 2) : '');
  const status = /^HTTP (\d{3})/.exec(response)?.[1] ?? (/^\(no response: ([^:)]+)/.exec(response)?.[1] ? `no response (${/^\(no response: ([^:)]+)/.exec(response)![1]})` : '?');
  return { operation, method: m[1]!, path, requestBody: blank(request), status, responseBody: blank(response) };
}

/** The shape of a path: numeric segments and run-generated names as placeholders. */
const pathShape = (path: string) =>
  path
    .split('/')
    .map((seg) => (/^\d+$/.test(seg) ? '{n}' : /^cf[0-9a-z]{6,}/i.test(seg) ? '{name}' : seg))
    .join('/');

/**
 * The signature of the decisive answer of a rule: method, operation (or path shape), status, and
 * a digest of the normalised body. A success answer is wrong only against what was asked, so for
 * a 2xx the request (its names left out, its numbers kept) is part of it: two rules whose
 * different requests were both accepted (a name too long, a FolderType 2) are not one cause for it.
 */
export function answerSignature(e: EvidenceEntry): { key: string; words: string } | undefined {
  const p = parts(e.text);
  if (!p) return undefined;
  const where = `${p.method} ${pathShape(p.path)}`;
  const success = /^2\d\d$/.test(p.status);
  const body = normalised(p.responseBody);
  // the request's numbers are kept (FolderId 4 is Trash, 5 Deleted Trash): an id a target hands out then ties nothing, which errs on the side of two cards
  const key = `${where} ${p.operation ?? ''} ${p.status} ${digest(body)}${success ? ` ${digest(withoutNames(p.requestBody))}` : ''}`;
  const shown = body.length > 120 ? `${body.slice(0, 117)}…` : body;
  return { key, words: `${where} → ${/^\d{3}$/.test(p.status) ? `HTTP ${p.status}` : p.status}${shown ? ` ${shown}` : ''}` };
}

/** The decisive exchange of a rule's evidence (not a note: a counterexample note is not an answer). */
const decisiveExchange = (ev: RuleEvidence | undefined) => ev?.entries.find((e) => e.decisive && parts(e.text) !== undefined);

/** The keys of a rule's causes: any key two rules share puts them in one finding. */
function causes(r: RuleResult, ev: RuleEvidence | undefined): Array<[Tie, string, string?]> {
  const out: Array<[Tie, string, string?]> = [];
  const first = (r.reason ?? '').split('\n', 1)[0] ?? '';
  if (r.outcome === 'broken' && PRECONDITION.test(first)) out.push(['precondition', answerOf(causeOf(first))]);
  else if (first) out.push(['reason', `${r.outcome} ${causeOf(first)}`]);
  const decisive = decisiveExchange(ev);
  const sig = decisive && answerSignature(decisive);
  if (sig) out.push(['answer', sig.key, sig.words]);
  return out;
}

/** How much of the verdict a finding decides: must-level failures, then its size, then must-level broken, then warnings. */
function weight(f: Finding): number[] {
  const n = (b: Bucket) => f.rules.filter((r) => bucketOf(r) === b).length;
  return [n('must-fail'), f.rules.length, n('must-broken'), n('warning'), n('expected')];
}

function byWeight(a: Finding, b: Finding): number {
  const [wa, wb] = [weight(a), weight(b)];
  for (let i = 0; i < wa.length; i++) if (wa[i] !== wb[i]) return wb[i]! - wa[i]!;
  return a.rules[0]!.id.localeCompare(b.rules[0]!.id);
}

/** Groups rules that share any cause key (a union of the rules that share each key). */
function group(rules: RuleResult[], evidence: Map<string, RuleEvidence> | undefined): Finding[] {
  const parent = rules.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const seen = new Map<string, number>();
  const keys = rules.map((r) => causes(r, evidence?.get(r.id)));
  const tiesOf = new Map<number, Set<Tie>>();
  const answerWords = new Map<number, string>();
  keys.forEach((ks, i) =>
    ks.forEach(([tie, key]) => {
      const k = `${tie} ${key}`;
      const j = seen.get(k);
      if (j === undefined) seen.set(k, i);
      else parent[root(i)] = root(j);
    }),
  );
  // what ties each group: a key held by two or more of its rules
  const count = new Map<string, number>();
  keys.forEach((ks) => ks.forEach(([tie, key]) => count.set(`${tie} ${key}`, (count.get(`${tie} ${key}`) ?? 0) + 1)));
  keys.forEach((ks, i) =>
    ks.forEach(([tie, key, words]) => {
      if ((count.get(`${tie} ${key}`) ?? 0) < 2) return;
      const g = root(i);
      tiesOf.set(g, (tiesOf.get(g) ?? new Set()).add(tie));
      if (tie === 'answer' && words) answerWords.set(g, words);
    }),
  );
  const groups = new Map<number, RuleResult[]>();
  rules.forEach((r, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), r]));
  return [...groups].map(([g, members]) => {
    const sorted = [...members].sort((a, b) => SEVERITY[bucketOf(a)!] - SEVERITY[bucketOf(b)!] || a.id.localeCompare(b.id));
    const ties = members.length > 1 ? [...(tiesOf.get(g) ?? [])].sort() : [];
    return { bucket: bucketOf(sorted[0]!)!, reason: causeOf(sorted[0]!.reason), rules: sorted, ties, answer: ties.includes('answer') ? answerWords.get(g) : undefined };
  });
}

/** The findings of a run, heaviest first; `evidence` (the Allure results read back) gives each rule's decisive answer. */
export function findings(rules: readonly RuleResult[], evidence?: Map<string, RuleEvidence>): Finding[] {
  const counted = rules.filter((r) => bucketOf(r) !== undefined && bucketOf(r) !== 'expected');
  const expected = rules.filter((r) => bucketOf(r) === 'expected');
  return [...group(counted, evidence).sort(byWeight), ...group(expected, evidence).sort(byWeight)];
}
