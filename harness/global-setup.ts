import type { TestProject } from 'vitest/node';
import { ProfileSchema, profileSecrets, type Profile } from '../contract/profile.js';
import { forgetCompanyClaims } from './company-lock.js';
import { loadProfile, loadRunSettings, withLimitEnv } from './config.js';
import { runMeta } from './reporting/run-meta.js';

/**
 * Vitest global setup: resolves the target once for every worker. The CLI normally resolves it
 * (starting the embedded reference server when no target is given) and passes the profile in
 * SMS_RESOLVED_PROFILE; run bare (`npx vitest`), this does the same itself.
 */
export default async function setup(project: TestProject) {
  const env = process.env;
  const settings = loadRunSettings({ env });
  let profile: Profile;
  let stop: (() => Promise<void>) | undefined;
  if (env.SMS_RESOLVED_PROFILE) {
    profile = ProfileSchema.parse(JSON.parse(env.SMS_RESOLVED_PROFILE));
  } else if (env.SMS_TARGET || env.SMS_PROFILE) {
    profile = loadProfile({ env });
  } else {
    const { start } = await import('../reference/server.js');
    const reference = await start();
    profile = ProfileSchema.parse(withLimitEnv(reference.profile, env));
    stop = reference.close;
  }
  env.SMS_RUN_META = JSON.stringify(runMeta(profile, settings));
  project.provide('conformance', { profile, settings, secrets: profileSecrets(profile) });
  return async () => {
    forgetCompanyClaims(settings.runId);
    await stop?.();
  };
}
