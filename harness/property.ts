import fc from 'fast-check';
import { fnv1a } from './digest.js';
import { judgedOf } from './evidence-marks.js';
import { describeDefault, type Description } from './property-describe.js';
import { ConformanceAssertionError, NotApplicable, TargetBroken } from './outcomes.js';
import type { RuleContext } from './rule.js';

/**
 * Runs a fast-check property against the target with the run's seed and run count
 * (SMS_SEED, SMS_PROPERTY_RUNS), so a failure replays with `--seed`. A failure is reported as
 * non-conformance, with the seed, the replay path and the shrunk counterexample in the report:
 * first of its evidence, described in the rule's terms (`describe`: a text's length in characters,
 * its scripts, the limit it crosses; harness/property-describe.ts), and each attempt made while
 * shrinking is marked as a shrink attempt.
 */
export async function property<T>(
  t: RuleContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: {
    numRuns?: number;
    chains?: number;
    /**
     * With chains: what two runs at the same time must not share (a name the target keeps, as it
     * compares names); chain i draws only values whose key falls to it, so concurrent chains never
     * make the same thing.
     */
    apart?: (value: T) => string;
    timeLimitMs?: number;
    describe?: (value: T) => Description | undefined;
  } = {},
): Promise<void> {
  const { seed, propertyRuns, shrink } = t.run.settings;
  const numRuns = Math.min(options.numRuns ?? propertyRuns, propertyRuns);
  await t.allure.parameter('seed', String(seed));
  // independent chains of runs go concurrently, so a long property is not one long serial chain
  // of round trips; each chain's seed derives from the run's, so --seed still replays all of them
  const chains = Math.max(1, Math.min(options.chains ?? 1, numRuns));
  // runs and shrinking stop before the rule's own timeout, so a found counterexample is reported
  // (shrunk as far as time allowed) rather than lost to a timeout, and a slow target is broken
  const timeLimitMs = options.timeLimitMs ?? Math.floor((t.meta.timeoutMs ?? 60_000) * TIME_SHARE);
  // after a chain's first failure, every run is fast-check trying a smaller input: marked so
  const attempts: number[] = Array.from({ length: chains }, () => 0);
  const chainPredicate = (i: number) => {
    let failing = false;
    return async (value: T) => {
      if (failing) {
        attempts[i]! += 1;
        return t.shrinkAttempt(() => predicate(value));
      }
      try {
        await predicate(value);
      } catch (e) {
        if (!fc.PreconditionFailure.isFailure(e)) failing = true;
        throw e;
      }
    };
  };
  const outcomes = await Promise.all(
    Array.from({ length: chains }, (_, i) =>
      fc.check(fc.asyncProperty(options.apart && chains > 1 ? arbitrary.filter((v) => fnv1a(options.apart!(v)) % chains === i) : arbitrary, chainPredicate(i)), {
        seed: chainSeed(seed, i),
        numRuns: Math.floor(numRuns / chains) + (i < numRuns % chains ? 1 : 0),
        interruptAfterTimeLimit: timeLimitMs,
        markInterruptAsFailure: false,
        // SMS_SHRINK=off: the verdict alone is wanted (a fault self-test), not the smallest counterexample
        endOnFailure: shrink === 'off',
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
  const value = details.counterexample[0];
  const counterexample = t.redact.text(fc.stringify(value));
  const described = (options.describe ?? describeDefault)(value);
  const about = described ? ` (${t.redact.text(described.line)})` : '';
  const chain = chains > 1 ? `chain ${failed + 1} of ${chains}, ` : '';
  const replay = `${chain}seed ${details.seed}, path "${details.counterexamplePath}"${details.interrupted ? '; shrinking stopped at the time limit' : ''}`;
  const note = t.note(
    'property counterexample',
    [
      `Shrunk counterexample: ${counterexample}`,
      ...(described ? described.lines.map((l) => t.redact.text(l)) : []),
      '',
      t.redact.text(String((cause as Error)?.message ?? cause)),
      '',
      shrink === 'off'
        ? `Property failed after ${details.numRuns} run(s); not shrunk (SMS_SHRINK=off): the counterexample is the input that failed first.`
        : `Property failed after ${details.numRuns} run(s); shrinking tried ${attempts[failed]} smaller input(s) and kept ${details.numShrinks}.`,
      `Replay: --seed ${seed} (fast-check ${replay})`,
      `In the evidence: the runs' exchanges, then the shrink attempts (marked [shrink attempt]), then the counterexample's own (marked [counterexample]).`,
    ].join('\n'),
    'opening',
  );
  // the counterexample is the first thing the report shows of the rule, before its preconditions and ~100 runs
  t.attachments.splice(t.attachments.indexOf(note), 1);
  t.attachments.unshift(note);
  note.after = 0;
  // the card opens on the shrunk counterexample, then on its own exchanges: the runs before it
  // (and concurrent chains) interleave theirs, so the counterexample is run once more, alone
  // (only with time to spare: a replay cut off by the test's timeout would turn a failure into broken)
  const replayable = t.deadline - Date.now() > REPLAY_MARGIN_MS;
  const again = replayable ? await t.replayCounterexample(() => predicate(value)) : undefined;
  if (replayable) {
    note.text +=
      again === undefined
        ? '\n\nRun once more on its own, the counterexample passed: the failure did not repeat (see the exchanges of the runs before it).'
        : `\n\nRun once more on its own (the exchanges below), the counterexample failed again: ${t.redact.text(String((again as Error)?.message ?? again))}`;
  }
  throw new ConformanceAssertionError(
    `Counterexample ${counterexample}${about} (seed ${seed}; replay with --seed ${seed}): ${(cause as Error)?.message ?? String(cause)}`,
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
