import { join } from 'node:path';
import type { InlineConfig } from 'vitest/node';
import { RunSlots, type ConcurrencyPlan } from '../harness/gate.js';
import QuickAllureReporter from '../reporting/allure-reporter.js';
import { BUNDLE_FILES } from './bundles.js';
import type { RunContext } from './run-context.js';

/** What the suite's vitest configuration depends on: where reports go, how the limits split, and (from the CLI) the resolved run. */
export interface SuiteRunShape {
  reportsDir: string;
  plan: ConcurrencyPlan;
  /** the resolved run, provided to global setup and every worker; absent in a bare `npx vitest run` (global setup resolves it) */
  context?: RunContext;
  /** the order of the spec files (run/sequencer.ts), for a bare run, given by the caller */
  sequencer?: SequencerClass;
  /** the CLI's: the spec files dealt into a bundle per worker (run/bundles.ts), which vitest runs instead of the spec files */
  bundles?: string[][];
  /** the CLI's: where the Allure results are kept for it to write after the secret sweep (cli/finish.ts), instead of the results dir */
  allureResults?: Map<string, Buffer>;
  /** modules the workers load as Node does, not through vite (run/compiled-harness.ts) */
  external?: RegExp[];
}

type SequencerClass = NonNullable<NonNullable<InlineConfig['sequence']>['sequencer']>;

/**
 * The conformance run's vitest configuration, written once: vitest.config.ts gives it to a bare
 * `npx vitest run`, the CLI passes it inline (with the resolved context) and loads no config file.
 */
export function suiteTestConfig({ reportsDir, plan, context, sequencer, bundles, allureResults, external }: SuiteRunShape): InlineConfig {
  // reportMatchers off: matcher steps would print compared values, secrets included
  const allure = { resultsDir: join(reportsDir, 'allure-results'), reportMatchers: false };
  return {
    include: bundles ? [...BUNDLE_FILES] : ['specs/**/*.spec.ts'],
    globalSetup: ['run/global-setup.ts'],
    setupFiles: ['allure-vitest/setup'],
    // spec files (bundles of them, from the CLI) run in parallel against the one target, and the
    // rules inside run concurrently (rule() declares them so): the run waits on the network, so it
    // keeps limits.concurrency requests in flight, split over a few workers (harness/gate.ts)
    fileParallelism: true,
    maxWorkers: plan.workers,
    // twice a worker's share of the slots run at once: a rule waiting on a claim, the target's
    // clock or a poll holds no slot, and the gate, not the rule count, bounds what is in flight
    maxConcurrency: plan.slots * 2,
    // specs keep no per-file module state, so workers reuse loaded modules: 43 s → 13 s
    pool: 'threads',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: [
      './reporting/summary-reporter.ts',
      allureResults ? new QuickAllureReporter({ ...allure, keep: allureResults }) : ['./reporting/allure-reporter.ts', allure],
    ],
    // the specs and harness, as vite transforms them for the workers, are kept on disk between
    // runs (keyed by content): a repeated run skips about 10% of its CPU.
    // Beside the suite, not in node_modules, which may be a shared install
    experimental: { fsModuleCache: true, fsModuleCachePath: '.cache/vitest-modules' },
    // the CLI's workers share the run's slots (harness/gate.ts RunSlots): one whose rules wait leaves its share to the other
    ...(context ? { provide: { conformance: context, ...(bundles ? { conformanceBundles: bundles, conformanceSlots: RunSlots.buffer() } : {}) } } : {}),
    ...(sequencer ? { sequence: { sequencer } } : {}),
    ...(external ? { server: { deps: { external } } } : {}),
  };
}
