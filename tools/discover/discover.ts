import type { InterfaceName } from '../../contract/profile.js';
import type { ProbeName } from '../../contract/silences/discovery.js';
import { DiscoveryContext } from './context.js';
import { PROBES } from './probes/index.js';
import type { ProbeRun } from './types.js';

/** The interface each probe speaks: a probe whose interface the profile does not list is not run. */
const INTERFACE: Readonly<Record<ProbeName, InterfaceName>> = {
  'token-scheme': 'token',
  'resource-type': 'token',
  'admin-timestamp': 'admin',
  'admin-user-types': 'admin',
  'admin-operations': 'admin',
  'provisioning-errors': 'provisioning',
  'provisioning-company': 'provisioning',
  'secure-contacts-count': 'provisioning',
  'mail-folders': 'messaging-rest',
  'mail-trash': 'messaging-rest',
  'folder-name-unit': 'messaging-rest',
  'change-password': 'messaging-rest',
  'search-first-page': 'messaging-rest',
  'inbox-id-codes': 'messaging-rest',
  'smtp-subnet': 'smtp',
};

export interface DiscoveryResult {
  /** the vendor's minimal profile with every decided key written in */
  readonly profile: Record<string, unknown>;
  readonly runs: readonly ProbeRun[];
  /** what could not be cleaned up (a sentence each), empty when everything discovery made is gone */
  readonly leftovers: readonly string[];
  /** the clean-up's own exchanges */
  readonly cleanup: ProbeRun;
  /** the redactor that knows every secret seen, for rendering the evidence */
  readonly context: DiscoveryContext;
  readonly ms: number;
}

/**
 * `discover`: runs every probe against the target named by the minimal
 * profile, one after another, then cleans up everything the probes made. A probe that throws
 * leaves its keys at their defaults and says why; the others still run.
 */
export async function discover(minimal: Record<string, unknown>, log: (line: string) => void = () => undefined): Promise<DiscoveryResult> {
  const started = Date.now();
  const ctx = new DiscoveryContext(minimal);
  const runs: ProbeRun[] = [];
  for (const probe of Object.values(PROBES)) {
    if (!ctx.profile.interfaces.includes(INTERFACE[probe.name])) continue;
    ctx.exchanges = [];
    ctx.dialogues = [];
    const t0 = Date.now();
    let run: ProbeRun;
    try {
      const findings = await probe.run(ctx);
      run = { probe: probe.name, findings, exchanges: ctx.exchanges, dialogues: ctx.dialogues, ms: Date.now() - t0 };
    } catch (e) {
      run = { probe: probe.name, findings: [], exchanges: ctx.exchanges, dialogues: ctx.dialogues, problem: ctx.redact.text((e as Error).message), ms: Date.now() - t0 };
    }
    runs.push(run);
    log(`  ${probe.name}: ${run.problem ? `could not finish (${run.problem})` : run.findings.map((f) => `${f.key} ${f.confidence}`).join(', ')}`);
  }
  ctx.exchanges = [];
  const t0 = Date.now();
  const leftovers = await ctx.cleanUp();
  await ctx.close();
  const cleanup: ProbeRun = { probe: 'cleanup' as ProbeName, findings: [], exchanges: ctx.exchanges, ms: Date.now() - t0 };
  return { profile: ctx.input, runs, leftovers, cleanup, context: ctx, ms: Date.now() - started };
}
