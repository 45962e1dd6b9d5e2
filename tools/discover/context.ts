import { randomBytes } from 'node:crypto';
import { profileSecrets, ProfileSchema, type Profile } from '../../contract/profile.js';
import { Clients } from '../../harness/clients/index.js';
import { HttpClient, type Exchange } from '../../harness/http.js';
import { composeTransport } from '../../harness/transport/compose.js';
import { WorkerTransport } from '../../harness/transport/worker.js';
import { Redactor } from '../../harness/redact.js';
import { getKey, setKey, type Finding, type Confidence } from './finding.js';

/** Per-request time limit of discovery's exchanges (a run's default, run/config.ts). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * What a probe works with: the profile as discovered so far, the harness's clients over one
 * polite HTTP client (the profile's limits, the same gate and pool as a run), the exchanges of the
 * current probe, and the clean-ups of what it created. One per `discover` call: no module state.
 */
export class DiscoveryContext {
  /** the profile as discovered so far: the vendor's minimal profile, with each decided key applied */
  #input: Record<string, unknown>;
  #profile: Profile;
  readonly redact: Redactor;
  readonly http: HttpClient;
  /** the current probe's exchanges */
  exchanges: Exchange[] = [];
  /** the current probe's SMTP dialogues (lines already redacted by the SMTP client) */
  dialogues: Array<{ title: string; lines: string[] }> = [];
  readonly #cleanups: Array<{ what: string; fn: () => Promise<unknown> }> = [];
  /** a prefix for every name discovery creates, so a vendor can find leftovers */
  readonly prefix = `cfdisc${randomBytes(3).toString('hex')}`;
  #serial = 0;
  /** the pool, gate and breaker of discovery's requests (harness/transport/), closed by cleanUp() */
  readonly #transport: WorkerTransport;

  constructor(input: Record<string, unknown>) {
    this.#input = structuredClone(input);
    this.#profile = ProfileSchema.parse(this.#input);
    this.redact = new Redactor(profileSecrets(this.#profile));
    // the run's plumbing: the shared pool and admission gate under the profile's limits, and the recorder
    this.#transport = new WorkerTransport(this.#profile.limits);
    const dispatcher = composeTransport(this.#transport, {
      timeoutMs: REQUEST_TIMEOUT_MS,
      rule: { id: 'discover', judges: [] },
      record: (x) => this.exchanges.push(x),
    });
    this.http = new HttpClient(dispatcher, {
      timeoutMs: REQUEST_TIMEOUT_MS,
      redact: this.redact,
      limits: this.#profile.limits,
      // ungated: discovery asks whether the target offers an operation; it does not assume the answer
    });
  }

  get profile(): Profile {
    return this.#profile;
  }

  /** The profile input as discovered so far (what `--out` writes). */
  get input(): Record<string, unknown> {
    return structuredClone(this.#input);
  }

  /** Writes a decided value into the profile, so later probes speak the target's reading. */
  apply(key: string, value: unknown): void {
    setKey(this.#input, key, value);
    this.#profile = ProfileSchema.parse(this.#input);
  }

  /** The harness's clients, over the profile as discovered so far with `readings` tried on top. */
  clients(readings: Record<string, unknown> = {}): Clients {
    const input = structuredClone(this.#input);
    for (const [k, v] of Object.entries(readings)) setKey(input, k, v);
    return new Clients(this.http, ProfileSchema.parse(input), this.redact);
  }

  /** The index of the last exchange: evidence for a finding. */
  mark(): number {
    return this.exchanges.length - 1;
  }

  /** A name unique to this discovery, for folders, subjects, companies, accounts. */
  name(what: string): string {
    return `${this.prefix}${what}${(this.#serial++).toString(36)}`;
  }

  onCleanup(what: string, fn: () => Promise<unknown>): void {
    this.#cleanups.push({ what, fn });
  }

  /** Closes discovery's connection pool (after cleanUp(): the report needs no more requests). */
  close(): Promise<void> {
    return this.#transport.close();
  }

  /** Runs the clean-ups, last first; returns what could not be cleaned up. */
  async cleanUp(): Promise<string[]> {
    const failed: string[] = [];
    while (this.#cleanups.length > 0) {
      const { what, fn } = this.#cleanups.pop()!;
      try {
        await fn();
      } catch (e) {
        failed.push(`${what}: ${this.redact.text((e as Error).message)}`);
      }
    }
    return failed;
  }

  /** The value the profile holds for `key` now (the default, until a probe decides it). */
  current(key: string): unknown {
    return getKey(this.#profile, key);
  }
}

/** Builds findings for one silence: `decided` applies its value to the context. */
export function finder(ctx: DiscoveryContext, silence: string) {
  const make = (key: string, confidence: Confidence, reading: string, because: string, evidence: number[], extra: Partial<Finding> = {}): Finding => ({
    key,
    silence,
    confidence,
    reading,
    because,
    evidence: evidence.filter((i) => i >= 0),
    ...extra,
  });
  return {
    decided(key: string, value: unknown, reading: string, because: string, evidence: number[] = [ctx.mark()]): Finding {
      ctx.apply(key, value);
      return make(key, 'decided', reading, because, evidence, { value });
    },
    ambiguous(key: string, readings: string, because: string, evidence: number[] = [ctx.mark()]): Finding {
      return make(key, 'ambiguous', readings, because, evidence, { value: ctx.current(key) });
    },
    none(key: string, because: string, rules: string[], evidence: number[] = [ctx.mark()]): Finding {
      return make(key, 'none', 'no catalogued reading', because, evidence, { rules, value: ctx.current(key) });
    },
  };
}
