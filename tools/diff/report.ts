import type { DiffResult, Finding } from './engine.js';
import { causes, findingFields, isStartingState } from './fields.js';
import { NAMES_LEGEND, outcomeOf, stepLine, zoned } from './words.js';

/** `diff` reports: the headline and the Markdown (diff.md), in the words of the page (report-html.ts). */

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
  const starting = r.findings.filter(isStartingState).length;
  const grouped = r.findings.length > 0 ? ` in ${causes(r.findings).length} cause(s)` : '';
  return `${r.findings.length} difference(s)${grouped} between ${r.target} and ${r.against}: ${by('silence')} catalogued reading(s), ${by('rule')} rule(s) broken, ${by('uncatalogued')} uncatalogued${starting ? ` (${starting} of them of starting state only)` : ''}${lengths.length ? `; shrunk sequences of median length ${median(lengths)}` : ''}.`;
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

const show = (v: unknown) => (v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v));
const mdCell = (s = '') => `\`${s.slice(0, 400).replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/`/g, "'")}\``;

function findingMarkdown(f: Finding, i: number): string[] {
  const fields = findingFields(f);
  const start = isStartingState(f);
  const out = [`### ${i + 1}. ${start ? 'starting state; ' : ''}${KIND[f.kind]}`, '', verdictOf(f), ''];
  if (f.reading) out.push(`> ${f.reading.section}: ${f.reading.sentence}`, '');
  const steps = f.steps ?? [];
  out.push('Shrunk sequence:', '');
  f.sequence.forEach((line, n) => {
    const step = steps[n];
    const words = step ? `${stepLine(step)}: target ${outcomeOf(step.target)}, against ${outcomeOf(step.against)}` : line;
    out.push(`${n + 1}. ${words} (suite step \`${line}\`)${n === f.divergence.index ? ' ← the answers part here' : ''}`);
    if (step && n === f.divergence.index) {
      for (const [side, o] of [['target', step.target], ['against', step.against]] as const) for (const x of o.exchanges ?? []) out.push(`   - ${side}: \`${x.curl.replace(/`/g, "'")}\``);
    }
  });
  out.push('', `Differs in (${fields.length}): ${fields.map((d) => `\`${d.field}\``).join(', ')}`, '', '| field | target | against |', '|---|---|---|');
  for (const d of fields) out.push(`| \`${d.field}\`${d.startingState ? ' (starting state)' : ''} | ${mdCell(d.pairs.map((p) => show(p.target)).join(' / '))} | ${mdCell(d.pairs.map((p) => show(p.against)).join(' / '))} |`);
  if (f.rules) for (const x of f.rules) out.push('', `- \`${x.rule}\` (${x.side}): ${x.title}${x.reason ? `: ${x.reason}` : ''}`);
  return [...out, ''];
}

export function diffMarkdown(r: DiffResult): string {
  const out = ['# Differential run', '', `- target: \`${r.target}\``, `- against: \`${r.against}\``, `- ${r.startedAt ? zoned(r.startedAt) : 'date unknown'}; suite ${r.suiteVersion ?? ''} commit ${r.gitCommit?.slice(0, 12) ?? 'unknown'}`, `- seed ${r.seed}, ${r.runs} sequence(s) per search`, `- ${headline(r)}`, `- exit ${r.exitCode}: ${r.exitCode === 0 ? 'the only differences are catalogued readings' : 'a rule broken or an uncatalogued difference'}`];
  const all = causes(r.findings);
  out.push('', `## Differences by cause (${all.length})`, '');
  all.forEach((c, n) => {
    const findings = [...new Set(c.members.map((m) => m.finding + 1))];
    out.push(`${n + 1}. \`${c.name}\` ${c.startingState ? 'is held differently before the first step' : c.kind === 'value' ? 'differs' : c.kind === 'only-target' ? 'is in the target’s answers only' : 'is in the against target’s answers only'}${c.startingState ? ' (starting state)' : ''}: findings ${findings.join(', ')}`);
  });
  const behaviour = r.findings.map((f, i) => [f, i] as const).filter(([f]) => !isStartingState(f));
  const starting = r.findings.map((f, i) => [f, i] as const).filter(([f]) => isStartingState(f));
  out.push('', `## Differences of behaviour (${behaviour.length})`, '', NAMES_LEGEND, '');
  for (const [f, i] of behaviour) out.push(...findingMarkdown(f, i));
  out.push(`## Differences of starting state (${starting.length})`, '', 'What the targets held before the first step differs; the step only shows it.', '');
  for (const [f, i] of starting) out.push(...findingMarkdown(f, i));
  return `${out.join('\n')}\n`;
}
