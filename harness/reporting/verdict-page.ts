import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sectionAnchor, specLink } from './allure-annotate.js';
import { expectationSentence, isExpected } from './expectations.js';
import type { Outcome, RuleResult, Summary } from './summary-reporter.js';

/**
 * The page the report opens on (issue 12, item 6): the verdict with its counts, then every rule
 * that did not hold, expected failures apart, every not-applicable rule with its reason, and
 * every section of the spec with its rules. One self-contained HTML file, no script, built from
 * summary.json (so its totals are summary.json's) and the evidence in the Allure results.
 * Allure 3's own view, which has no notion of a verdict, sits next to it as allure.html.
 */

export interface EvidenceEntry {
  title: string;
  text: string;
}

export interface VerdictPageInput {
  summary: Summary;
  verdict: { kind: string; line: string; notCovered: string[] };
  evidence: Map<string, EvidenceEntry[]>;
  specUrl?: string;
  allureHref?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LOOK: Record<Outcome | 'expected', { label: string; cls: string }> = {
  pass: { label: 'pass', cls: 'pass' },
  fail: { label: 'fail', cls: 'fail' },
  broken: { label: 'broken', cls: 'broken' },
  notApplicable: { label: 'not applicable', cls: 'na' },
  expected: { label: 'expected failure', cls: 'expected' },
};

const lookOf = (r: RuleResult) => (isExpected(r) ? LOOK.expected : LOOK[r.outcome]);

/** Sorts §4.10 after §4.9. */
const sectionKey = (s: string) => s.replace(/^§/, '').split('.').map((n) => n.padStart(4, '0')).join('.');

/** The entry a reader of a failure wants first: the longest folded poll, else the last exchange. */
function shownOpen(evidence: EvidenceEntry[]): number {
  const count = (e: EvidenceEntry) => Number(/\(× (\d+) identical/.exec(e.title)?.[1] ?? 1);
  let best = evidence.length - 1;
  evidence.forEach((e, i) => {
    if (count(e) > 2 && count(e) > count(evidence[best]!)) best = i;
  });
  return best;
}

function ruleCard(r: RuleResult, evidence: EvidenceEntry[] | undefined, specUrl: string | undefined, open = false): string {
  const look = lookOf(r);
  const first = (r.reason ?? '').split('\n')[0] ?? '';
  const lead =
    r.outcome === 'notApplicable'
      ? `Not applicable: ${first}`
      : r.outcome === 'broken'
        ? `Broken (could not be evaluated): ${first.replace(/^Precondition /, 'precondition ')}`
        : r.outcome === 'fail'
          ? first
          : '';
  const spec = specLink(specUrl, r.section);
  const rest = (r.reason ?? '').split('\n').slice(1).join('\n').trim();
  return `<article class="rule ${look.cls}" id="rule-${esc(r.id)}">
  <header><span class="badge ${look.cls}">${look.label}</span> <code class="id">${esc(r.id)}</code>
  <span class="meta">level <b>${r.level}</b> · <a href="#${sectionAnchor(r.section)}">${esc(r.section)}</a>${spec ? ` (<a href="${esc(spec)}">spec</a>)` : ''} · ${esc(r.operation)}</span></header>
  ${lead ? `<p class="lead">${esc(lead)}</p>` : ''}
  ${r.expectation ? `<p class="expectation">Expectation: ${esc(expectationSentence(r.expectation))}${r.expectation.link ? ` <a href="${esc(r.expectation.link)}">link</a>` : ''}</p>` : ''}
  <p class="title">${esc(r.title)}</p>
  ${r.sentence ? `<blockquote class="sentence">${esc(r.sentence)}<cite>interface spec ${esc(r.section)}${r.sentenceMatched ? ', the line of the section closest to the rule (matched automatically)' : ''}</cite></blockquote>` : ''}
  ${rest ? `<details><summary>the whole reason</summary><pre>${esc(rest)}</pre></details>` : ''}
  ${
    evidence && evidence.length > 0
      ? `<details class="evidence"${open ? ' open' : ''}><summary>evidence: ${evidence.length} ${evidence.length === 1 ? 'entry' : 'entries'} (${r.exchanges} exchanges)</summary>${evidence
          .map((e, i) => `<details${open && i === shownOpen(evidence) ? ' open' : ''}><summary>${esc(e.title)}</summary><pre>${esc(e.text)}</pre></details>`)
          .join('\n')}</details>`
      : ''
  }
</article>`;
}

const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2430;background:#f5f6f8}
main{max-width:1100px;margin:0 auto;padding:24px}
.verdict{border-radius:10px;padding:20px 24px;color:#fff;margin-bottom:18px}
.verdict h1{margin:0 0 6px;font-size:32px;letter-spacing:.02em}
.verdict.CONFORMS{background:#1f7a3d}.verdict.DOES-NOT-CONFORM{background:#b3261e}.verdict.NO-VERDICT{background:#5f6368}
.counts{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.counts span{background:rgba(255,255,255,.18);border-radius:6px;padding:4px 10px}
.facts{color:#4a5260;font-size:13px;margin:0 0 18px}
h2{margin:28px 0 10px;font-size:20px;border-bottom:1px solid #d6d9de;padding-bottom:4px}
table{border-collapse:collapse;background:#fff}td,th{padding:4px 12px;border:1px solid #dde0e4;text-align:right}td:first-child,th:first-child{text-align:left}
.rule{background:#fff;border:1px solid #d6d9de;border-left:6px solid #999;border-radius:6px;padding:10px 14px;margin:10px 0}
.rule.pass{border-left-color:#1f7a3d}.rule.fail{border-left-color:#b3261e}.rule.broken{border-left-color:#d97706}
.rule.na{border-left-color:#64748b;border-style:dashed;border-left-style:solid;background:#f8fafc}.rule.expected{border-left-color:#7c3aed}
.badge{display:inline-block;border-radius:4px;padding:1px 8px;font-size:12px;font-weight:600;text-transform:uppercase;color:#fff}
.badge.pass{background:#1f7a3d}.badge.fail{background:#b3261e}.badge.broken{background:#d97706}.badge.na{background:#64748b}.badge.expected{background:#7c3aed}
.id{font-size:14px;font-weight:600}.meta{color:#4a5260;font-size:13px;margin-left:8px}
.lead{font-weight:600;margin:8px 0 4px}.rule.na .lead{color:#334155}.rule.broken .lead{color:#9a4a00}.rule.fail .lead{color:#8c1d18}
.title{margin:4px 0}.expectation{color:#5b21b6;margin:4px 0}
blockquote.sentence{margin:8px 0;padding:6px 12px;border-left:3px solid #94a3b8;background:#f1f5f9;font-style:italic}
blockquote cite{display:block;font-style:normal;font-size:12px;color:#64748b}
pre{white-space:pre-wrap;word-break:break-all;background:#0f172a;color:#e2e8f0;padding:8px;border-radius:4px;font-size:12px;max-height:420px;overflow:auto}
details summary{cursor:pointer;color:#1e40af;margin:4px 0}
.section-rules li{margin:2px 0;list-style:none}.section-rules{padding-left:4px}
nav a{margin-right:14px}
`;

export function verdictPage({ summary, verdict, evidence, specUrl, allureHref = 'allure.html' }: VerdictPageInput): string {
  const t = summary.totals;
  const expected = summary.rules.filter(isExpected);
  const notHeld = summary.rules.filter((r) => (r.outcome === 'fail' || r.outcome === 'broken') && !isExpected(r));
  const bad = summary.rules.filter((r) => r.expectation?.status === 'stale' || r.expectation?.status === 'expired');
  const na = summary.rules.filter((r) => r.outcome === 'notApplicable' && !isExpected(r));
  const interfaces = [...new Set(summary.rules.map((r) => r.interface))];
  const row = (name: string, rules: RuleResult[]) => {
    const n = (o: Outcome) => rules.filter((r) => r.outcome === o && !isExpected(r)).length;
    return `<tr><td>${esc(name)}</td><td>${n('pass')}</td><td>${n('fail')}</td><td>${n('broken')}</td><td>${n('notApplicable')}</td><td>${rules.filter(isExpected).length}</td><td>${rules.length}</td></tr>`;
  };
  const sections = [...new Set(summary.rules.map((r) => r.section))].sort((a, b) => sectionKey(a).localeCompare(sectionKey(b)));
  const kindCls = verdict.kind.replace(/ /g, '-');
  const count = (n: number, what: string) => `<span>${n} ${what}</span>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(verdict.kind)} · Secure Messaging conformance · ${esc(summary.target.url)}</title>
<style>${STYLE}</style></head>
<body><main>
<section class="verdict ${kindCls}" id="verdict">
  <h1>${esc(verdict.kind)}</h1>
  <div>${esc(verdict.line.replace(/^[A-Z ]+: /, ''))}</div>
  <div class="counts">${count(summary.rules.length, 'rules')}${count(t.pass, 'pass')}${count(t.fail - expected.filter((r) => r.outcome === 'fail').length, 'fail')}${count(t.broken - expected.filter((r) => r.outcome === 'broken').length, 'broken')}${count(t.notApplicable - expected.filter((r) => r.outcome === 'notApplicable').length, 'not applicable')}${count(expected.length, expected.length === 1 ? 'expected failure' : 'expected failures')}${bad.length ? count(bad.length, 'stale or expired expectations') : ''}</div>
</section>
<p class="facts">Target <b>${esc(summary.target.url)}</b> (${esc(summary.target.edition)} ${esc(summary.target.release)}) · suite ${esc(summary.suiteVersion)} · seed ${summary.seed} · run ${esc(summary.runId)}${summary.expectations ? ` · expectations ${esc(summary.expectations.file)}` : ''} · ${summary.exchanges} exchanges</p>
<nav><a href="#not-held">did not hold (${notHeld.length})</a><a href="#expected">expected failures (${expected.length})</a><a href="#na">not applicable (${na.length})</a><a href="#sections">sections (${sections.length})</a><a href="${esc(allureHref)}">every test in detail (Allure)</a></nav>
<h2>By interface</h2>
<table><tr><th>interface</th><th>pass</th><th>fail</th><th>broken</th><th>not applicable</th><th>expected failures</th><th>rules</th></tr>
${interfaces.map((i) => row(i, summary.rules.filter((r) => r.interface === i))).join('\n')}
${verdict.notCovered.map((i) => `<tr><td>${esc(i)}</td><td colspan="6" style="text-align:left">not covered: the suite has no rules for this interface yet</td></tr>`).join('\n')}
${row('total', summary.rules)}
</table>
${summary.suiteErrors.length ? `<h2>The suite itself failed</h2><pre>${esc(summary.suiteErrors.join('\n'))}</pre>` : ''}
${bad.length ? `<h2 id="stale">Expectations that fail the run (${bad.length})</h2>${bad.map((r) => ruleCard(r, evidence.get(r.id), specUrl)).join('\n')}` : ''}
<h2 id="not-held">Rules that did not hold (${notHeld.length})</h2>
${notHeld.length ? notHeld.map((r) => ruleCard(r, evidence.get(r.id), specUrl, true)).join('\n') : '<p>None.</p>'}
<h2 id="expected">Expected failures (${expected.length}), not counted in the verdict</h2>
${expected.length ? expected.map((r) => ruleCard(r, evidence.get(r.id), specUrl)).join('\n') : '<p>None.</p>'}
<h2 id="na">Not applicable (${na.length}): the profile lacks what these rules need</h2>
${na.length ? na.map((r) => ruleCard(r, undefined, specUrl)).join('\n') : '<p>None.</p>'}
<h2 id="sections">Rules by section of the interface spec</h2>
${sections
  .map((s) => {
    const spec = specLink(specUrl, s);
    const rules = summary.rules.filter((r) => r.section === s);
    return `<section id="${sectionAnchor(s)}"><h3>${esc(s)}${spec ? ` <a href="${esc(spec)}">(the spec's text)</a>` : ''}</h3><ul class="section-rules">${rules
      .map((r) => `<li><span class="badge ${lookOf(r).cls}">${lookOf(r).label}</span> <a href="#rule-${esc(r.id)}"><code>${esc(r.id)}</code></a> [${r.level}] ${esc(r.title)}</li>`)
      .join('')}</ul></section>`;
  })
  .join('\n')}
<h2 id="passed">Rules that passed (${t.pass})</h2>
${summary.rules.filter((r) => r.outcome === 'pass').map((r) => ruleCard(r, undefined, specUrl)).join('\n')}
</main></body></html>
`;
}

/** The evidence of each rule, as the Allure results hold it: attachment title and text, in order. */
export async function evidenceFromAllure(resultsDir: string, ids: Set<string>): Promise<Map<string, EvidenceEntry[]>> {
  const out = new Map<string, EvidenceEntry[]>();
  let names: string[];
  try {
    names = await readdir(resultsDir);
  } catch {
    return out;
  }
  for (const name of names.filter((n) => n.endsWith('-result.json'))) {
    const result = JSON.parse(await readFile(join(resultsDir, name), 'utf8')) as {
      labels?: Array<{ name: string; value: string }>;
      steps?: Array<{ name: string; attachments?: Array<{ name: string; source: string }> }>;
      attachments?: Array<{ name: string; source: string }>;
    };
    const id = result.labels?.find((l) => l.name === 'ruleId')?.value;
    if (!id || !ids.has(id)) continue;
    const attachments = [...(result.steps ?? []).flatMap((s) => s.attachments ?? []), ...(result.attachments ?? [])].filter((a) => !a.name.startsWith('technical detail'));
    const entries: EvidenceEntry[] = [];
    for (const a of attachments) {
      const text = await readFile(join(resultsDir, a.source), 'utf8').catch(() => '(attachment missing)');
      entries.push({ title: a.name, text });
    }
    out.set(id, entries);
  }
  return out;
}
