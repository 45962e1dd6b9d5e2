import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FIRST, LAST } from './bundles.js';

/**
 * The order of the spec files in a bare `npx vitest run`, where each is a vitest file of its own
 * (the CLI bundles them instead: run/bundles.ts, which says why these files lead and close): the
 * FIRST files in their order, then vitest's own order (longest first), then the LAST ones.
 */
export class ClockLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const path = f.moduleId.replaceAll('\\', '/');
      const first = FIRST.findIndex((p) => path.endsWith(p));
      return first >= 0 ? first - FIRST.length : LAST.some((p) => path.endsWith(p)) ? 1 : 0;
    };
    // a stable sort: within a rank, vitest's order stays
    return sorted.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map(({ f }) => f);
  }
}
