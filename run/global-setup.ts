import type { TestProject } from 'vitest/node';
import { forgetClaims } from '../harness/claims.js';
import { openRun } from './run-context.js';

/**
 * Vitest global setup. The CLI resolves the run (run/run-context.ts) and provides it; run
 * bare (`npx vitest run`), nothing is provided, and this resolves it the same way, starting the
 * embedded reference when no target is given, and provides it to every worker and reporter.
 */
export default async function setup(project: TestProject) {
  const given = project.getProvidedContext().conformance;
  const opened = given ? undefined : await openRun({ env: process.env });
  const context = given ?? opened!.context;
  if (opened) project.provide('conformance', context);
  return async () => {
    forgetClaims(context.settings.runId);
    await opened?.close();
  };
}
