import { inject } from 'vitest';
import type { RunContext } from './run-context.js';

export type { RunContext } from './run-context.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run, resolved once (harness/run-context.ts) by the CLI or by global setup */
    conformance: RunContext;
  }
}

/** The run as global setup handed it to this worker. */
export function runContext(): RunContext {
  const context = inject('conformance');
  if (!context) throw new Error('The conformance run context is missing: run specs through `npm run conformance` or vitest.config.ts.');
  return context;
}
