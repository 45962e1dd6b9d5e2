import { INTERFACES } from '../contract/profile.js';
import type { Outcome, Summary } from '../harness/reporting/summary-reporter.js';

/** Exit 0 only when no must-level rule failed or broke and the suite itself ran cleanly. */
export function verdict(summary: Summary): { ok: boolean; line: string } {
  const blocking = summary.rules.filter((r) => r.level === 'must' && (r.outcome === 'fail' || r.outcome === 'broken'));
  if (summary.suiteErrors.length > 0) return { ok: false, line: `NO VERDICT: the suite itself failed to run ${summary.suiteErrors.length} part(s) (see above).` };
  if (summary.rules.length === 0) return { ok: false, line: 'NO VERDICT: no rule was run (check --area).' };
  if (blocking.length === 0) return { ok: true, line: 'CONFORMS: no must-level rule failed or broke.' };
  return { ok: false, line: `DOES NOT CONFORM: ${blocking.length} must-level rule(s) failed or broke.` };
}

const COLUMNS: Outcome[] = ['pass', 'fail', 'notApplicable', 'broken'];

export function scorecard(summary: Summary, reportsDir: string): string {
  const rows = INTERFACES.map((name) => {
    const counts = Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Record<Outcome, number>;
    for (const r of summary.rules) if (r.interface === name) counts[r.outcome] += 1;
    return { name, counts };
  }).filter((r) => COLUMNS.some((c) => r.counts[c] > 0));
  const line = (name: string, c: Record<Outcome, number>) =>
    `  ${name.padEnd(16)}${String(c.pass).padStart(6)}${String(c.fail).padStart(6)}${String(c.notApplicable).padStart(6)}${String(c.broken).padStart(8)}`;
  const out = [
    '',
    `Secure Messaging conformance ${summary.suiteVersion} — target ${summary.target.url} (${summary.target.edition} ${summary.target.release}), seed ${summary.seed}`,
    `  ${'interface'.padEnd(16)}${'pass'.padStart(6)}${'fail'.padStart(6)}${'n/a'.padStart(6)}${'broken'.padStart(8)}`,
    ...rows.map((r) => line(r.name, r.counts)),
    line('total', summary.totals),
  ];
  const blocking = summary.rules.filter((r) => r.outcome === 'fail' || r.outcome === 'broken');
  if (blocking.length > 0) {
    out.push('', 'Rules that did not hold:');
    for (const r of blocking) out.push(`  ${r.outcome === 'fail' ? '✗' : '!'} [${r.level}] ${r.id} (${r.section}): ${(r.reason ?? '').split('\n')[0]?.slice(0, 200)}`);
  }
  const v = verdict(summary);
  out.push('', v.line, `Reports: ${reportsDir}/allure-report/index.html, ${reportsDir}/summary.json, ${reportsDir}/junit.xml`);
  return out.join('\n');
}
