import { defineConfig } from 'vitest/config';
import { limitsFromEnv, reportsDirOf } from './run/config.js';
import { concurrencyPlan } from './harness/gate.js';
import { suiteTestConfig } from './run/vitest-options.js';
import { ClockLastSequencer } from './run/sequencer.js';

/**
 * A bare `npx vitest run`: specs/ against the target of SMS_TARGET / SMS_PROFILE, else the
 * embedded reference, which global setup resolves and starts (run/run-context.ts). The CLI
 * (`npm run conformance`) does not read this file: it passes the same configuration inline,
 * with the run it resolved. The environment's limits (or the defaults) split the concurrency.
 */
export default defineConfig({
  test: suiteTestConfig({ reportsDir: reportsDirOf({ env: process.env }), plan: concurrencyPlan(limitsFromEnv(process.env)), sequencer: ClockLastSequencer }),
});
