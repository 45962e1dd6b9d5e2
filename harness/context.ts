import { z } from 'zod';
import { INTERFACES, type Profile } from '../contract/profile.js';
import type { RunFactsSchema } from '../contract/summary.js';

/** How a run behaves, as opposed to what the target is (read once by run/config.ts). */
export const RunSettingsSchema = z.object({
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1),
  requestTimeoutMs: z.coerce.number().int().min(100).max(600_000).default(10_000),
  eventuallyTimeoutMs: z.coerce.number().int().min(100).max(600_000).default(15_000),
  propertyRuns: z.coerce.number().int().min(1).max(10_000).default(20),
  /** whether a failed property is shrunk to a smaller counterexample (off: the first failing input is reported as found) */
  shrink: z.enum(['on', 'off']).default('on'),
  areas: z.array(z.enum(INTERFACES)).default([...INTERFACES]),
  reportsDir: z.string().min(1).default('reports'),
  /** where each request is written down with its rule, for a recording proxy (contract/rule-channel.ts LedgerLine); unset: nowhere */
  ruleLedger: z.string().min(1).optional(),
  runId: z.string().regex(/^[a-z0-9]{4,16}$/),
});
export type RunSettings = z.infer<typeof RunSettingsSchema>;

/** The non-secret facts about a run that every report shows (summary.json's, contract/summary.ts), and where the reports go. */
export type RunMeta = z.infer<typeof RunFactsSchema> & { reportsDir: string };

/**
 * One run's context as a rule sees it: flags, environment, profile and limits, resolved once by
 * the run (run/run-context.ts) and handed to vitest as provided context (`provide`/`inject`).
 * Nothing of it travels through the environment as text.
 */
export interface RunContext {
  profile: Profile;
  settings: RunSettings;
  /** every secret value of the profile, for redaction */
  secrets: string[];
  /** the non-secret facts every report shows */
  meta: RunMeta;
  /** the vitest workers the run splits its limits over (harness/gate.ts workersFor); absent: MAX_WORKERS */
  workers?: number;
}
