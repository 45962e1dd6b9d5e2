import { ACCOUNTING } from '../contract/spec/accounting.js';
import { accountFor, bySection, STATUSES, totalsOf, type SpecRule, type UnitAccount, type UnitStatus } from '../contract/spec/coverage.js';
import { SPEC_UNITS } from '../contract/spec/index.js';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { SILENCES } from '../contract/silences/index.js';
import { MATRICES } from '../contract/matrices.js';
import { cellCounts, CELL_STATUSES, type Matrix } from '../contract/matrix.js';
import type { RuleResult, Summary } from '../contract/summary.js';
import { esc, lookOf } from './verdict-card.js';
import { STYLE } from './verdict-style.js';

/**
 * The spec inside the report: spec.html beside the verdict page, the whole
 * interface spec rendered from the index (contract/spec/units.ts, so an installed suite needs
 * no copy of the spec), every unit with its anchor as its element id and marked as docs/coverage.md
 * marks it: enforced (by which rules, each with its outcome in this run and a link to its card),
 * silent (the catalogue entry), not observable or informative (the reason), uncovered. Every
 * section and anchor link of the verdict page and of Allure lands here (spec-link.ts `specHref`).
 */

/**
 * The rules as this run knows them: the run's own (their anchors as declared when they ran),
 * then the catalogue's rules that did not run (contract/spec/rules.ts), so the page accounts for
 * the spec as docs/coverage.md does whatever subset ran.
 */
export function rulesOfRun(summary: Summary, catalogue: readonly SpecRule[] = SPEC_RULES): SpecRule[] {
  const ran = summary.rules.map((r): SpecRule => ({ id: r.id, interface: r.interface, level: r.level, file: r.file, title: r.title, spec: r.spec ?? [], judges: r.judges ?? [r.operation] }));
  const seen = new Set(ran.map((r) => r.id));
  return [...ran, ...catalogue.filter((r) => !seen.has(r.id))];
}

export const accountsOfRun = (summary: Summary, catalogue: readonly SpecRule[] = SPEC_RULES): UnitAccount[] => accountFor(SPEC_UNITS, rulesOfRun(summary, catalogue), SILENCES, ACCOUNTING);

const STATUS_CLASS: Record<UnitStatus, string> = { enforced: 'enforced', silent: 'silent', 'not observable': 'hidden', informative: 'informative', uncovered: 'uncovered' };

/** The spec's own markdown marks (bold, code) as HTML, the rest escaped. */
const marked = (text: string) =>
  esc(text)
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');

function ruleLine(rule: SpecRule, ran: RuleResult | undefined): string {
  const look = ran ? lookOf(ran) : { cls: 'na', label: 'not run' };
  const id = ran ? `<a href="index.html#rule-${esc(encodeURIComponent(rule.id))}"><code>${esc(rule.id)}</code></a>` : `<code>${esc(rule.id)}</code>`;
  return `<li><span class="badge ${look.cls}">${esc(look.label)}</span> ${id} [${rule.level}] <span class="file">${esc(rule.file)}</span></li>`;
}

function unitHtml(a: UnitAccount, ran: ReadonlyMap<string, RuleResult>): string {
  const text = a.kind === 'row' ? a.text.split(' | ').map((c) => `<span class="cell">${marked(c)}</span>`).join(' ') : marked(a.text);
  const rules = a.rules.length ? `<ul class="unit-rules">${a.rules.map((r) => ruleLine(r, ran.get(r.id))).join('')}</ul>` : '';
  const silences = a.silences.length ? `<p class="why">silent: ${a.silences.map((s) => `<code>${esc(s)}</code>`).join(', ')} (docs/silences.md)</p>` : '';
  const reason = a.reason && a.status !== 'enforced' && a.status !== 'silent' ? `<p class="why">${esc(a.status)}: ${esc(a.reason)}</p>` : '';
  const body = a.kind === 'heading' ? `<h2>${marked(a.text)}</h2>` : `<p class="text ${a.kind}">${text}</p>`;
  return `<div class="unit ${STATUS_CLASS[a.status]}" id="${esc(a.anchor)}"><a class="anchor" href="#${esc(encodeURIComponent(a.anchor))}">${esc(a.anchor)}</a> <span class="status">${esc(a.status)}</span>${body}${rules}${silences}${reason}</div>`;
}

const SPEC_STYLE = `
.unit{background:#fff;border-left:4px solid #94a3b8;border-radius:6px;padding:6px 12px;margin:6px 0}
.unit.enforced{border-left-color:#1f7a3d}.unit.silent{border-left-color:#6d28d9}.unit.hidden{border-left-color:#475569}
.unit.informative{border-left-color:#cbd5e1}.unit.uncovered{border-left-color:#b3261e;background:#fff5f5}
.unit:target{outline:3px solid #1e40af;outline-offset:2px}
.unit h2{margin:4px 0}.unit .text{margin:4px 0}.unit .cell{display:inline-block;margin-right:10px}
.anchor,.status,.file,.why{font-size:12px;color:#4a5260}.status{text-transform:uppercase;font-weight:600;margin-left:6px}
.unit-rules{margin:4px 0;padding-left:18px}.why{margin:2px 0}
table.totals td,table.totals th{text-align:right}table.totals td:first-child,table.totals th:first-child{text-align:left}
`;

/** One derived matrix (contract/matrices.ts), every cell with its status and, where enforced, its rule's outcome in this run. */
function matrixHtml(m: Matrix, ran: ReadonlyMap<string, RuleResult>): string {
  const counts = cellCounts(m);
  const rows = m.cells.map((c) => {
    const r = c.rule ? ran.get(c.rule) : undefined;
    const look = c.rule ? (r ? lookOf(r) : { cls: 'na', label: 'not run' }) : { cls: 'na', label: c.status };
    const rule = c.rule ? (r ? `<a href="index.html#rule-${esc(encodeURIComponent(c.rule))}"><code>${esc(c.rule)}</code></a>` : `<code>${esc(c.rule)}</code>`) : esc(c.reason ?? '');
    return `<tr>${c.at.map((x) => `<td>${esc(x)}</td>`).join('')}<td><span class="badge ${look.cls}">${esc(look.label)}</span></td><td>${rule}</td></tr>`;
  });
  return `<section id="matrix-${esc(m.id)}" aria-label="${esc(m.title)}"><h2>${esc(m.title)}</h2>
<p>${m.cells.length} cells: ${CELL_STATUSES.map((s) => `${counts[s]} ${esc(s)}`).join(', ')}. From ${m.anchors.map((a) => `<a href="#${esc(encodeURIComponent(a))}">${esc(a)}</a>`).join(', ')}.</p>
<div class="scroll" tabindex="0" role="region" aria-label="${esc(m.title)}"><table class="cells"><tr>${m.axes.map((a) => `<th>${esc(a)}</th>`).join('')}<th>status</th><th>rule, or reason</th></tr>
${rows.join('\n')}
</table></div></section>`;
}

export interface SpecPageInput {
  summary: Summary;
  /** the catalogue (contract/spec/rules.ts; tests pass their own) */
  catalogue?: readonly SpecRule[];
  /** the profile's address of the vendor's own copy of the spec, shown beside the title */
  specUrl?: string;
}

export function specPage({ summary, catalogue = SPEC_RULES, specUrl }: SpecPageInput): string {
  const accounts = accountsOfRun(summary, catalogue);
  const ran = new Map(summary.rules.map((r) => [r.id, r]));
  const sections = bySection(accounts);
  const all = totalsOf(accounts);
  const totalsRow = (name: string, list: readonly UnitAccount[]) => {
    const t = totalsOf(list);
    return `<tr><td>${name}</td><td>${t.units}</td>${STATUSES.map((s) => `<td>${t[s]}</td>`).join('')}</tr>`;
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>The interface spec, unit by unit · Secure Messaging conformance · ${esc(summary.target.url)}</title>
<style>${STYLE}${SPEC_STYLE}</style></head>
<body><main>
<h1>The interface spec, unit by unit</h1>
<p>Every sentence, list item and table row of the interface spec, with its anchor, and what the suite does with it: the rules that enforce it (with their outcome in this run against <b>${esc(summary.target.url)}</b>; each links to its card on <a href="index.html">the verdict page</a>), the silence that covers it, or why no rule can. Rendered from the suite's index of the spec (docs/coverage.md is the same accounting).${specUrl ? ` The vendor's copy: <a href="${esc(specUrl.replace(/#?\{section\}.*$/, ''))}">${esc(specUrl.replace(/#?\{section\}.*$/, ''))}</a>.` : ''}</p>
<p class="totals" id="totals">${all.units} units: ${STATUSES.map((s) => `<span data-status="${esc(s)}">${all[s]} ${esc(s)}</span>`).join(', ')}.</p>
<div class="scroll" tabindex="0" role="region" aria-label="units by section"><table class="totals"><tr><th>section</th><th>units</th>${STATUSES.map((s) => `<th>${esc(s)}</th>`).join('')}</tr>
${sections.map(([s, list]) => totalsRow(`<a href="#${esc(encodeURIComponent(s))}">${esc(s)}</a>`, list)).join('\n')}
${totalsRow('total', accounts)}
</table></div>
${sections.map(([s, list]) => `<section id="${esc(s)}" aria-label="${esc(s)}">\n${list.map((a) => unitHtml(a, ran)).join('\n')}\n</section>`).join('\n')}
${MATRICES.map((m) => matrixHtml(m, ran)).join('\n')}
</main></body></html>
`;
}
