import { defineConfig } from 'vitest/config';
import LongestFirst from './selftest/support/longest-first.js';

/** `npm test`: the suite's own tests (harness, reference server, and the suite's teeth). */
export default defineConfig({
  test: {
    include: ['selftest/**/*.test.ts'],
    // vitest's default on 2 cores is one worker: the self-tests would run one file at a time, though
    // most of their time is spent waiting on the suite runs and servers they start
    maxWorkers: 2,
    setupFiles: ['selftest/support/cpu-meter.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', './selftest/support/closing-line.ts'],
    sequence: { sequencer: LongestFirst },
  },
});
