import type { Phase } from '../harness/evidence-marks.js';
import { esc } from './html-escape.js';
import { quotesHtml } from './verdict-quotes.js';
import { sectionAnchor } from './allure-annotate.js';
import { specHref } from './spec-link.js';
import { expectationSentence, isExpected } from './expectations.js';
import { normalised, type Finding, type Tie } from './verdict-findings.js';
import { replayCommand, type EvidenceEntry, type RuleEvidence } from './verdict-evidence.js';
import type { Outcome, RuleResult } from '../contract/summary.js';

/**
 * A rule's card on the verdict page: the reason, then the exchange (or SMTP
 * dialogue, or a property's counterexample) whose answer decided the verdict, open, with the
 * request, the answer and the curl/swaks repeat; the rest of the evidence folded under its own
 * headings (the rule's exchanges, the counterexample's, preconditions, cleanup) in time order.
 */

export { esc };

const LOOK: Record<Outcome | 'expected' | 'warning', { label: string; cls: string }> = {
  pass: { label: 'pass', cls: 'pass' },
  fail: { label: 'fail', cls: 'fail' },
  broken: { label: 'broken', cls: 'broken' },
  notApplicable: { label: 'not applicable', cls: 'na' },
  expected: { label: 'expected failure', cls: 'expected' },
  warning: { label: 'warning', cls: 'warning' },
};

export const lookOf = (r: RuleResult) =>
  isExpected(r) ? LOOK.expected : r.level === 'should' && (r.outcome === 'fail' || r.outcome === 'broken') ? { ...LOOK.warning, label: `warning (${r.outcome})` } : LOOK[r.outcome];

const GROUPS: ReadonlyArray<[Phase, string]> = [
  ['counterexample', "the shrunk counterexample's exchanges, run once more"],
  ['body', "the rule's exchanges"],
  ['shrink', 'shrink attempts (smaller inputs fast-check tried after the first failure)'],
  ['given', 'preconditions (work the rule needs done, not judged)'],
  ['cleanup', 'cleanup (after the rule was judged)'],
];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function entry(e: EvidenceEntry, open: boolean): string {
  const decrypted = e.decrypted ? `<details${open ? ' open' : ''}><summary>decrypted view: ${esc(e.decrypted.title)}</summary><pre>${esc(e.decrypted.text)}</pre></details>` : '';
  return `<details class="exchange"${open ? ' open' : ''}><summary>${esc(e.title)}</summary><pre>${esc(e.text)}</pre>${decrypted}</details>`;
}

/** Where a card opens: the decisive entries; without tags (results of an older suite), the last entry not of cleanup. */
function opening(entries: EvidenceEntry[]): Set<EvidenceEntry> {
  const marked = entries.filter((e) => e.decisive);
  if (marked.length > 0) return new Set(marked);
  const last = [...entries].reverse().find((e) => e.phase !== 'cleanup');
  return new Set(last ? [last] : []);
}

export function evidenceHtml(r: RuleResult, evidence: RuleEvidence | undefined, open: boolean): string {
  const entries = evidence?.entries ?? [];
  if (entries.length === 0) return '';
  if (!open) {
    return `<details class="evidence"><summary>evidence: ${plural(entries.length, 'entry', 'entries')} (${plural(r.exchanges, 'exchange')})</summary>${entries.map((e) => entry(e, false)).join('\n')}</details>`;
  }
  const first = opening(entries);
  const top = entries.filter((e) => first.has(e));
  const heading = top.some((e) => e.phase === 'counterexample' || /counterexample/.test(e.title)) ? 'The shrunk counterexample and the answer that decided the verdict' : 'The answer that decided the verdict';
  const groups = GROUPS.map(([phase, what]) => {
    const rest = entries.filter((e) => e.phase === phase && !first.has(e));
    return rest.length ? `<details class="evidence"><summary>${esc(what)}: ${plural(rest.length, 'entry', 'entries')}</summary>${rest.map((e) => entry(e, false)).join('\n')}</details>` : '';
  }).join('\n');
  return `<section class="decisive" aria-label="evidence"><h4>${heading}</h4>${top.map((e) => entry(e, true)).join('\n')}</section>\n${groups}`;
}

function leadOf(r: RuleResult): string {
  const first = (r.reason ?? '').split('\n')[0] ?? '';
  if (r.outcome === 'notApplicable') return `Not applicable: ${first}`;
  if (r.outcome === 'broken') return `Broken (could not be evaluated): ${first.replace(/^Precondition /, 'precondition ')}`;
  return r.outcome === 'fail' ? first : '';
}

const allureLink = (ev: RuleEvidence | undefined, allureHref: string | undefined) =>
  allureHref && ev?.allureId ? ` · <a href="${esc(`${allureHref}#/${ev.allureId}`)}">in Allure</a>` : '';

function metaLine(r: RuleResult): string {
  return `level <b>${r.level}</b> · <a href="#${sectionAnchor(r.section)}">${esc(r.section)}</a> (<a href="${esc(specHref(r.section))}">spec</a>) · ${esc(r.operation)}`;
}

/**
 * The words of the spec the rule enforces, exactly as it quotes them, each linking to its unit
 * in spec.html; a word alone shown in its unit, a silence as context
 * (verdict-quotes.ts). A summary from before anchors has only `sentence`.
 */
function quotes(r: RuleResult): string {
  if (r.spec?.length) return quotesHtml(r.spec);
  return r.sentence ? `<blockquote class="sentence">${esc(r.sentence)}<cite>interface spec <a href="${esc(specHref(r.section))}">${esc(r.section)}</a></cite></blockquote>` : '';
}

export interface CardOptions {
  allureHref?: string;
  /** open the evidence on the decisive entry (cards of rules that did not hold) */
  open?: boolean;
  /** the run's seed, for the replay hint of a card that did not hold */
  seed?: number;
}

/** How to rerun the card's rules alone, for a card of rules that did not hold. */
const replayHint = (rules: RuleResult[], seed: number | undefined) =>
  rules.some((r) => r.outcome === 'fail' || r.outcome === 'broken')
    ? `<p class="meta replay">Replay ${rules.length === 1 ? 'this rule' : 'these rules'} alone (same target and profile; prints the exchanges): <code>${esc(replayCommand(rules.map((r) => r.id), seed))}</code></p>`
    : '';

export function ruleCard(r: RuleResult, evidence: RuleEvidence | undefined, { allureHref, open = false, seed }: CardOptions): string {
  const look = lookOf(r);
  const lead = leadOf(r);
  const rest = (r.reason ?? '').split('\n').slice(1).join('\n').trim();
  return `<article class="rule ${look.cls}" id="rule-${esc(r.id)}">
  <header><span class="badge ${look.cls}">${look.label}</span> <code class="id">${esc(r.id)}</code>
  <span class="meta">${metaLine(r)}${allureLink(evidence, allureHref)}</span></header>
  ${lead ? `<p class="lead">${esc(lead)}</p>` : ''}
  ${r.expectation ? `<p class="expectation">Expectation: ${esc(expectationSentence(r.expectation))}${r.expectation.link ? ` <a href="${esc(r.expectation.link)}">link</a>` : ''}</p>` : ''}
  <p class="title">${esc(r.title)}</p>
  ${quotes(r)}
  ${rest ? `<details><summary>the whole reason</summary><pre>${esc(rest)}</pre></details>` : ''}
  ${replayHint([r], seed)}
  ${evidenceHtml(r, evidence, open)}
</article>`;
}

/** A member's own reason, where it says more than the finding's lead (a property's counterexample, another precondition). */
function ownReason(r: RuleResult, f: Finding): string {
  const first = (r.reason ?? '').split('\n', 1)[0] ?? '';
  const lead = (f.rules[0]!.reason ?? '').split('\n', 1)[0] ?? '';
  return first && normalised(first) !== normalised(lead) ? `<br><span class="own">${esc(leadOf(r))}</span>` : '';
}

const TIES: Record<Tie, string> = {
  answer: 'the same decisive answer',
  precondition: 'the same failed precondition',
  reason: 'the same reason',
};

/**
 * Several rules with one cause: one card that names the cause (what ties them), quotes the union
 * of their spec words, lists the rules (each with its own outcome and level) and opens on the
 * evidence of the first.
 */
export function findingCard(f: Finding, evidence: Map<string, RuleEvidence>, options: CardOptions): string {
  if (f.rules.length === 1) return ruleCard(f.rules[0]!, evidence.get(f.rules[0]!.id), options);
  const first = f.rules[0]!;
  const look = lookOf(first);
  const ties = f.ties.map((t) => TIES[t]).join(', ') || 'one cause';
  const refs = f.rules.flatMap((r) => r.spec ?? []);
  return `<article class="rule finding ${look.cls}" id="finding-${esc(first.id)}">
  <header><span class="badge ${look.cls}">${look.label}</span> <b>${f.rules.length} rules, one cause</b> <span class="meta">(${esc(ties)})</span></header>
  <p class="lead">${esc(leadOf(first))}</p>
  ${f.answer ? `<p class="meta">The answer they share: <code>${esc(f.answer)}</code></p>` : ''}
  <ul class="members">${f.rules
    .map(
      (r) =>
        `<li id="rule-${esc(r.id)}"><span class="badge ${lookOf(r).cls}">${lookOf(r).label}</span> <code>${esc(r.id)}</code> <span class="meta">${metaLine(r)}${allureLink(evidence.get(r.id), options.allureHref)}</span><br>${esc(r.title)}${ownReason(r, f)}</li>`,
    )
    .join('')}</ul>
  <p class="meta">What the spec says, for all ${f.rules.length} rules:</p>
  ${refs.length ? quotesHtml(refs) : f.rules.map(quotes).join('')}
  ${replayHint(f.rules, options.seed)}
  <p class="meta">Evidence of <code>${esc(first.id)}</code>; each rule's own is in Allure.</p>
  ${evidenceHtml(first, evidence.get(first.id), options.open ?? false)}
</article>`;
}
