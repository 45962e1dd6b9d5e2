import { fileURLToPath } from 'node:url';
import { describe, inject } from 'vitest';
// the rules' worker-scoped fixture is defined at the bundle's top level, as vitest requires, before
// the spec files that use it are collected inside their suites
import '../harness/worker-state.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the spec files of each bundle (run/bundles.ts), as paths from the suite's root; absent in a bare `npx vitest run` */
    conformanceBundles?: string[][];
  }
}

/**
 * Collects the spec files of bundle `k` (run/bundles.ts), each as a concurrent suite named by its
 * path, so its rules run beside those of the bundle's other files. A spec file that cannot be
 * loaded fails its own suite, with the reason; the others run.
 */
export async function loadBundle(k: number): Promise<void> {
  for (const file of inject('conformanceBundles')?.[k - 1] ?? []) {
    describe.concurrent(file, async () => {
      await import(/* @vite-ignore */ fileURLToPath(new URL(`../${file}`, import.meta.url)));
    });
  }
}
