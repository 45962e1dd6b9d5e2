import { SILENCES } from '../../contract/silences/index.js';
import { DISCOVERY } from '../../contract/silences/discovery.js';
import { renderExchange } from '../../harness/evidence.js';
import type { DiscoveryResult } from './discover.js';
import type { Finding, ProbeRun } from './types.js';

/** The sidecar beside the profile (JSON has no comments): one entry per key, with its confidence and evidence. */
export interface DiscoverySidecar {
  target: string;
  at: string;
  ms: number;
  keys: Record<string, Omit<Finding, 'key' | 'evidence'> & { probe: string; evidence: string[] }>;
  /** catalogue entries with a profile key that no probe decides, and why (contract/silences/discovery.ts) */
  undiscoverable: Record<string, string>;
  /** probes that could not finish, and why */
  problems: Record<string, string>;
  /** what discovery made and could not remove */
  leftovers: string[];
}

const anchor = (probe: string, i: number) => `${probe}-${i + 1}`;

export function sidecarOf(result: DiscoveryResult, target: string): DiscoverySidecar {
  const keys: DiscoverySidecar['keys'] = {};
  for (const run of result.runs) {
    for (const { key, evidence, ...rest } of run.findings) keys[key] = { ...rest, probe: run.probe, evidence: evidence.map((i) => anchor(run.probe, i)) };
  }
  const undiscoverable: Record<string, string> = {};
  for (const s of SILENCES) {
    const d = DISCOVERY[s.id];
    if (s.profileKey && d && 'undiscoverable' in d) undiscoverable[s.profileKey] = d.undiscoverable;
  }
  const problems = Object.fromEntries(result.runs.filter((r) => r.problem).map((r) => [r.probe, r.problem!]));
  return { target, at: new Date().toISOString(), ms: result.ms, keys, undiscoverable, problems, leftovers: [...result.leftovers] };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const shown = (v: unknown) => (v === undefined ? '(unset)' : `\`${JSON.stringify(v)}\``);

/** The Markdown report: a table of keys, then every probe's exchanges (redacted), which the table links to. */
export function markdownReport(result: DiscoveryResult, sidecar: DiscoverySidecar): string {
  const redact = result.context.redact;
  const lines = [
    '# Discovery report',
    '',
    `Target ${redact.text(sidecar.target)}, ${sidecar.at}, ${Math.round(sidecar.ms / 100) / 10} s. Discovery chooses only among the readings of the catalogue (docs/silences.md); it never widens what a rule accepts.`,
    '',
    '- **decided**: the answers match exactly one catalogued reading; the profile carries it.',
    '- **ambiguous**: several readings match, or the probe could not tell; the default stays — check the key yourself.',
    '- **none**: no catalogued reading matches: a likely violation; the rules named will judge it.',
    '',
    '| key | confidence | value written | reading | because | evidence |',
    '|---|---|---|---|---|---|',
  ];
  for (const [key, k] of Object.entries(sidecar.keys)) {
    const because = k.rules?.length ? `${k.because} (judged by ${k.rules.join(', ')})` : k.because;
    lines.push(`| \`${key}\` | ${k.confidence} | ${cell(shown(k.value))} | ${cell(k.reading)} | ${cell(redact.text(because))} | ${k.evidence.map((a) => `[${a}](#${a})`).join(' ')} |`);
  }
  lines.push('', '## Not discovered: the vendor gives these', '');
  for (const [key, why] of Object.entries(sidecar.undiscoverable)) lines.push(`- \`${key}\`: ${why}`);
  if (Object.keys(sidecar.problems).length) {
    lines.push('', '## Probes that could not finish', '');
    for (const [probe, why] of Object.entries(sidecar.problems)) lines.push(`- ${probe}: ${why}`);
  }
  lines.push('', '## Clean-up', '', sidecar.leftovers.length ? sidecar.leftovers.map((l) => `- NOT removed: ${l}`).join('\n') : 'Everything discovery created was removed.');
  lines.push('', '## Exchanges', '');
  for (const run of [...result.runs, result.cleanup] as ProbeRun[]) {
    if (run.exchanges.length === 0 && !run.dialogues?.length) continue;
    lines.push(`### ${run.probe}`, '');
    run.exchanges.forEach((x, i) => lines.push(`<a id="${anchor(run.probe, i)}"></a>`, `**${anchor(run.probe, i)}**`, '', '```http', renderExchange(x, redact), '```', ''));
    for (const d of run.dialogues ?? []) lines.push(`**SMTP: ${d.title}**`, '', '```', ...d.lines.map((l) => redact.text(l)), '```', '');
  }
  return `${lines.join('\n')}\n`;
}
