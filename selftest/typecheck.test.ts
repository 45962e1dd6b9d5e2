import { expect, test } from 'vitest';
import { runNode } from './support/cli.js';

/**
 * The whole repository type-checks (`npm run typecheck`: tsc over tsconfig.json, the specs, the
 * self-tests and the benches included). A self-test rather than a step before them, so its
 * single-threaded minute overlaps the suite runs instead of leaving a core idle.
 */
test('tsc -p tsconfig.json reports no error', async () => {
  const tsc = await runNode(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], {}, 600_000);
  expect(tsc.stdout + tsc.stderr, 'tsc errors').toBe('');
  expect(tsc.code).toBe(0);
}, 620_000);
