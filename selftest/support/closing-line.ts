import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads ('N passed, N failed'), after vitest's own summary, and
 * before it the self-test files that cost the most CPU (cpu-meter.ts), with their share.
 */
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
    const costs = modules.flatMap((m) => (m.meta().cpuMs === undefined ? [] : [{ file: m.relativeModuleId, ms: m.meta().cpuMs! }])).sort((a, b) => b.ms - a.ms);
    const total = costs.reduce((sum, c) => sum + c.ms, 0);
    if (total >= 10_000) {
      const lines = costs.map((c) => `  ${(c.ms / 1000).toFixed(0).padStart(5)} s  ${((100 * c.ms) / total).toFixed(0).padStart(3)}%  ${c.file}`);
      const head = `CPU by self-test file (their suite runs included), ${(total / 1000).toFixed(0)} s in all`;
      process.stdout.write(`\n${head} (every file: reports/selftest-cpu.txt):\n${lines.slice(0, 12).join('\n')}\n`);
      mkdirSync('reports', { recursive: true });
      writeFileSync('reports/selftest-cpu.txt', `${head}:\n${lines.join('\n')}\n`);
    }
    process.stdout.write(`\nselftest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
