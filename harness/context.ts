import { inject } from 'vitest';
import type { Profile } from '../contract/profile.js';
import type { RunSettings } from './config.js';

/** What global setup hands every worker: the parsed profile and run settings, once. */
export interface RunContext {
  profile: Profile;
  settings: RunSettings;
  /** every secret value of the profile, for redaction */
  secrets: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunContext;
  }
}

let cached: RunContext | undefined;

export function runContext(): RunContext {
  cached ??= inject('conformance');
  if (!cached) throw new Error('The conformance run context is missing: run specs through `npm run conformance` or vitest.config.ts.');
  return cached;
}
