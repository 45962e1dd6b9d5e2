import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Profile } from '../../contract/profile.js';
import type { RunSettings } from '../config.js';
import type { z } from 'zod';
import type { RunFactsSchema } from '../../contract/summary.js';
import { projectRoot } from '../../contract/root.js';

/** The non-secret facts about a run that every report shows (summary.json's, contract/summary.ts), and where the reports go. */
export type RunMeta = z.infer<typeof RunFactsSchema> & { reportsDir: string };

export function suiteVersion(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot(import.meta.url), 'package.json'), 'utf8')) as { version: string };
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

/** A run's start as every view states it: UTC, named so (2026-11-24 01:00:00 UTC). */
export const runStart = (iso: string) => iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');

/** A run's duration as every view states it. */
export const runDuration = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);
