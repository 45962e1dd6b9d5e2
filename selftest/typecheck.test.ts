import { expect, test } from 'vitest';
import { runNode } from './support/cli.js';

/**
 * The whole repository type-checks (`npm run typecheck`: tsconfig.json, the specs, the self-tests
 * and the benches included), with tsgo, TypeScript's checker compiled natively
 * (@typescript/native-preview): the same diagnostics as tsc on this code base, in 15 CPU-s
 * instead of 70. A self-test rather than a step before them, so it overlaps the suite runs.
 */
test('tsgo -p tsconfig.json reports no error', async () => {
  const tsc = await runNode(['node_modules/@typescript/native-preview/bin/tsgo', '-p', 'tsconfig.json'], {}, 600_000);
  expect(tsc.stdout + tsc.stderr, 'tsc errors').toBe('');
  expect(tsc.code).toBe(0);
}, 620_000);
