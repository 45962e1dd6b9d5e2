import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError } from '../run/config.js';
import { isExpected } from '../reporting/expectations.js';
import type { Outcome, RuleResult, Summary } from '../contract/summary.js';
import { readSummaryFile } from './finish.js';

/**
 * `compare`: the upgrade gate. Two runs give regressions, fixes, rules
 * new or gone and changed not-applicable reasons, as a terminal table, Markdown and JSON, and
 * exit 1 on any regression. Three or more give one rule × run matrix in Markdown and HTML.
 */

export interface Run {
  label: string;
  path: string;
  summary: Summary;
}

export function loadRun(path: string): Run {
  const full = resolve(path);
  if (!existsSync(full)) throw new ConfigError(`${path} does not exist; give a summary.json or a reports directory.`);
  const file = statSync(full).isDirectory() ? join(full, 'summary.json') : full;
  if (!existsSync(file)) throw new ConfigError(`${path} holds no summary.json; give a summary.json or a reports directory.`);
  const summary = readSummaryFile(file);
  const dir = statSync(full).isDirectory() ? full : dirname(full);
  return { label: basename(dir), path, summary };
}

const failing = (r: RuleResult | undefined) => r !== undefined && (r.outcome === 'fail' || r.outcome === 'broken') && !isExpected(r);
const SHOWN: Record<Outcome, string> = { pass: 'pass', fail: 'fail', broken: 'broken', notApplicable: 'n/a' };
const shown = (r: RuleResult | undefined) => (r ? `${SHOWN[r.outcome]}${isExpected(r) ? ' (expected)' : ''}` : '—');

export interface Change {
  id: string;
  level?: string;
  section?: string;
  before: string;
  after: string;
  note?: string;
}

export interface Comparison {
  before: { path: string; target: string; release: string; runId: string };
  after: { path: string; target: string; release: string; runId: string };
  regressions: Change[];
  fixes: Change[];
  newRules: Change[];
  goneRules: Change[];
  notApplicableChanges: Change[];
  otherChanges: Change[];
  unchanged: number;
}

const firstLine = (s = '') => (s.split('\n')[0] ?? '').slice(0, 160);

export function compareTwo(a: Run, b: Run): Comparison {
  const before = new Map(a.summary.rules.map((r) => [r.id, r]));
  const after = new Map(b.summary.rules.map((r) => [r.id, r]));
  const c: Comparison = {
    before: { path: a.path, target: a.summary.target.url, release: a.summary.target.release, runId: a.summary.runId },
    after: { path: b.path, target: b.summary.target.url, release: b.summary.target.release, runId: b.summary.runId },
    regressions: [],
    fixes: [],
    newRules: [],
    goneRules: [],
    notApplicableChanges: [],
    otherChanges: [],
    unchanged: 0,
  };
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const id of ids) {
    const x = before.get(id);
    const y = after.get(id);
    const change: Change = { id, level: (y ?? x)!.level, section: (y ?? x)!.section, before: shown(x), after: shown(y) };
    if (!x) c.newRules.push({ ...change, note: y!.outcome === 'pass' ? undefined : firstLine(y!.reason) });
    else if (!y) c.goneRules.push(change);
    else if (!failing(x) && failing(y)) c.regressions.push({ ...change, note: firstLine(y.reason) });
    else if ((failing(x) && !failing(y)) || ((x.outcome === 'fail' || x.outcome === 'broken') && y.outcome === 'pass')) c.fixes.push({ ...change, note: y.outcome === 'notApplicable' ? `now not applicable: ${firstLine(y.reason)}` : undefined });
    else if (x.outcome === 'notApplicable' && y.outcome === 'notApplicable' && (x.reason ?? '') !== (y.reason ?? '')) {
      c.notApplicableChanges.push({ ...change, note: `${firstLine(x.reason)} → ${firstLine(y.reason)}` });
    } else if (x.outcome !== y.outcome || isExpected(x) !== isExpected(y)) {
      (x.outcome === 'notApplicable' || y.outcome === 'notApplicable' ? c.notApplicableChanges : c.otherChanges).push({ ...change, note: y.outcome === 'notApplicable' ? firstLine(y.reason) : undefined });
    } else c.unchanged += 1;
  }
  return c;
}

const GROUPS: Array<[keyof Comparison, string]> = [
  ['regressions', 'Regressions (held before, fails or breaks now)'],
  ['fixes', 'Fixes (failed or broke before, holds now)'],
  ['newRules', 'Rules new in the second run'],
  ['goneRules', 'Rules gone from the second run'],
  ['notApplicableChanges', 'Changed applicability or not-applicable reason'],
  ['otherChanges', 'Other changes of outcome'],
];

export function comparisonText(c: Comparison): string {
  const out = [`Compared ${c.before.path} (${c.before.target} ${c.before.release}, run ${c.before.runId})`, `    with ${c.after.path} (${c.after.target} ${c.after.release}, run ${c.after.runId})`];
  for (const [key, title] of GROUPS) {
    const list = c[key] as Change[];
    if (list.length === 0) continue;
    out.push('', `${title}: ${list.length}`);
    const w = Math.max(...list.map((x) => x.id.length));
    for (const x of list) out.push(`  ${x.id.padEnd(w)}  ${x.before.padEnd(14)} → ${x.after.padEnd(14)} ${x.note ?? ''}`.trimEnd());
  }
  out.push('', `${c.unchanged} rule(s) unchanged.`, c.regressions.length > 0 ? `REGRESSION: ${c.regressions.length} rule(s) regressed: ${c.regressions.map((x) => x.id).join(', ')}.` : 'No regression.');
  return out.join('\n');
}

const mdCell = (s = '') => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function comparisonMarkdown(c: Comparison): string {
  const out = [
    '# Conformance comparison',
    '',
    `- before: \`${c.before.path}\` (${c.before.target}, release ${c.before.release}, run ${c.before.runId})`,
    `- after: \`${c.after.path}\` (${c.after.target}, release ${c.after.release}, run ${c.after.runId})`,
    `- **${c.regressions.length} regression(s)**, ${c.fixes.length} fix(es), ${c.newRules.length} new, ${c.goneRules.length} gone, ${c.notApplicableChanges.length} applicability change(s), ${c.unchanged} unchanged`,
  ];
  for (const [key, title] of GROUPS) {
    const list = c[key] as Change[];
    if (list.length === 0) continue;
    out.push('', `## ${title}`, '', '| rule | level | section | before | after | note |', '|---|---|---|---|---|---|');
    for (const x of list) out.push(`| \`${x.id}\` | ${x.level ?? ''} | ${x.section ?? ''} | ${x.before} | ${x.after} | ${mdCell(x.note)} |`);
  }
  return `${out.join('\n')}\n`;
}

/** The rule × run matrix (three or more runs). */
export interface Matrix {
  runs: Array<{ label: string; path: string; target: string; release: string; verdict?: string }>;
  rows: Array<{ id: string; section: string; level: string; title: string; cells: Array<{ outcome?: Outcome; expected: boolean; reason?: string }>; differs: boolean }>;
}

export function matrixOf(runs: Run[]): Matrix {
  const maps = runs.map((r) => new Map(r.summary.rules.map((x) => [x.id, x])));
  const ids = [...new Set(runs.flatMap((r) => r.summary.rules.map((x) => x.id)))].sort();
  return {
    runs: runs.map((r) => ({ label: r.label, path: r.path, target: r.summary.target.url, release: r.summary.target.release, verdict: r.summary.verdict?.kind })),
    rows: ids.map((id) => {
      const any = maps.map((m) => m.get(id)).find(Boolean)!;
      const cells = maps.map((m) => {
        const x = m.get(id);
        return { outcome: x?.outcome, expected: x ? isExpected(x) : false, reason: x && x.outcome !== 'pass' ? firstLine(x.reason) : undefined };
      });
      return { id, section: any.section, level: any.level, title: any.title, cells, differs: new Set(cells.map((c) => `${c.outcome}${c.expected}`)).size > 1 };
    }),
  };
}

const CELL: Record<string, string> = { pass: '✓ pass', fail: '✗ fail', broken: '! broken', notApplicable: '○ n/a', undefined: '—' };
const cellText = (c: Matrix['rows'][number]['cells'][number]) => `${CELL[String(c.outcome)]}${c.expected ? ' (expected)' : ''}`;

export function matrixMarkdown(m: Matrix): string {
  const header = `| rule | section | level | ${m.runs.map((r) => mdCell(r.label)).join(' | ')} |`;
  const out = [
    '# Conformance matrix',
    '',
    ...m.runs.map((r) => `- **${r.label}**: ${r.target} (release ${r.release})${r.verdict ? `, ${r.verdict}` : ''}: \`${r.path}\``),
    '',
    `${m.rows.filter((r) => r.differs).length} of ${m.rows.length} rules differ between the runs (marked ◆).`,
    '',
    header,
    `|---|---|---|${m.runs.map(() => '---').join('|')}|`,
    ...m.rows.map((r) => `| ${r.differs ? '◆ ' : ''}\`${r.id}\` | ${r.section} | ${r.level} | ${r.cells.map(cellText).join(' | ')} |`),
  ];
  return `${out.join('\n')}\n`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function matrixHtml(m: Matrix): string {
  const cls = (c: Matrix['rows'][number]['cells'][number]) => (c.expected ? 'expected' : (c.outcome ?? 'absent'));
  const table = (id: string, rows: Matrix['rows'], title: string) => `<h2>${title} (${rows.length})</h2>
<table id="${id}">
<thead><tr><th>rule</th><th>section</th><th>level</th>${m.runs.map((r) => `<th title="${esc(r.target)}">${esc(r.label)}</th>`).join('')}</tr></thead>
<tbody>
${rows
  .map(
    (r) =>
      `<tr class="${r.differs ? 'differs' : 'same'}" data-rule="${esc(r.id)}"><td><code>${esc(r.id)}</code><div class="title">${esc(r.title)}</div></td><td>${esc(r.section)}</td><td>${r.level}</td>${r.cells
        .map((c) => `<td class="${cls(c)}"${c.reason ? ` title="${esc(c.reason)}"` : ''}>${esc(cellText(c))}</td>`)
        .join('')}</tr>`,
  )
  .join('\n')}
</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance matrix: ${m.runs.length} runs</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#1d2430}
table{border-collapse:collapse}th,td{border:1px solid #d0d4da;padding:3px 8px;vertical-align:top}
th{background:#eef0f3;position:sticky;top:0}
td.pass{background:#e3f4e8}td.fail{background:#fbe1df;font-weight:600}td.broken{background:#fdecd3}td.notApplicable{background:#eef2f7;color:#475569}td.expected{background:#ede4fb}td.absent{color:#9aa1ab}
tr.differs td:first-child{border-left:4px solid #b3261e}
code{font-size:13px}.title{color:#4a5260;font-size:12px}
</style></head><body>
<h1>Conformance matrix</h1>
<ul>${m.runs.map((r) => `<li><b>${esc(r.label)}</b>: ${esc(r.target)} (release ${esc(r.release)})${r.verdict ? `, ${esc(r.verdict)}` : ''}</li>`).join('')}</ul>
<p>${m.rows.filter((r) => r.differs).length} of ${m.rows.length} rules differ between the runs (red edge). Hover a cell for the reason.</p>
${table('differs', m.rows.filter((r) => r.differs), 'The rules that differ')}
${table('matrix', m.rows, 'Every rule')}
</body></html>
`;
}

export interface CompareOptions {
  outDir?: string;
  log: (line: string) => void;
}

/** Returns the exit code: 1 when two runs show a regression, else 0. */
export function compareCommand(paths: string[], { outDir = 'reports/compare', log }: CompareOptions): number {
  if (paths.length < 2) throw new ConfigError('compare needs at least two runs: compare BEFORE AFTER [MORE...] (summary.json files or reports directories).');
  const runs = paths.map(loadRun);
  const labels = runs.map((r) => r.label);
  runs.forEach((r, i) => {
    if (labels.indexOf(r.label) !== i) r.label = `${r.label} (${i + 1})`;
  });
  mkdirSync(outDir, { recursive: true });
  if (runs.length === 2) {
    const c = compareTwo(runs[0]!, runs[1]!);
    writeFileSync(join(outDir, 'compare.md'), comparisonMarkdown(c));
    writeFileSync(join(outDir, 'compare.json'), `${JSON.stringify(c, null, 2)}\n`);
    log(comparisonText(c));
    log(`Written: ${join(outDir, 'compare.md')}, ${join(outDir, 'compare.json')}`);
    return c.regressions.length > 0 ? 1 : 0;
  }
  const m = matrixOf(runs);
  writeFileSync(join(outDir, 'matrix.md'), matrixMarkdown(m));
  writeFileSync(join(outDir, 'matrix.html'), matrixHtml(m));
  writeFileSync(join(outDir, 'matrix.json'), `${JSON.stringify(m, null, 2)}\n`);
  log(`${m.rows.filter((r) => r.differs).length} of ${m.rows.length} rules differ across ${runs.length} runs.`);
  log(`Written: ${join(outDir, 'matrix.md')}, ${join(outDir, 'matrix.html')}, ${join(outDir, 'matrix.json')}`);
  return 0;
}
