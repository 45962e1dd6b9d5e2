import { defineConfig } from 'vitest/config';
import { ProfileSchema } from './contract/profile.js';
import { limitsFromEnv } from './harness/config.js';
import { concurrencyPlan } from './harness/gate.js';

/**
 * The conformance run: specs/ against one target. `npm run conformance` (the CLI) is the usual
 * entry; it sets SMS_* variables before vitest reads this file.
 */
const reportsDir = process.env.SMS_REPORTS_DIR || 'reports';
// the CLI has resolved the profile by now; run bare, the environment's limits (or defaults) apply
const resolved = process.env.SMS_RESOLVED_PROFILE;
const plan = concurrencyPlan(resolved ? ProfileSchema.parse(JSON.parse(resolved)).limits : limitsFromEnv(process.env));

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['harness/global-setup.ts'],
    setupFiles: ['allure-vitest/setup'],
    // spec files run in parallel against the one target, and the rules inside a file run
    // concurrently (rule() declares them so): the run waits on the network, so it keeps
    // limits.concurrency requests in flight, split over a few workers (harness/gate.ts)
    fileParallelism: true,
    maxWorkers: plan.workers,
    maxConcurrency: plan.slots,
    // specs keep no per-file module state, so workers reuse loaded modules: 43 s → 13 s
    pool: 'threads',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: [
      './harness/reporting/summary-reporter.ts',
      ['junit', { outputFile: `${reportsDir}/junit.xml`, suiteName: 'secure-messaging-conformance' }],
      // reportMatchers off: matcher steps would print compared values, secrets included
      ['./harness/reporting/allure-reporter.ts', { resultsDir: `${reportsDir}/allure-results`, reportMatchers: false }],
    ],
  },
});
