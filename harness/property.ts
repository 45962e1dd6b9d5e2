import fc from 'fast-check';
import * as allure from 'allure-js-commons';
import { ConformanceAssertionError, NotApplicable, TargetBroken } from './outcomes.js';
import type { RuleContext } from './rule.js';

/**
 * Runs a fast-check property against the target with the run's seed and run count
 * (SMS_SEED, SMS_PROPERTY_RUNS), so a failure replays with `--seed`. A failure is reported as
 * non-conformance, with the seed, the replay path and the shrunk counterexample in the report.
 */
export async function property<T>(
  t: RuleContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: { numRuns?: number } = {},
): Promise<void> {
  const { seed, propertyRuns } = t.run.settings;
  const numRuns = Math.min(options.numRuns ?? propertyRuns, propertyRuns);
  await allure.parameter('seed', String(seed));
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { seed, numRuns });
  if (!details.failed) return;
  const cause = details.errorInstance;
  // a precondition or transport problem inside a run is still broken / n.a., not a counterexample
  if (cause instanceof TargetBroken || cause instanceof NotApplicable) throw cause;
  const counterexample = t.redact.text(fc.stringify(details.counterexample?.[0]));
  const replay = `seed ${details.seed}, path "${details.counterexample ? details.counterexamplePath : ''}"`;
  await allure.attachment(
    'property counterexample',
    `Property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).\nReplay: --seed ${details.seed} (fast-check ${replay})\nShrunk counterexample: ${counterexample}\n\n${t.redact.text(String((cause as Error)?.message ?? cause))}`,
    'text/plain',
  );
  throw new ConformanceAssertionError(
    `Counterexample ${counterexample} (seed ${details.seed}; replay with --seed ${details.seed}): ${(cause as Error)?.message ?? String(cause)}`,
  );
}
