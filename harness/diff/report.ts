import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiffResult, Finding } from './engine.js';

/** `diff` reports: Markdown, HTML and JSON in the reports directory (issue 19, Build 3). */

const KIND: Record<Finding['kind'], string> = {
  silence: 'a catalogued silence read two ways',
  rule: 'a rule one side breaks',
  uncatalogued: 'uncatalogued: a candidate silence for the catalogue, or a gap in the spec',
};

export function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function headline(r: DiffResult): string {
  const by = (k: Finding['kind']) => r.findings.filter((f) => f.kind === k).length;
  const lengths = r.findings.map((f) => f.sequence.length);
  return `${r.findings.length} difference(s) between ${r.target} and ${r.against}: ${by('silence')} catalogued reading(s), ${by('rule')} rule(s) broken, ${by('uncatalogued')} uncatalogued${lengths.length ? `; shrunk sequences of median length ${median(lengths)}` : ''}.`;
}

/** One line naming what a finding is. */
export function verdictOf(f: Finding): string {
  if (f.kind === 'silence' && f.reading) {
    const r = f.reading;
    return `silence \`${r.silence}\` (axis \`${r.axis}\`${r.profileKey ? `, profile key \`${r.profileKey}\`` : ', no profile key: the suite accepts every reading'}): target reads it \`${r.target}\`, against reads it \`${r.against}\`${r.alsoExplainedBy ? `; this sequence answers alike under ${r.alsoExplainedBy.map((x) => `\`${x}\``).join(', ')} too` : ''}${r.undeclared ? `; both profiles declare the same \`${r.profileKey}\`, and no rule reading it broke` : ''}`;
  }
  if (f.kind === 'rule' && f.rules) {
    const broken = f.rules.map((x) => `rule \`${x.rule}\` (${x.section}) broken by the ${x.side === 'target' ? 'target' : 'against'} side${x.judgesSequence ? '' : ' (judges no step of the sequence)'}`).join('; ');
    const r = f.reading;
    // the answer matches a catalogued reading, but not the one the side's profile declares
    return r ? `${broken}; the answers match the readings \`${r.target}\` / \`${r.against}\` of \`${r.axis}\`, but both profiles declare the same \`${r.profileKey}\`` : broken;
  }
  return 'no catalogued reading and no rule explains it';
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function diffMarkdown(r: DiffResult): string {
  const out = ['# Differential run', '', `- target: \`${r.target}\``, `- against: \`${r.against}\``, `- seed ${r.seed}, ${r.runs} sequence(s) per search`, `- ${headline(r)}`, `- exit ${r.exitCode}: ${r.exitCode === 0 ? 'the only differences are catalogued readings' : 'a rule broken or an uncatalogued difference'}`];
  r.findings.forEach((f, i) => {
    out.push('', `## ${i + 1}. ${KIND[f.kind]}`, '', verdictOf(f), '');
    if (f.reading) out.push(`> ${f.reading.section}: ${f.reading.sentence}`, '');
    out.push('Shrunk sequence:', '', ...f.sequence.map((s, n) => `${n + 1}. \`${s}\`${n === f.divergence.index ? ' ← the answers part here' : ''}`), '');
    out.push(`Differs in: ${f.divergence.paths.map((p) => `\`${p}\``).join(', ')}`, '', '| | target | against |', '|---|---|---|');
    for (const k of ['status', 'type', 'body', 'error'] as const) {
      const [a, b] = [f.divergence.target[k], f.divergence.against[k]];
      if (a !== undefined || b !== undefined) out.push(`| ${k} | ${mdCell(show(a))} | ${mdCell(show(b))} |`);
    }
    if (f.rules) for (const x of f.rules) out.push('', `- \`${x.rule}\` (${x.side}): ${x.title}${x.reason ? `: ${x.reason}` : ''}`);
  });
  return `${out.join('\n')}\n`;
}

const mdCell = (s = '') => `\`${s.slice(0, 400).replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/`/g, "'")}\``;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const inline = (s: string) => esc(s).replace(/`([^`]*)`/g, '<code>$1</code>');

export function diffHtml(r: DiffResult): string {
  const cards = r.findings
    .map((f, i) => {
      const rows = (['status', 'type', 'body', 'error'] as const)
        .filter((k) => f.divergence.target[k] !== undefined || f.divergence.against[k] !== undefined)
        .map((k) => `<tr><th>${k}</th><td><pre>${esc(show(f.divergence.target[k]) ?? '')}</pre></td><td><pre>${esc(show(f.divergence.against[k]) ?? '')}</pre></td></tr>`)
        .join('');
      return `<section class="${f.kind}"><h2>${i + 1}. ${esc(KIND[f.kind])}</h2><p>${inline(verdictOf(f))}</p>${f.reading ? `<blockquote>${esc(f.reading.section)}: ${esc(f.reading.sentence)}</blockquote>` : ''}
<ol>${f.sequence.map((s, n) => `<li${n === f.divergence.index ? ' class="parts"' : ''}><code>${esc(s)}</code></li>`).join('')}</ol>
<p>Differs in: ${f.divergence.paths.map((p) => `<code>${esc(p)}</code>`).join(', ')}</p>
<table><thead><tr><th></th><th>target</th><th>against</th></tr></thead><tbody>${rows}</tbody></table>
${f.rules ? `<ul>${f.rules.map((x) => `<li><code>${esc(x.rule)}</code> (${esc(x.side)}): ${esc(x.title)}${x.reason ? `: ${esc(x.reason)}` : ''}</li>`).join('')}</ul>` : ''}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Differential run: ${esc(r.target)} vs ${esc(r.against)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#1d2430;max-width:1100px}
section{border:1px solid #d0d4da;border-left:6px solid #9aa1ab;padding:4px 14px;margin:14px 0}
section.silence{border-left-color:#5b7fbd}section.rule{border-left-color:#b3261e}section.uncatalogued{border-left-color:#c77700}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d4da;padding:3px 8px;vertical-align:top;text-align:left}
pre{white-space:pre-wrap;word-break:break-all;margin:0;font-size:12px}li.parts{font-weight:600}li.parts::after{content:" ← the answers part here"}
blockquote{color:#4a5260;border-left:3px solid #d0d4da;margin:6px 0;padding-left:8px}
</style></head><body>
<h1>Differential run</h1>
<p><b>target</b> <code>${esc(r.target)}</code> · <b>against</b> <code>${esc(r.against)}</code> · seed ${r.seed} · ${r.runs} sequence(s) per search</p>
<p>${esc(headline(r))} Exit ${r.exitCode}.</p>
${cards || '<p>No difference found.</p>'}
</body></html>
`;
}

/** Writes diff.md, diff.html and diff.json; every secret of both profiles is replaced first. */
export function writeDiffReports(dir: string, r: DiffResult, secrets: string[]): string[] {
  mkdirSync(dir, { recursive: true });
  const scrub = (text: string) => secrets.filter((s) => s.length >= 6).reduce((t, s) => t.split(s).join('<secret>'), text);
  const files: Array<[string, string]> = [
    ['diff.md', diffMarkdown(r)],
    ['diff.html', diffHtml(r)],
    ['diff.json', `${JSON.stringify(r, null, 2)}\n`],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), scrub(text));
  return files.map(([name]) => join(dir, name));
}
