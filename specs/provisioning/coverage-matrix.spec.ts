import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as allure from 'allure-js-commons';
import { PROVISIONING_COVERAGE, coverageMarkdown } from '../../contract/provisioning-coverage.js';
import { PROVISIONING_ERROR_NAMES } from '../../contract/provisioning.js';
import { check } from '../../harness/expect.js';
import { attemptCreate, company, expectErrors } from '../../harness/fixtures/provisioning.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §7.3 as a whole (issue 4, item 5; issue 8): the target names its errors only with the
 * 39 names of §7.3 (or the vendor's codes for them, B5), and the suite accounts for every one of
 * them: the rule that triggers it, or why no request can. The matrix is attached to the report
 * and written to <reportsDir>/provisioning-coverage.md. A gap in the matrix fails this rule,
 * so it reaches summary.json and the exit code like any other.
 */
rule(
  {
    interface: 'provisioning',
    operation: 'provisioning.Provision',
    level: 'must',
    needs: [iface('provisioning'), provisioningAccount],
    id: 'provisioning.errors.documented-names',
    section: '§7.3',
    title: 'a refusal names only spec §7.3 errors, and the suite covers each of the 39 names with a rule that triggers it or the reason none can',
  },
  async (t) => {
    const names = PROVISIONING_COVERAGE.map((row) => row.name);
    const missing = PROVISIONING_ERROR_NAMES.filter((n) => !names.includes(n));
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    check(missing.length === 0 && twice.length === 0 && names.length === 39, `The suite's coverage matrix (contract/provisioning-coverage.ts) misses ${JSON.stringify(missing)} and names ${JSON.stringify(twice)} twice; spec §7.3 lists 39 names.`);

    const folder = new URL('.', import.meta.url);
    const declared = new Set<string>();
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.spec.ts'))) {
      for (const m of readFileSync(new URL(file, folder), 'utf8').matchAll(/\bid: '([^']+)'/g)) declared.add(m[1]!);
    }
    const unknown = PROVISIONING_COVERAGE.flatMap((row) => ('rule' in row ? [row.rule, ...(row.related ?? [])] : [])).filter((id) => !declared.has(id));
    check(unknown.length === 0, `The coverage matrix cites rules no spec in specs/provisioning declares: ${unknown.join(', ')}.`);

    const markdown = coverageMarkdown();
    await allure.attachment('provisioning coverage matrix (spec §7.3)', markdown, 'text/markdown');
    const { reportsDir } = t.run.settings;
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, 'provisioning-coverage.md'), markdown);

    // the target's side: a refusal it must give (UnknownCommand) names no error outside §7.3
    const reply = await attemptCreate(t, company(t, 0), { command: 0 });
    expectErrors(reply, 'spec §7.3 UnknownCommand; Command 0', 'UnknownCommand');
    check(reply.unrecognized.length === 0, `${reply.res.label}: the refusal also carries ${JSON.stringify(reply.unrecognized)}, which names no spec §7.3 error (B5: the vendor's codes or the names).`);
  },
);
