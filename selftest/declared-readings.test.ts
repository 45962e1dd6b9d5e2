import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, runCli } from './support/cli.js';
import { DECLARED_AXES, namesKey, NOT_APPLICABLE_UNDER, readingRuns } from './support/declared-readings.js';

/**
 * Every declared reading keeps the teeth (issue 15, Build 8). Under each non-default reading of
 * every axis whose silence has a profile key, the rules that become not applicable are listed,
 * and only those whose check the reading makes impossible may be there (NOT_APPLICABLE_UNDER,
 * each with its reason); the others must model the reading.
 *
 * Design, for time (2 cores): one whole run per reading index, not per reading. Run 1 is `alt`
 * (each axis's second reading), run 2 each axis's third; together they take every declared
 * reading once. A rule not applicable in a run is put down to the declared readings of that run
 * whose profile key its reason names; one naming no such key fails (a reading no profile key
 * explains), and so does one whose keys' readings the allow-list does not excuse. An allow-list
 * entry that no run shows fails too, so the printed table is the whole truth. The default
 * reading itself has no rule not applicable (conformance-run.test.ts). Property tests run 5
 * times: not applicable is decided before the first run.
 */

interface Row {
  reading: string;
  rule: string;
  why: string;
}

describe('declared readings', () => {
  test('only rules whose check a declared reading makes impossible are not applicable under it', { timeout: 900_000 }, async () => {
    const rows: Row[] = [];
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { picks, variant } of readingRuns()) {
      const run = await runCli(['run', '--seed', '15'], { REFERENCE_VARIANT: variant, SMS_PROPERTY_RUNS: '5' }, 600_000);
      const rules = run.summary().rules;
      expect(rules.length, `the run under ${variant} wrote no rules: ${run.stderr.slice(-2000)}`).toBeGreaterThan(0);
      // the declared readings this run takes
      const declared = DECLARED_AXES.flatMap((d) => {
        const value = pickOf(picks, d.axis.id);
        return value === undefined ? [] : [{ ...d, reading: `${d.axis.id}=${value}` }];
      });
      for (const r of rules.filter((x) => x.outcome === 'notApplicable')) {
        const reason = r.reason ?? '';
        const named = declared.filter((d) => d.keys.some((k) => namesKey(reason, k)));
        // a reading that removes an operation (the operation gate, contract/operations.ts
        // absence()) makes every rule that performs it impossible to check, by construction
        const absent = named.filter((d) => OPERATION_KEYS.some((k) => d.keys.includes(k) && namesKey(reason, k)));
        if (absent.length > 0 && / is not offered: |\(edition, release\); spec §9/.test(reason)) {
          for (const d of absent) rows.push({ reading: d.reading, rule: r.id, why: ABSENT });
          continue;
        }
        if (named.length === 0) {
          problems.push(`${r.id} is not applicable, and its reason names the profile key of no declared reading of the run (${reason})`);
          continue;
        }
        // every key the reason names must be excused, by one of the readings that set it
        for (const key of new Set(named.flatMap((d) => d.keys.filter((k) => namesKey(reason, k))))) {
          const excused = named.filter((d) => d.keys.includes(key) && NOT_APPLICABLE_UNDER[r.id]?.[d.reading]);
          if (excused.length === 0) {
            const readings = named.filter((d) => d.keys.includes(key)).map((d) => d.reading);
            problems.push(`${r.id} is not applicable under ${readings.join(' or ')} (${reason}): model that reading in the rule, or, if it makes the check impossible, add it to NOT_APPLICABLE_UNDER with the reason`);
          }
          for (const d of excused) {
            seen.add(`${r.id} ${d.reading}`);
            rows.push({ reading: d.reading, rule: r.id, why: NOT_APPLICABLE_UNDER[r.id]![d.reading]! });
          }
        }
      }
    }
    for (const [rule, byReading] of Object.entries(NOT_APPLICABLE_UNDER)) {
      for (const reading of Object.keys(byReading)) if (!seen.has(`${rule} ${reading}`)) problems.push(`NOT_APPLICABLE_UNDER says ${rule} is not applicable under ${reading}, and no run showed it: remove the entry`);
    }
    const table = render(rows);
    console.log(table);
    mkdirSync(join(ROOT, 'reports'), { recursive: true });
    writeFileSync(join(ROOT, 'reports', 'not-applicable-by-reading.md'), table);
    expect(problems).toEqual([]);
  });
});

/** The profile keys by which a target declares an operation absent (contract/operations.ts absence()). */
const OPERATION_KEYS = ['admin.unavailableOperations', 'edition', 'release', 'interfaces'];
const ABSENT = 'the operation is not offered under this reading (spec §1, §9), so no rule that performs it can run';

function pickOf(picks: string[], axis: string): string | undefined {
  return picks.find((p) => p.startsWith(`${axis}=`))?.slice(axis.length + 1);
}

/** Every declared reading, with the rules it makes not applicable (or none), as Markdown. */
function render(rows: Row[]): string {
  const lines = ['| declared reading (profile key) | rules not applicable under it | why the reading makes the check impossible |', '|---|---|---|'];
  for (const d of DECLARED_AXES) {
    for (const value of d.axis.values.slice(1)) {
      const reading = `${d.axis.id}=${String(value)}`;
      const mine = rows.filter((r) => r.reading === reading);
      const gone = [...new Set(mine.filter((r) => r.why === ABSENT).map((r) => r.rule))];
      const others = mine.filter((r) => r.why !== ABSENT);
      if (mine.length === 0) lines.push(`| ${reading} (${d.keys.join(', ')}) | none | |`);
      if (gone.length > 0) lines.push(`| ${reading} (${d.keys.join(', ')}) | ${gone.length} rules that perform an operation the reading removes | ${ABSENT} |`);
      for (const r of others) lines.push(`| ${reading} (${d.keys.join(', ')}) | ${r.rule} | ${r.why} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
