import { readFileSync } from 'node:fs';
import type { Profile } from '../../contract/profile.js';
import type { RunSettings } from '../config.js';

/** The non-secret facts about a run that every report shows. */
export interface RunMeta {
  suiteVersion: string;
  target: { url: string; edition: string; release: string; description?: string };
  seed: number;
  runId: string;
  reportsDir: string;
  areas?: string[];
}

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
