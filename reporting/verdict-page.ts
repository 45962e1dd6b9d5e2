import { sectionAnchor } from './allure-annotate.js';
import { SPEC_PAGE, specHref } from './spec-link.js';
import { isExpected } from './expectations.js';
import type { Outcome, RuleResult, Summary } from '../contract/summary.js';
import { esc, findingCard, lookOf, ruleCard } from './verdict-card.js';
import type { RuleEvidence } from './verdict-evidence.js';
import { BUCKETS, bucketOf, findings } from './verdict-findings.js';
import { STYLE } from './verdict-style.js';
import { runDuration, runStart } from './run-meta.js';
import { judgementSection } from './verdict-judgement.js';

/**
 * The page the report opens on: the verdict with its counts and
 * the run it belongs to, then the findings ordered by what they mean, every not-applicable rule
 * with its reason, and every section of the spec with its rules. One self-contained HTML file,
 * no script, built from summary.json (so its totals are summary.json's) and the evidence in the
 * Allure results. Allure 3's own view, which has no notion of a verdict, sits next to it as allure.html.
 */

/** run-info.json and what finish() knows of the files beside the report. */
export interface RunIdentity {
  gitCommit?: string;
  finishedAt?: string;
  /** sha256 of profile.json (the redacted profile), its first 16 hex digits */
  profileDigest?: string;
  /** report files that exist, by name (summary.json, junit.xml, profile.json, run-info.json), as links relative to the page */
  files?: Record<string, string>;
}

export interface VerdictPageInput {
  summary: Summary;
  verdict: { kind: string; line: string; notCovered: string[] };
  evidence: Map<string, RuleEvidence>;
  specUrl?: string;
  allureHref?: string;
  run?: RunIdentity;
}

/** Sorts §4.10 after §4.9. */
const sectionKey = (s: string) => s.replace(/^§/, '').split('.').map((n) => n.padStart(4, '0')).join('.');


function identity(summary: Summary, run: RunIdentity = {}): string {
  const t = summary.target;
  const rows: Array<[string, string]> = [
    // the run's start, duration and commit as junit.xml and Allure state them (summary.json's)
    ['Started', esc(summary.startedAt ? runStart(summary.startedAt) : run.finishedAt ? `${runStart(run.finishedAt)} (finished)` : 'unknown')],
    ['Duration', esc(runDuration(summary.durationMs))],
    ['Target', `<b>${esc(t.url)}</b> (${esc(t.edition)} ${esc(t.release)})${t.description ? `: ${esc(t.description)}` : ''}`],
    ['Suite', `version ${esc(summary.suiteVersion)}${(summary.commit ?? run.gitCommit) ? `, commit <code>${esc((summary.commit ?? run.gitCommit)!.slice(0, 12))}</code>` : ''}`],
    ['Seed', `${summary.seed} (replay the run with <code>--seed ${summary.seed}</code>; each card that did not hold gives the command that replays its rule alone, <code>--rule ID</code>)`],
    ['Run', esc(summary.runId)],
    ...(run.profileDigest ? ([['Profile digest', `sha256 <code>${esc(run.profileDigest)}</code>`]] as Array<[string, string]>) : []),
    ...(summary.areas ? ([['Areas', esc(summary.areas.join(', '))]] as Array<[string, string]>) : []),
    ['Exchanges', String(summary.exchanges)],
    ...(summary.expectations ? ([['Expectations', esc(summary.expectations.file)]] as Array<[string, string]>) : []),
  ];
  return `<dl class="run" aria-label="the run">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function counts(summary: Summary): string {
  const n = (pick: (r: RuleResult) => boolean) => summary.rules.filter(pick).length;
  const items: Array<[number, string, string]> = [
    [n((r) => bucketOf(r) === 'must-fail'), 'must-level failed', 'must-level failed'],
    [n((r) => bucketOf(r) === 'must-broken'), 'must-level broken', 'must-level broken'],
    [n((r) => bucketOf(r) === 'warning'), 'warning (should-level, not counted)', 'warnings (should-level, not counted)'],
    [n((r) => bucketOf(r) === 'expected'), 'expected failure (not counted)', 'expected failures (not counted)'],
    [n((r) => r.outcome === 'notApplicable' && !isExpected(r)), 'not applicable', 'not applicable'],
    [summary.totals.pass, 'pass', 'pass'],
    [summary.rules.length, 'rule', 'rules'],
  ];
  return `<ul class="counts">${items.map(([k, one, many]) => `<li><b>${k}</b> ${k === 1 ? one : many}</li>`).join('')}</ul>`;
}

export function verdictPage({ summary, verdict, evidence, specUrl, allureHref = 'allure.html', run }: VerdictPageInput): string {
  const expected = summary.rules.filter(isExpected);
  const bad = summary.rules.filter((r) => r.expectation?.status === 'stale' || r.expectation?.status === 'expired');
  const na = summary.rules.filter((r) => r.outcome === 'notApplicable' && !isExpected(r));
  const all = findings(summary.rules, evidence);
  const interfaces = [...new Set(summary.rules.map((r) => r.interface))];
  const row = (name: string, rules: RuleResult[]) => {
    const k = (o: Outcome) => rules.filter((r) => r.outcome === o && !isExpected(r)).length;
    return `<tr><td>${esc(name)}</td><td>${k('pass')}</td><td>${k('fail')}</td><td>${k('broken')}</td><td>${k('notApplicable')}</td><td>${rules.filter(isExpected).length}</td><td>${rules.length}</td></tr>`;
  };
  // a rule is listed under every section its anchors name: §4.4 lists the SOAP DeleteMessage rules
  const sectionsOf = (r: RuleResult) => r.sections ?? [r.section];
  const sections = [...new Set(summary.rules.flatMap(sectionsOf))].sort((a, b) => sectionKey(a).localeCompare(sectionKey(b)));
  const files = run?.files ?? {};
  const spec = specUrl ? specUrl.replace(/#?\{section\}.*$/, '') : undefined;
  const links: Array<[string, string]> = [
    ...Object.entries(files).map(([name, href]): [string, string] => [href, name]),
    // no Allure view when the run was asked for none (run --no-allure)
    ...(allureHref ? ([[allureHref, 'every test in detail (Allure)']] as Array<[string, string]>) : []),
    [SPEC_PAGE, "the interface spec, unit by unit, with this run's rules"],
    ...(spec ? ([[spec, "the vendor's copy of the spec"]] as Array<[string, string]>) : []),
  ];
  const options = { allureHref, seed: summary.seed };
  const bucketHtml = BUCKETS.map(({ bucket, heading, note }) => {
    const found = all.filter((f) => f.bucket === bucket);
    // a finding sits under its most severe rule: a broken rule of a failure's cause is listed with it, above
    const rules = summary.rules.filter((r) => bucketOf(r) === bucket).length;
    const above = rules - found.reduce((k, f) => k + f.rules.filter((r) => bucketOf(r) === bucket).length, 0);
    const shown = found.reduce((k, f) => k + f.rules.length, 0);
    const count = `${rules}${found.length !== shown ? ` in ${found.length} findings` : ''}${above ? `; ${above} listed above, with a finding of the same cause` : ''}`;
    return `<h2 id="${bucket}">${heading} (${count})</h2><p class="note">${esc(note)}</p>
${found.length ? found.map((f) => findingCard(f, evidence, { ...options, open: bucket !== 'expected' })).join('\n') : '<p>None.</p>'}`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(verdict.kind)} · Secure Messaging conformance · ${esc(summary.target.url)}</title>
<style>${STYLE}</style></head>
<body><a class="skip" href="#must-fail">Skip to the findings</a><main>
<section class="verdict ${verdict.kind.replace(/ /g, '-')}" id="verdict">
  <h1>${esc(verdict.kind)}</h1>
  <div>${esc(verdict.line.replace(/^[A-Z ]+: /, ''))}</div>
  ${counts(summary)}
</section>
${identity(summary, run)}
<nav aria-label="the report"><ul>${links.map(([href, what]) => `<li><a href="${esc(href)}">${esc(what)}</a></li>`).join('')}</ul>
<ul>${BUCKETS.map(({ bucket, heading }) => `<li><a href="#${bucket}">${esc(heading.replace(/:.*/, ''))}</a></li>`).join('')}<li><a href="#na">not applicable (${na.length})</a></li><li><a href="#sections">sections (${sections.length})</a></li></ul></nav>
<h2>By interface</h2>
<div class="scroll" tabindex="0" role="region" aria-label="rules by interface"><table><tr><th>interface</th><th>pass</th><th>fail</th><th>broken</th><th>not applicable</th><th>expected failures</th><th>rules</th></tr>
${interfaces.map((i) => row(i, summary.rules.filter((r) => r.interface === i))).join('\n')}
${verdict.notCovered.map((i) => `<tr><td>${esc(i)}</td><td colspan="6" style="text-align:left">not covered: the suite has no rules for this interface yet</td></tr>`).join('\n')}
${row('total', summary.rules)}
</table></div>
${judgementSection(summary)}
${summary.suiteErrors.length ? `<h2>The suite itself failed</h2><pre>${esc(summary.suiteErrors.join('\n'))}</pre>` : ''}
${bad.length ? `<h2 id="stale">Expectations that fail the run (${bad.length})</h2>${bad.map((r) => ruleCard(r, evidence.get(r.id), options)).join('\n')}` : ''}
${bucketHtml}
<h2 id="na">Not applicable (${na.length}): ${summary.judgement ? 'the traffic did not exercise these rules' : 'the profile lacks what these rules need'}</h2>
${na.length ? na.map((r) => ruleCard(r, evidence.get(r.id), options)).join('\n') : '<p>None.</p>'}
<h2 id="sections">Rules by section of the interface spec</h2>
${sections
  .map((s) => {
    const rules = summary.rules.filter((r) => sectionsOf(r).includes(s));
    return `<section id="${sectionAnchor(s)}"><h3>${esc(s)} <a href="${esc(specHref(s))}">(the spec's text)</a></h3><ul class="section-rules">${rules
      .map((r) => `<li><span class="badge ${lookOf(r).cls}">${lookOf(r).label}</span> <a href="#rule-${esc(r.id)}"><code>${esc(r.id)}</code></a> [${r.level}] ${esc(r.title)}</li>`)
      .join('')}</ul></section>`;
  })
  .join('\n')}
<h2 id="passed">Rules that passed (${summary.totals.pass})</h2>
${summary.rules.filter((r) => r.outcome === 'pass').map((r) => ruleCard(r, evidence.get(r.id), options)).join('\n')}
</main></body></html>
`;
}
