import { EDITIONS, type Edition } from '../contract/profile.js';
import { PLATFORM, platformOf } from './axes/platform.js';
import { Faults } from './faults.js';
import { Refusals } from './refusals.js';
import type { StartOptions } from './server.js';
import { DEFAULT_PLATFORM, type Platform } from './state.js';
import { defaultVariant, variantNamed, type Variant } from './variant.js';

/**
 * The reference's configuration, read from the environment here and only here: start() takes
 * options only. REFERENCE_VARIANT (its readings where the spec is silent), REFERENCE_FAULTS with
 * REFERENCE_FAULT_SCOPE / REFERENCE_FAULT_ROUND (its deliberate faults), REFERENCE_REFUSE /
 * REFERENCE_REFUSE_ROUND (test-only refusals), REFERENCE_EDITION / REFERENCE_RELEASE (the platform
 * it plays), REFERENCE_FAULT_FOOTPRINT and REFERENCE_REFUSE_LOG (files written when it closes).
 * What `given` sets wins, and the environment's value of that option is then not read.
 */
export function referenceOptions(env: NodeJS.ProcessEnv, given: StartOptions = {}): StartOptions {
  const variant = given.variant ?? variantNamed(env.REFERENCE_VARIANT);
  return {
    ...given,
    variant,
    faults: given.faults ?? Faults.fromEnv(env),
    refusals: given.refusals ?? Refusals.fromEnv(env),
    platform: given.platform ?? platformFromEnv(env, variant),
    footprintFile: given.footprintFile ?? (env.REFERENCE_FAULT_FOOTPRINT || undefined),
    refusalLog: given.refusalLog ?? (env.REFERENCE_REFUSE_LOG || undefined),
  };
}

/**
 * REFERENCE_EDITION (securemail | direct) and REFERENCE_RELEASE (e.g. 5.36): the platform the
 * reference plays, so a run can see spec §9's gating (the SOAP form up to securemail 5.36 and
 * direct 6.2). The generated profile carries them. A wrong value is refused in one sentence.
 * Where neither is set, the variant's reading of the platform axis (reference/axes/platform.ts).
 */
export function platformFromEnv(env: NodeJS.ProcessEnv, variant: Variant = defaultVariant): Platform {
  const edition = (env.REFERENCE_EDITION ?? '').trim();
  const release = (env.REFERENCE_RELEASE ?? '').trim();
  if (edition !== '' && !(EDITIONS as readonly string[]).includes(edition)) {
    throw new Error(`REFERENCE_EDITION is "${edition}"; set it to ${EDITIONS.join(' or ')}.`);
  }
  if (release !== '' && !/^\d+\.\d+$/.test(release)) throw new Error(`REFERENCE_RELEASE is "${release}"; set it to a release number such as 5.36.`);
  if (edition === '' && release === '') return platformOf(variant.get(PLATFORM));
  const chosen = (edition || DEFAULT_PLATFORM.edition) as Edition;
  return { edition: chosen, release: release || (chosen === 'direct' ? '6.2' : DEFAULT_PLATFORM.release) };
}
