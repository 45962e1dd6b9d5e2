import { inject } from 'vitest';
import type { RunContext } from './context.js';

// A module of its own: harness/context.ts is read by the CLI and by the reference's thread too,
// which need not load vitest's test API (about 60-90 ms of each thread's start).
declare module 'vitest' {
  export interface ProvidedContext {
    /** the run, resolved once (run/run-context.ts) by the CLI or by global setup */
    conformance: RunContext;
  }
}

/** The run as the CLI or global setup handed it to this worker (`provide`/`inject`). */
export function runContext(): RunContext {
  const context = inject('conformance');
  if (!context) throw new Error('The conformance run context is missing: run specs through `npm run conformance` or vitest.config.ts.');
  return context;
}
