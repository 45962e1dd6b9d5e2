import type { ProbeName } from '../../contract/silences/discovery.js';
import type { Exchange } from '../../harness/http.js';
import type { DiscoveryContext } from './context.js';
import type { Finding } from './finding.js';

export type { Confidence, Finding } from './finding.js';

/** A probe: decides one profile key, or a few that one exchange sequence shows together. */
export interface Probe {
  readonly name: ProbeName;
  /** the profile keys it may decide */
  readonly keys: readonly string[];
  /** Runs against the target; `apply` writes decided values into the profile the next probes use. */
  run(ctx: DiscoveryContext): Promise<Finding[]>;
}

/** A probe's run as the report shows it. */
export interface ProbeRun {
  readonly probe: ProbeName;
  readonly findings: readonly Finding[];
  /** the probe's exchanges, in order (redacted when rendered) */
  readonly exchanges: readonly Exchange[];
  /** the probe's SMTP dialogues, if it spoke to the gateway */
  readonly dialogues?: ReadonlyArray<{ title: string; lines: string[] }>;
  /** set when the probe could not run to the end (the target broke, a precondition failed) */
  readonly problem?: string;
  readonly ms: number;
}

