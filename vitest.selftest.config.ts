import { defineConfig } from 'vitest/config';

/** `npm test`: the suite's own tests (harness, reference server, and the suite's teeth). */
export default defineConfig({
  test: {
    include: ['selftest/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', './selftest/support/closing-line.ts'],
  },
});
