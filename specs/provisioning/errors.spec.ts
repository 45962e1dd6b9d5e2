import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageGaps, coverageMarkdown, provisioningCoverage } from '../../contract/provisioning-coverage.js';
import { check } from '../../harness/expect.js';
import { attemptCreate, company, expectErrors } from '../../harness/fixtures/provisioning.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §7.3 as a whole: the target names its errors only
 * with the 39 names of §7.3 (or the vendor's codes for them, B5), and the suite accounts for
 * every one of them: the rules anchored to its row, or why no request can (the matrix is a view
 * of the one coverage, contract/provisioning-coverage.ts). The matrix is attached to the report
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
    spec: [
      { anchor: '§7.3/title', quote: 'Provisioning errors (error names)' },
      { anchor: '§7.3/UnknownCommand', quote: 'UnknownCommand | Command other than Create (1), Update (2), Cancel (3)' },
    ],
    title: 'a refusal names only spec §7.3 errors, and the suite covers each of the 39 names with a rule anchored to it or the reason none can trigger it',
  },
  async (t) => {
    const rows = provisioningCoverage();
    const markdown = coverageMarkdown(rows);
    await t.allure.attachment('provisioning coverage matrix (spec §7.3)', markdown, { contentType: 'text/markdown' });
    const { reportsDir } = t.run.settings;
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, 'provisioning-coverage.md'), markdown);

    // the target's side: a refusal it must give (UnknownCommand) names no error outside §7.3
    const reply = await attemptCreate(t, company(t, 0), { command: 0 });
    expectErrors(reply, 'spec §7.3 UnknownCommand; Command 0', 'UnknownCommand');
    check(reply.unrecognized.length === 0, `${reply.res.label}: the refusal also carries ${JSON.stringify(reply.unrecognized)}, which names no spec §7.3 error (B5: the vendor's codes or the names).`);

    // the suite's side, checked last so a target's own failure is what the card leads with
    const gaps = coverageGaps(rows);
    check(rows.length === 39 && gaps.length === 0, `The suite's §7.3 coverage (docs/coverage.md; spec §7.3 lists 39 names, the index has ${rows.length}) has gaps:\n${gaps.join('\n')}`);
  },
);
