import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The self-tests' order: the longest files first, so the two workers finish together instead of
 * one starting a three-minute file near the end. vitest orders by the durations it cached on this
 * machine; a clean clone (CI) has none, and would order by file size, which puts the short files
 * that start whole suite runs (conformance-faults.test.ts) last. durations.json holds the seconds
 * each file took in a quiet `npm test` (`npm run selftest:durations` refreshes it from vitest's
 * cache); a file it does not list keeps vitest's place, after them.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as Record<string, number>;
    const weight = (f: TestSpecification) => seconds[relative(f.project.config.root, f.moduleId).replaceAll('\\', '/')] ?? 0;
    const base = await super.sort(files);
    return base.map((f, i) => ({ f, i, w: weight(f) })).sort((a, b) => b.w - a.w || a.i - b.i).map(({ f }) => f);
  }
}
