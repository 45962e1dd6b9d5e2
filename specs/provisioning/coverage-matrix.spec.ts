import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as allure from 'allure-js-commons';
import { expect, test } from 'vitest';
import { PROVISIONING_COVERAGE, coverageMarkdown } from '../../contract/provisioning-coverage.js';
import { PROVISIONING_ERROR_NAMES } from '../../contract/provisioning.js';
import { runContext } from '../../harness/context.js';

/**
 * Not a rule about the target: the suite's own account of spec §7.3 (issue 4, item 5). It
 * attaches the coverage matrix to the report and writes <reportsDir>/provisioning-coverage.md,
 * and fails (a suite defect) if the matrix misses a name, names one twice, or cites a rule id
 * that no spec in this folder declares.
 */
test('§7.3 coverage matrix: every provisioning error name once, with the rule that triggers it or why none can', async () => {
  await allure.epic('provisioning');
  await allure.feature('coverage matrix');
  const names = PROVISIONING_COVERAGE.map((row) => row.name);
  expect(names.length).toBe(39);
  expect([...names].sort()).toEqual([...PROVISIONING_ERROR_NAMES].sort());

  const folder = new URL('.', import.meta.url);
  const declared = new Set<string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.spec.ts'))) {
    for (const m of readFileSync(new URL(file, folder), 'utf8').matchAll(/\bid: '([^']+)'/g)) declared.add(m[1]!);
  }
  const cited = PROVISIONING_COVERAGE.flatMap((row) => ('rule' in row ? [row.rule, ...(row.related ?? [])] : []));
  expect(cited.filter((id) => !declared.has(id))).toEqual([]);

  const markdown = coverageMarkdown();
  await allure.attachment('provisioning coverage matrix (spec §7.3)', markdown, 'text/markdown');
  const { reportsDir } = runContext().settings;
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(join(reportsDir, 'provisioning-coverage.md'), markdown);
});
