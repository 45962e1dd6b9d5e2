import { defineConfig } from 'vitest/config';

/**
 * The conformance run: specs/ against one target. `npm run conformance` (the CLI) is the usual
 * entry; it sets SMS_* variables before vitest reads this file.
 */
const reportsDir = process.env.SMS_REPORTS_DIR || 'reports';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['harness/global-setup.ts'],
    setupFiles: ['allure-vitest/setup'],
    // spec files run in parallel against the one target; tests inside a file run in order
    fileParallelism: true,
    // specs keep no per-file module state, so workers reuse loaded modules: 43 s → 13 s
    pool: 'threads',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: [
      './harness/reporting/summary-reporter.ts',
      ['junit', { outputFile: `${reportsDir}/junit.xml`, suiteName: 'secure-messaging-conformance' }],
      // reportMatchers off: matcher steps would print compared values, secrets included
      ['allure-vitest/reporter', { resultsDir: `${reportsDir}/allure-results`, reportMatchers: false }],
    ],
  },
});
