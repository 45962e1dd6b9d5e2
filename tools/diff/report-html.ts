import { OPERATIONS } from '../../contract/operations.js';
import { readingLines } from '../../contract/silences/types.js';
import { SPEC_PAGE } from '../../reporting/spec-link.js';
import { STYLE } from '../../reporting/verdict-style.js';
import type { DiffResult, SideFacts } from './engine.js';
import { causes, isStartingState, type Cause } from './fields.js';
import { badgeOf, esc, findingCard, ruleLink, show, specLink } from './report-card.js';
import { NAMES_LEGEND, rulesJudging, silenceNamed, stepWords, zoned, type CatalogueRule } from './words.js';
import { headline } from './report.js';

/**
 * The `diff` report as a page (diff.html), in the verdict page's look (reporting/
 * verdict-style.ts): a banner with the outcome and the run's identity (date with its time zone,
 * the suite's commit, both targets, the seed and the command that replays it), the differences
 * grouped by cause, then each finding (behaviour first, starting state apart) with its steps in
 * the spec's words and their exchanges, then the catalogue entries and the rules it links to.
 * Every spec link lands in spec.html, written beside it.
 */

export function bannerOf(r: DiffResult): { kind: string; cls: string } {
  if (r.findings.length === 0) return { kind: 'NO DIFFERENCE', cls: 'CONFORMS' };
  return r.exitCode === 0 ? { kind: 'ONLY CATALOGUED READINGS DIFFER', cls: 'CONFORMS' } : { kind: 'THE TARGETS DIFFER', cls: 'DOES-NOT-CONFORM' };
}

const sideText = (s: SideFacts | undefined, spec: string) =>
  s ? `<b>${esc(s.spec)}</b>: ${esc(s.url)} (${esc(s.edition)} ${esc(s.release)})${s.reference?.faults.length ? `, faults ${esc(s.reference.faults.join(', '))}` : ''}` : `<b>${esc(spec)}</b>`;

function replayCommand(r: DiffResult): string {
  const flag = (name: string, spec: string, profile: string) => `--${name} ${spec}${spec.startsWith('reference') ? '' : ` ${profile} <its profile>`}`;
  return `npx secure-messaging-conformance diff ${flag('target', r.target, '--profile')} ${flag('against', r.against, '--against-profile')} --seed ${r.seed} --runs ${r.runs}${r.maxSteps ? ` --steps ${r.maxSteps}` : ''}`;
}

function identity(r: DiffResult): string {
  const rows: Array<[string, string]> = [
    ['Date', esc(r.startedAt ? zoned(r.startedAt) : 'unknown')],
    ['Duration', r.durationMs !== undefined ? `${(r.durationMs / 1000).toFixed(1)} s` : 'unknown'],
    ['Target', sideText(r.sides?.target, r.target)],
    ['Against', sideText(r.sides?.against, r.against)],
    ['Suite', `${r.suiteVersion ? `version ${esc(r.suiteVersion)}` : 'version unknown'}${r.gitCommit ? `, commit <code>${esc(r.gitCommit.slice(0, 12))}</code>` : ', commit unknown'}`],
    ['Seed', `${r.seed}, ${r.runs} sequence(s) per search (replay: <code>${esc(replayCommand(r))}</code>)`],
  ];
  return `<dl class="run" aria-label="the run">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

const KIND_WORDS: Record<Cause['kind'], string> = {
  'only-target': 'is in the target’s answers only (a field the against target does not answer)',
  'only-against': 'is in the against target’s answers only (a field the target does not answer)',
  value: 'has different values',
};

function causeHtml(c: Cause, r: DiffResult, n: number): string {
  const findings = [...new Set(c.members.map((m) => m.finding))];
  const pair = c.pair ? `: <code>${esc(show(c.pair.target))}</code> on the target, <code>${esc(show(c.pair.against))}</code> on the against target` : '';
  const items = findings
    .map((i) => {
      const f = r.findings[i]!;
      const step = f.steps?.[f.divergence.index];
      const name = step ? stepWords(step).operations.map((o) => specLink(o.anchor, o.name)).join(', then ') : esc(f.divergence.step);
      const fields = c.members.filter((m) => m.finding === i).map((m) => `<code>${esc(m.field)}</code>`);
      return `<li><a href="#finding-${i + 1}">finding ${i + 1}</a>: ${name}, ${fields.join(', ')} <span class="meta">(${esc(isStartingState(f) ? 'starting state' : badgeOf(f).label)})</span></li>`;
    })
    .join('');
  const what = c.startingState ? 'is held differently by the targets before the first step (their data, not their behaviour)' : KIND_WORDS[c.kind];
  return `<section class="rule ${c.startingState ? 'na' : 'warning'} cause" id="cause-${n}" data-findings="${findings.map((i) => i + 1).join(',')}"><p><b class="id">${n}. <code>${esc(c.name)}</code> ${what}${pair}</b> — in ${findings.length} finding${findings.length === 1 ? '' : 's'}${c.startingState ? ' (starting state)' : ''}</p><ul class="members">${items}</ul></section>`;
}

function catalogueHtml(r: DiffResult): string {
  const ids = [...new Set(r.findings.flatMap((f) => (f.reading ? [f.reading.silence] : [])))];
  if (ids.length === 0) return '<p>No finding is a catalogued reading.</p>';
  return ids
    .map((id) => {
      const s = silenceNamed(id);
      if (!s) return `<section class="rule" id="silence-${esc(id)}"><p><code>${esc(id)}</code> (not in this suite’s catalogue)</p></section>`;
      return `<section class="rule expected" id="silence-${esc(id)}"><p><b class="id"><code>${esc(s.id)}</code></b> (${s.anchors.map((a) => specLink(a)).join(', ')}${s.clarification ? `; clarification ${esc(s.clarification)}` : ''})</p>
<blockquote class="sentence">${esc(s.sentence)}<cite>${specLink(s.anchors[0], s.section)}</cite></blockquote>
<p>Readings a conforming server may take (the first is the default binding’s):</p><ol>${readingLines(s).map((x) => `<li>${esc(x)}</li>`).join('')}</ol>
<p>How the suite stays neutral: ${esc(s.neutral)}${s.profileKey ? ` The target declares its reading in the profile key <code>${esc(s.profileKey)}</code>.` : ''}</p><p class="meta">docs/silences.md, entry ${esc(s.id)}</p></section>`;
    })
    .join('\n');
}

function rulesHtml(r: DiffResult): string {
  const ops = [...new Set(r.findings.flatMap((f) => (f.steps ?? []).flatMap((s) => stepWords(s).operations.map((o) => o.id))))];
  const all = new Map<string, CatalogueRule>();
  const perOp = ops.map((id) => {
    const rules = rulesJudging(id);
    for (const x of rules) all.set(x.id, x);
    const op = OPERATIONS.find((o) => o.id === id)!;
    return `<li id="op-${esc(id)}">${esc(op.name)} (${esc(op.section)}): ${rules.length ? rules.map((x) => ruleLink(x.id)).join(', ') : 'no rule of the catalogue is anchored on it'}</li>`;
  });
  // rules a side broke (from its own suite run) are listed even where the catalogue anchors them elsewhere
  for (const f of r.findings) for (const b of f.rules ?? []) if (!all.has(b.rule)) all.set(b.rule, { id: b.rule, level: '', title: b.title, file: '', anchors: [b.section] });
  const list = [...all.values()].sort((a, b) => a.id.localeCompare(b.id));
  return `<ul class="members">${perOp.join('')}</ul>
<h3>The ${list.length} rules, with their spec anchors</h3><ul class="section-rules">${list
    .map((x) => `<li id="rule-${esc(x.id)}"><code>${esc(x.id)}</code>${x.level ? ` [${esc(x.level)}]` : ''} ${esc(x.title)} ${x.anchors.map((a) => specLink(a)).join(' ')}${x.file ? ` <span class="meta">${esc(x.file)}</span>` : ''}</li>`)
    .join('')}</ul>`;
}

const EXTRA_STYLE = `
.steps{padding-left:0;list-style:none}.steps>li{border-top:1px solid #dde0e4;padding:6px 0}.steps>li.parts{background:#fff8e6}
.side{margin:2px 0 2px 14px}.side h5{margin:4px 0;font-size:13px}.differs{font-weight:600}
table.fields td,table.fields th{text-align:left;white-space:normal;vertical-align:top}table.fields pre{max-height:200px;margin:0}
.cause .members li,.finding .members li{list-style:disc}
`;

export function diffPage(r: DiffResult): string {
  const banner = bannerOf(r);
  const starting = r.findings.map((f, i) => [f, i] as const).filter(([f]) => isStartingState(f));
  const behaviour = r.findings.map((f, i) => [f, i] as const).filter(([f]) => !isStartingState(f));
  const all = causes(r.findings);
  const by = (k: string) => r.findings.filter((f) => f.kind === k).length;
  const counts: Array<[number, string]> = [
    [by('rule'), 'rule(s) broken'],
    [by('uncatalogued'), 'uncatalogued'],
    [by('silence'), 'catalogued reading(s)'],
    [starting.length, 'of starting state'],
    [all.length, `cause(s) in ${r.findings.length} finding(s)`],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(banner.kind)} · Secure Messaging diff · ${esc(r.target)} vs ${esc(r.against)}</title>
<style>${STYLE}${EXTRA_STYLE}</style></head>
<body><a class="skip" href="#causes">Skip to the causes</a><main>
<section class="verdict ${banner.cls}" id="verdict"><h1>${esc(banner.kind)}</h1><div>${esc(headline(r))} Exit ${r.exitCode}.</div>
<ul class="counts">${counts.map(([k, what]) => `<li><b>${k}</b> ${esc(what)}</li>`).join('')}</ul></section>
${identity(r)}
<nav aria-label="the report"><ul><li><a href="diff.json">diff.json</a></li><li><a href="diff.md">diff.md</a></li><li><a href="${SPEC_PAGE}">the interface spec, unit by unit</a></li></ul>
<ul><li><a href="#causes">causes (${all.length})</a></li><li><a href="#behaviour">behaviour (${behaviour.length})</a></li><li><a href="#starting-state">starting state (${starting.length})</a></li><li><a href="#catalogue">catalogue entries</a></li><li><a href="#rules">rules</a></li></ul></nav>
<h2 id="causes">Differences by cause (${all.length})</h2><p class="note">A field that differs the same way at several steps is one cause; each links to the findings that show it.</p>
${all.length ? all.map((c, n) => causeHtml(c, r, n + 1)).join('\n') : '<p>None.</p>'}
<h2 id="behaviour">Differences of behaviour (${behaviour.length})</h2><p class="note">${esc(NAMES_LEGEND)}</p>
${behaviour.length ? behaviour.map(([f, i]) => findingCard(f, i)).join('\n') : '<p>None.</p>'}
<h2 id="starting-state">Differences of starting state (${starting.length})</h2><p class="note">What the targets held before the first step (their accounts’ details, their system folders) differs, and the step only shows it: not a difference of behaviour.</p>
${starting.length ? starting.map(([f, i]) => findingCard(f, i)).join('\n') : '<p>None.</p>'}
<h2 id="catalogue">Catalogue entries cited</h2>
${catalogueHtml(r)}
<h2 id="rules">Rules that judge these operations</h2><p class="note">From the suite’s catalogue (contract/spec/rules.ts): the rules anchored on each operation’s row of the spec.</p>
${rulesHtml(r)}
</main></body></html>
`;
}

