import { specHref } from '../../reporting/spec-link.js';
import type { Finding, FindingStep } from './engine.js';
import { findingFields, isStartingState, startDifferences, type FieldDifference } from './fields.js';
import type { Observation } from './session.js';
import { outcomeOf, silenceNamed, stepWords } from './words.js';
import type { WitnessedExchange } from './witness.js';

/** One finding of the `diff` report as HTML: what it is, every field that differs, and each step in the spec's words with its exchanges. */

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const show = (v: unknown) => (v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v));
export const specLink = (anchor: string, text = anchor) => `<a href="${esc(specHref(anchor))}">${esc(text)}</a>`;
export const ruleLink = (id: string) => `<a href="#rule-${esc(id)}"><code>${esc(id)}</code></a>`;
export const silenceLink = (id: string) => `<a href="#silence-${esc(id)}"><code>${esc(id)}</code></a>`;

/** The kind of a finding as its badge says it. */
export function badgeOf(f: Finding): { cls: string; label: string } {
  if (f.kind === 'rule') return { cls: 'fail', label: 'a rule broken' };
  if (f.kind === 'silence') return { cls: 'expected', label: 'a catalogued reading' };
  return { cls: 'warning', label: 'uncatalogued' };
}

/** What a finding is, with links to the catalogue entry, the spec and the rules. */
export function verdictHtml(f: Finding): string {
  const r = f.reading;
  const parts: string[] = [];
  if (r) {
    const s = silenceNamed(r.silence);
    parts.push(
      `The catalogued silence ${silenceLink(r.silence)} (${specLink(s?.anchors[0] ?? r.section, r.section)}) read two ways: the target reads it <code>${esc(r.target)}</code>, the against target <code>${esc(r.against)}</code> (reference axis <code>${esc(r.axis)}</code>; ${r.profileKey ? `profile key <code>${esc(r.profileKey)}</code>` : 'no profile key: the suite accepts every reading'}).`,
    );
    if (r.alsoExplainedBy) parts.push(`This sequence answers alike under ${r.alsoExplainedBy.map((x) => `<code>${esc(x)}</code>`).join(', ')} too.`);
    if (r.undeclared) parts.push(`Both profiles declare the same <code>${esc(r.profileKey ?? '')}</code>: one side answers as a reading its profile does not declare.`);
  }
  if (f.rules?.length) {
    parts.push(`${f.rules.map((x) => `Rule ${ruleLink(x.rule)} (${specLink(x.section)}) is broken by the ${x.side === 'target' ? 'target' : 'against target'}${x.reason ? `: ${esc(x.reason)}` : ''}${x.judgesSequence ? '' : ' (it judges no step of the sequence)'}.`).join(' ')}`);
  }
  if (!r && !f.rules?.length) parts.push('No catalogued reading and no rule explains it: a candidate for the catalogue of silences, or a gap in the spec.');
  return `<p>${parts.join(' ')}</p>`;
}

const values = (d: FieldDifference, side: 'target' | 'against') => [...new Set(d.pairs.map((p) => show(p[side])))].join('\n');
const KIND_TEXT: Record<FieldDifference['kind'], string> = { 'only-target': 'only the target answers it', 'only-against': 'only the against target answers it', value: 'both answer it, differently' };

/** "Differs in" and the table: one list, one row per field. */
export function fieldsHtml(fields: readonly FieldDifference[]): string {
  const names = fields.map((d) => `<code>${esc(d.field)}</code>`).join(', ');
  const rows = fields
    .map((d) => `<tr data-field="${esc(d.field)}"><td><code>${esc(d.field)}</code><br><span class="meta">${esc(KIND_TEXT[d.kind])}${d.startingState ? '; <b>starting state</b>' : ''}</span></td><td><pre>${esc(values(d, 'target'))}</pre></td><td><pre>${esc(values(d, 'against'))}</pre></td></tr>`)
    .join('');
  return `<p class="differs">Differs in (${fields.length}): ${names}</p>
<div class="scroll" tabindex="0" role="region" aria-label="the differing fields"><table class="fields"><tr><th>field</th><th>target</th><th>against</th></tr>${rows}</table></div>`;
}

function exchangesHtml(xs: readonly WitnessedExchange[] | undefined, open: boolean): string {
  if (!xs || xs.length === 0) return '<p class="meta">No HTTP exchange (nothing sent: the step was skipped, or it speaks SMTP).</p>';
  return xs
    .map((x) => `<details class="exchange"${open ? ' open' : ''}><summary>${esc(x.title)}${x.times ? ` (× ${x.times} identical)` : ''}, by ${esc(x.actor)}</summary><pre>${esc(x.text)}</pre><p class="meta">curl:</p><pre class="curl">${esc(x.curl)}</pre></details>`)
    .join('');
}

function sideHtml(name: string, o: Observation, open: boolean): string {
  return `<div class="side"><h5>${name}: ${esc(outcomeOf(o))}</h5>${exchangesHtml(o.exchanges, open)}</div>`;
}

function stepHtml(step: FindingStep, n: number, parts: boolean): string {
  const w = stepWords(step);
  const ops = w.operations.map((o) => `${specLink(o.anchor, o.name)} <a class="meta" href="#op-${esc(o.id)}">(rules)</a>`).join(', then ');
  const who = w.actors.length ? ` by ${esc(w.actors.join(' and '))}` : '';
  const on = w.subject.length ? ` on ${w.subject.map((s) => `<code>${esc(s)}</code>`).join(', ')}` : '';
  const also = w.also.length ? ` <span class="meta">(its requests also perform ${w.also.map((o) => specLink(o.anchor, o.name)).join(', ')})</span>` : '';
  return `<li${parts ? ' class="parts"' : ''}><p><b>${n}.</b> ${ops}${who}${on}${also}${parts ? ' <b>← the answers part here</b>' : ''} <span class="meta">(suite step <code>${esc(step.line)}</code>)</span></p>
${sideHtml('target', step.target, parts)}${sideHtml('against', step.against, parts)}</li>`;
}

function startHtml(f: Finding): string {
  const [t, a] = [f.start?.target, f.start?.against];
  if (!t && !a) return '';
  const diffs = startDifferences(t, a);
  const rows = diffs.map((d) => `<tr><td><code>${esc(d.path)}</code></td><td><pre>${esc(show(d.target))}</pre></td><td><pre>${esc(show(d.against))}</pre></td></tr>`).join('');
  return `<details class="start"><summary>What each target held before the first step (${diffs.length ? `${diffs.length} difference(s)` : 'the same'})</summary>
${diffs.length ? `<div class="scroll" tabindex="0" role="region" aria-label="starting state"><table><tr><th>held</th><th>target</th><th>against</th></tr>${rows}</table></div>` : ''}
<div class="side"><h5>target</h5>${exchangesHtml(t?.exchanges, false)}</div><div class="side"><h5>against</h5>${exchangesHtml(a?.exchanges, false)}</div></details>`;
}

export function findingCard(f: Finding, i: number): string {
  const fields = findingFields(f);
  const start = isStartingState(f);
  const badge = start ? { cls: 'na', label: 'starting state' } : badgeOf(f);
  const steps = f.steps ?? f.sequence.map((line, n) => ({ line, operations: [], target: n === f.divergence.index ? f.divergence.target : { step: line }, against: n === f.divergence.index ? f.divergence.against : { step: line } }));
  const at = steps[f.divergence.index];
  const lead = start
    ? 'The targets held different data before the first step (their accounts, their system folders); the step shows it, and behaves alike on both.'
    : fields.some((d) => d.startingState)
      ? 'Some of these fields are the targets’ starting state (marked), the others their behaviour.'
      : '';
  return `<section class="rule ${badge.cls} finding" id="finding-${i + 1}" data-kind="${f.kind}" data-start="${start}">
<p><span class="badge ${badge.cls}">${badge.label}</span>${start ? ` <span class="badge ${badgeOf(f).cls}">${badgeOf(f).label}</span>` : ''} <b class="id">${i + 1}. At step ${f.divergence.index + 1}${at ? `, ${esc(stepWords(at).operations.map((o) => o.name).join(', then '))}` : ''}, the answers differ in ${fields.length} field(s)</b></p>
${lead ? `<p class="lead">${lead}</p>` : ''}${verdictHtml(f)}
${f.reading ? `<blockquote class="sentence">${esc(f.reading.sentence)}<cite>${specLink(silenceNamed(f.reading.silence)?.anchors[0] ?? f.reading.section, f.reading.section)}, quoted by the catalogue entry ${silenceLink(f.reading.silence)}</cite></blockquote>` : ''}
${fieldsHtml(fields)}
<h4>The sequence (${steps.length} step${steps.length === 1 ? '' : 's'}), shrunk</h4><ol class="steps">${steps.map((s, n) => stepHtml(s, n + 1, n === f.divergence.index)).join('\n')}</ol>
${startHtml(f)}</section>`;
}
