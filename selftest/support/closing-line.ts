import type { Reporter, TestModule } from 'vitest/node';

/** Prints the plain closing line CI reads ('N passed, N failed'), after vitest's own summary. */
export default class ClosingLine implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else if (state === 'skipped') skipped += 1;
      }
      if (m.state() === 'failed' && m.children.size === 0) failed += 1;
    }
    process.stdout.write(`\nselftest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
