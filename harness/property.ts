import fc from 'fast-check';
import * as allure from 'allure-js-commons';
import { judgedOf } from './evidence-marks.js';
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
  options: { numRuns?: number; chains?: number; timeLimitMs?: number } = {},
): Promise<void> {
  const { seed, propertyRuns } = t.run.settings;
  const numRuns = Math.min(options.numRuns ?? propertyRuns, propertyRuns);
  await allure.parameter('seed', String(seed));
  // independent chains of runs go concurrently, so a long property is not one long serial chain
  // of round trips; each chain's seed derives from the run's, so --seed still replays all of them
  const chains = Math.max(1, Math.min(options.chains ?? 1, numRuns));
  // runs and shrinking stop before the rule's own timeout, so a found counterexample is reported
  // (shrunk as far as time allowed) rather than lost to a timeout, and a slow target is broken
  const timeLimitMs = options.timeLimitMs ?? Math.floor((t.meta.timeoutMs ?? 60_000) * TIME_SHARE);
  const outcomes = await Promise.all(
    Array.from({ length: chains }, (_, i) =>
      fc.check(fc.asyncProperty(arbitrary, predicate), {
        seed: chainSeed(seed, i),
        numRuns: Math.floor(numRuns / chains) + (i < numRuns % chains ? 1 : 0),
        interruptAfterTimeLimit: timeLimitMs,
        markInterruptAsFailure: false,
      }),
    ),
  );
  const failed = outcomes.findIndex((d) => d.failed);
  if (failed < 0) {
    const ran = outcomes.reduce((n, d) => n + d.numRuns, 0);
    if (outcomes.some((d) => d.interrupted)) throw new TargetBroken(`the property ran only ${ran} of ${numRuns} runs within its ${timeLimitMs} ms (the target answered too slowly to check it), and none of them failed.`);
    return;
  }
  const details = outcomes[failed]!;
  const cause = details.errorInstance;
  // fast-check can end a check as failed with no counterexample at all (too many skipped runs,
  // as when the runs are starved of time): nothing showed the rule broken, so it is not a fail
  if (!details.counterexample)
    throw new TargetBroken(`the property could not be checked: it stopped after ${details.numRuns} run(s) and ${details.numSkips} skipped run(s) without a counterexample${details.interrupted ? ', at its time limit' : ''}.`);
  // a precondition or transport problem inside a run is still broken / n.a., not a counterexample
  if (cause instanceof TargetBroken || cause instanceof NotApplicable) throw cause;
  const counterexample = t.redact.text(fc.stringify(details.counterexample?.[0]));
  const chain = chains > 1 ? `chain ${failed + 1} of ${chains}, ` : '';
  const replay = `${chain}seed ${details.seed}, path "${details.counterexample ? details.counterexamplePath : ''}"${details.interrupted ? '; shrinking stopped at the time limit' : ''}`;
  const note = t.note(
    'property counterexample',
    `Property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).\nReplay: --seed ${seed} (fast-check ${replay})\nShrunk counterexample: ${counterexample}\n\n${t.redact.text(String((cause as Error)?.message ?? cause))}`,
    'opening',
  );
  // the card opens on the shrunk counterexample, then on its own exchanges: the runs before it
  // (and concurrent chains) interleave theirs, so the counterexample is run once more, alone
  // (only with time to spare: a replay cut off by the test's timeout would turn a failure into broken)
  const replayable = Boolean(details.counterexample) && t.deadline - Date.now() > REPLAY_MARGIN_MS;
  const again = replayable ? await t.replayCounterexample(() => predicate(details.counterexample![0])) : undefined;
  if (replayable) {
    note.text +=
      again === undefined
        ? '\n\nRun once more on its own, the counterexample passed: the failure did not repeat (see the exchanges of the runs before it).'
        : `\n\nRun once more on its own (the exchanges below), the counterexample failed again: ${t.redact.text(String((again as Error)?.message ?? again))}`;
  }
  throw new ConformanceAssertionError(
    `Counterexample ${counterexample} (seed ${seed}; replay with --seed ${seed}): ${(cause as Error)?.message ?? String(cause)}`,
    judgedOf(again) ?? judgedOf(cause),
  );
}

/** The share of the rule's timeout that runs and shrinking may take; the rest is for cleanup. */
const TIME_SHARE = 0.75;
/** Time a test must have left to run its counterexample once more. */
const REPLAY_MARGIN_MS = 20_000;

/** The seed of chain i: the run's seed itself for the first, a fixed derivation for the others. */
function chainSeed(seed: number, i: number): number {
  return i === 0 ? seed : (seed + Math.imul(i, 0x9e3779b1)) >>> 1;
}
