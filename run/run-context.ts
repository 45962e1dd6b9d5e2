import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { profileSecrets, type Profile } from '../contract/profile.js';
import { projectRoot } from '../contract/root.js';
import type { RunContext, RunMeta, RunSettings } from '../harness/context.js';
import { givenProfile, loadProfile, loadRunSettings, targetGiven, type LoadOptions } from './config.js';
import { concurrencyPlan, workersFor, type ConcurrencyPlan } from '../harness/gate.js';
import { startReferenceThread, type ThreadedReference } from './reference-thread/index.js';

export type { RunContext } from '../harness/context.js';

/** The suite's version, as package.json states it. */
export function suiteVersion(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot(import.meta.url), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The non-secret facts about a run that every report shows. */
function runMeta(profile: Profile, settings: RunSettings): RunMeta {
  return {
    suiteVersion: suiteVersion(),
    target: { url: profile.baseUrl, edition: profile.edition, release: profile.release, description: profile.description },
    seed: settings.seed,
    runId: settings.runId,
    reportsDir: settings.reportsDir,
    areas: settings.areas,
  };
}

/** A resolved run, with what it started. */
export interface OpenRun {
  context: RunContext;
  /** how limits.concurrency and limits.requestsPerSecond split over vitest's workers */
  plan: ConcurrencyPlan;
  /** set when no target was given and the embedded reference was started for the run */
  reference?: { url: string };
  /** stops what the run started (the embedded reference); idempotent */
  close(): Promise<void>;
}

/**
 * The embedded reference, as a run target: started here and nowhere else (the CLI's serve,
 * discover and diff, the bench, and, in a thread of its own, every run come here). `listen` places it (serve);
 * a run takes a free loopback port. `variant` (REFERENCE_VARIANT's spelling) and `faults` (fault
 * ids) override the environment's, for `diff`'s sides.
 */
export async function startReferenceTarget(env: NodeJS.ProcessEnv, listen: { port?: number; host?: string; variant?: string; faults?: readonly string[] } = {}) {
  // imported on demand: a run against a remote target never loads the reference
  const [{ start }, { referenceOptions }, { variantNamed }, { Faults }] = await Promise.all([import('../reference/server.js'), import('../reference/config.js'), import('../reference/variant.js'), import('../reference/faults.js')]);
  const reference = await start(
    referenceOptions(env, {
      port: listen.port,
      host: listen.host,
      ...(listen.variant !== undefined ? { variant: variantNamed(listen.variant) } : {}),
      ...(listen.faults !== undefined ? { faults: new Faults(listen.faults) } : {}),
    }),
  );
  // the limits a reader sets (SMS_CONCURRENCY, ...) apply to the reference's generated profile too
  const profile = givenProfile(reference.profile, env);
  return { reference, profile };
}

/**
 * Resolves a run once: settings (seed, areas, reports directory, timeouts), then the target
 * profile, starting the embedded reference when no target is given (or taking the one `starting`,
 * which the CLI starts before the run's modules load). Configuration mistakes are refused
 * (ConfigError) before anything is started.
 */
export async function openRun(options: LoadOptions, starting?: Promise<ThreadedReference>): Promise<OpenRun> {
  const loaded = loadRunSettings(options);
  const settings: RunSettings = { ...loaded, reportsDir: resolve(loaded.reportsDir) };
  let profile: Profile;
  let reference: ThreadedReference | undefined;
  if (targetGiven(options)) {
    profile = loadProfile(options);
  } else {
    // the run's reference answers from a thread of its own (run/reference-thread/)
    reference = await (starting ?? startReferenceThread());
    profile = reference.profile;
  }
  let closed: Promise<void> | undefined;
  // the embedded reference's thread takes a core of its own
  const plan = concurrencyPlan(profile.limits, workersFor(availableParallelism(), reference !== undefined));
  return {
    context: { profile, settings, secrets: profileSecrets(profile), meta: runMeta(profile, settings), workers: plan.workers },
    plan,
    ...(reference ? { reference: { url: reference.url } } : {}),
    close: () => (closed ??= reference?.close() ?? Promise.resolve()),
  };
}
