import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { ROOT } from './support/cli.js';
import { sharedFile } from './support/shared.js';

/**
 * No import circles, in the project's own code (harness, reference, contract,
 * specs, cli, bench, selftests). The team's tool (../shared/tools/import-cycles.mjs) finds them,
 * type-only ones too: a registry that defines the types its members need ties them all together.
 * The fix is a file of its own for the shared types, beside the registry.
 */
const TOOL = sharedFile('tools/import-cycles.mjs') ?? join(ROOT, '../shared/tools/import-cycles.mjs');

test('import-cycles.mjs finds no import circle in the project', async () => {
  const run = await promisify(execFile)(process.execPath, [TOOL], { cwd: ROOT }).catch((e: { code?: unknown; stdout?: string; stderr?: string }) => {
    // exit 1 is the tool's "there are circles"; anything else is the tool failing
    if (e.code !== 1) throw new Error(`${TOOL} did not run: ${e.stderr ?? String(e)}`);
    return { stdout: e.stdout ?? '' };
  });
  const circles = run.stdout.split('\n').filter((line) => line.startsWith('cycle'));
  // the failure lists every circle, one a line, with the files in a loop
  expect(circles, `import circles:\n${circles.join('\n')}`).toEqual([]);
  expect(run.stdout).toMatch(/no import cycles among \d+ files/);
});
