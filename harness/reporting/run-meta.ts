import { readFileSync } from 'node:fs';
import type { Profile } from '../../contract/profile.js';
import type { RunSettings } from '../config.js';
import type { z } from 'zod';
import type { RunFactsSchema } from '../../contract/summary.js';

/** The non-secret facts about a run that every report shows (summary.json's, contract/summary.ts), and where the reports go. */
export type RunMeta = z.infer<typeof RunFactsSchema> & { reportsDir: string };

export function suiteVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export function runMeta(profile: Profile, settings: RunSettings): RunMeta {
  return {
    suiteVersion: suiteVersion(),
    target: { url: profile.baseUrl, edition: profile.edition, release: profile.release, description: profile.description },
    seed: settings.seed,
    runId: settings.runId,
    reportsDir: settings.reportsDir,
    areas: settings.areas,
  };
}
