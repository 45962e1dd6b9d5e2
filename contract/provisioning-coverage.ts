import { PROVISIONING_ERROR_NAMES } from './provisioning.js';
import { SILENCES } from './silences/index.js';
import { ACCOUNTING } from './spec/accounting.js';
import { accountFor, type SpecRule } from './spec/coverage.js';
import { SPEC_UNITS } from './spec/index.js';
import { SPEC_RULES } from './spec/rules.js';

/**
 * The coverage matrix of spec §7.3, as a VIEW of the one coverage: a row per §7.3 unit of the spec index, the rules anchored to it (the catalogue,
 * contract/spec/rules.ts) or why no request can cause it (contract/spec/accounting.ts
 * NOT_OBSERVABLE). Nothing here is hand-kept, so the matrix cannot drift from the specs. The
 * rule provisioning.errors.documented-names (specs/provisioning/errors.spec.ts) checks every
 * row has one or the other and attaches the matrix to the report.
 */
export interface CoverageRow {
  /** the error name, as the row's anchor has it (`§7.3/<name>`) */
  readonly name: string;
  readonly anchor: string;
  readonly group: string;
  /** the condition as the spec states it */
  readonly condition: string;
  /** the rules anchored to the row, home-anchored ones first */
  readonly rules: readonly string[];
  /** why no request from outside can cause it (accounting), when no rule triggers it */
  readonly notTriggerable?: string;
}

export function provisioningCoverage(rules: readonly SpecRule[] = SPEC_RULES): CoverageRow[] {
  const units = SPEC_UNITS.filter((u) => u.section === '§7.3' && u.kind === 'row');
  return accountFor(units, rules, SILENCES, ACCOUNTING).map((a) => {
    const [group = '', , condition = ''] = a.text.split(' | ');
    const home = (r: SpecRule) => (r.spec[0]?.anchor === a.anchor ? 0 : 1);
    const ids = [...a.rules].sort((x, y) => home(x) - home(y) || x.id.localeCompare(y.id)).map((r) => r.id);
    const reason = ACCOUNTING.notObservable(a.anchor);
    return { name: a.anchor.split('/')[1]!, anchor: a.anchor, group, condition, rules: ids, ...(ids.length === 0 && reason ? { notTriggerable: reason } : {}) };
  });
}

/** What is wrong with the matrix: a row with neither a rule nor a reason, or rows and §7.3 names that disagree. */
export function coverageGaps(rows: readonly CoverageRow[] = provisioningCoverage()): string[] {
  const names = rows.map((r) => r.name);
  return [
    ...rows.filter((r) => r.rules.length === 0 && !r.notTriggerable).map((r) => `${r.anchor}: no rule anchors to it and contract/spec/accounting.ts gives no reason none can`),
    ...PROVISIONING_ERROR_NAMES.filter((n) => !names.includes(n)).map((n) => `${n} (contract/provisioning.ts) is no row of spec §7.3`),
    ...names.filter((n) => !(PROVISIONING_ERROR_NAMES as readonly string[]).includes(n)).map((n) => `§7.3/${n} is not in contract/provisioning.ts`),
  ];
}

/** The matrix as a Markdown table for the report. */
export function coverageMarkdown(rows: readonly CoverageRow[] = provisioningCoverage()): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Provisioning errors (spec §7.3): coverage',
    '',
    'A view of docs/coverage.md: the rules anchored to each row of spec §7.3, or why no request can cause it.',
    '',
    '| Group | Name | Condition (spec §7.3) | Rules anchored to it | Not triggerable because |',
    '|---|---|---|---|---|',
  ];
  for (const row of rows) lines.push(`| ${row.group} | ${row.name} | ${cell(row.condition)} | ${row.rules.join(', ')} | ${cell(row.notTriggerable ?? '')} |`);
  const triggered = rows.filter((r) => r.rules.length > 0).length;
  lines.push('', `${triggered} of ${rows.length} names are triggered by a rule; ${rows.filter((r) => r.notTriggerable).length} cannot be caused by a request.`);
  return `${lines.join('\n')}\n`;
}
