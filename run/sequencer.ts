import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Spec files with a rule that waits on the target's clock (a session key's lifetime, spec §8):
 * run last, after vitest's own order (longest first). Their wait starts with the worker's first
 * rule (harness/clocks.ts) and has passed, or nearly, when they run: waited first, it would hold
 * a worker idle at the start of the run.
 */
const CLOCK_BOUND = ['specs/messaging-rest/session.spec.ts'];

export class ClockLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => CLOCK_BOUND.some((p) => f.moduleId.replaceAll('\\', '/').endsWith(p));
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}
