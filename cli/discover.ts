import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MessageHolderTestRuntime, setGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';
import { ConfigError } from '../run/config.js';
import { discover } from '../tools/discover/discover.js';
import { minimalProfileOf } from '../tools/discover/minimal.js';
import { markdownReport, sidecarOf } from '../tools/discover/report.js';
import { ProfileSchema } from '../contract/profile.js';
import { probe } from './preflight.js';
import { EXIT } from './scorecard.js';

/**
 * `discover`: from a minimal profile (base URL, accounts and secrets,
 * administration and provisioning credentials, fixtures), probe the target and write the full
 * profile, its sidecar PROFILE.discovery.json (a comment per key: confidence, reading, evidence)
 * and PROFILE.discovery.md (the report, exchanges redacted). Without --target, the embedded
 * reference is started, as `run` does, and discovered from the minimal part of its own profile.
 * Exit 0 when every key was decided or kept, 1 when some key matched no catalogued reading,
 * 2 for a profile refused, 3 for an unreachable target.
 */
export async function discoverCommand(args: string[], log: (line: string) => void = console.log): Promise<number> {
  const { values } = parseArgs({ args, options: { target: { type: 'string' }, profile: { type: 'string' }, out: { type: 'string' } }, strict: true });
  // the harness's clients attach evidence for Allure; outside a test run it is held, not printed
  setGlobalTestRuntime(new MessageHolderTestRuntime());
  let minimal: Record<string, unknown> = {};
  if (values.profile) {
    try {
      minimal = JSON.parse(readFileSync(resolve(values.profile), 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new ConfigError(`The profile file ${values.profile} cannot be read as JSON (${(e as Error).message}).`);
    }
  }
  let stop: (() => Promise<void>) | undefined;
  if (values.target) minimal.baseUrl = values.target;
  else if (!values.profile) {
    const { startReferenceTarget } = await import('../run/run-context.js');
    const { reference } = await startReferenceTarget(process.env);
    stop = reference.close;
    minimal = minimalProfileOf(reference.profile as Record<string, unknown>);
    log(`Started the embedded reference server at ${reference.url} (variant ${reference.state.variant.describe()}); discovering from the minimal part of its profile.`);
  }
  if (typeof minimal.baseUrl !== 'string') throw new ConfigError('No target is set: pass --target URL, or give a profile file with "baseUrl".');
  try {
    // the run's own preflight: an unreachable target is one sentence and exit 3, no probing
    const parsed = ProfileSchema.safeParse(minimal);
    if (!parsed.success) throw new ConfigError(`The profile is not valid: ${parsed.error.issues[0]?.path.join('.') || '(root)'}: ${parsed.error.issues[0]?.message}.`);
    const unreachable = await probe(parsed.data);
    if (unreachable) {
      log(unreachable);
      return EXIT.unreachable;
    }
    log(`Discovering ${minimal.baseUrl}:`);
    const result = await discover(minimal, log);
    const out = resolve(values.out ?? 'discovered.profile.json');
    const base = out.replace(/\.json$/, '');
    const sidecar = sidecarOf(result, String(minimal.baseUrl));
    writeFileSync(out, `${JSON.stringify(result.profile, null, 2)}\n`, { mode: 0o600 });
    writeFileSync(`${base}.discovery.json`, `${JSON.stringify(sidecar, null, 2)}\n`);
    writeFileSync(`${base}.discovery.md`, markdownReport(result, sidecar));
    const counts = { decided: 0, ambiguous: 0, none: 0 };
    for (const k of Object.values(sidecar.keys)) counts[k.confidence] += 1;
    log(`${counts.decided} keys decided, ${counts.ambiguous} ambiguous (defaults kept), ${counts.none} matching no catalogued reading; ${Math.round(result.ms / 100) / 10} s.`);
    for (const [key, k] of Object.entries(sidecar.keys)) if (k.confidence !== 'decided') log(`  ${k.confidence}: ${key}: ${k.because}`);
    if (sidecar.leftovers.length) log(`Could not remove: ${sidecar.leftovers.join('; ')}`);
    log(`Wrote ${out}, with ${base}.discovery.json (a comment per key) and ${base}.discovery.md (the report and its evidence).`);
    return counts.none > 0 ? EXIT.doesNotConform : EXIT.conforms;
  } finally {
    await stop?.();
  }
}
