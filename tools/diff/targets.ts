import { profileSecrets, type Profile } from '../../contract/profile.js';
import { ConfigError, loadProfile } from '../../run/config.js';

/**
 * One side of a `diff`: a target and the profile it is driven with. `--target URL` takes the
 * profile from `--profile` (or SMS_PROFILE and the SMS_* variables, as `run` does);
 * `--target reference:<spec>` starts an embedded reference server, whose generated profile it
 * takes (README: "serve the reference → diff").
 *
 *   reference                      the default variant
 *   reference:<variant>            REFERENCE_VARIANT spelling: default, alt, random:<seed>, axis=value,…
 *   reference:faults=<id>,…        the default variant with faults on for every request (REFERENCE_FAULTS)
 *   reference:<variant>+faults=<id>,…
 */
export interface DiffSide {
  /** what the user wrote, e.g. `reference:mail.trash-advance=server` */
  spec: string;
  profile: Profile;
  /** the profile's secrets, kept out of every report */
  secrets: string[];
  /** for an embedded reference: the variant and faults it plays */
  reference?: { variant: string; faults: string[] };
  close(): Promise<void>;
}

export interface ReferenceSpec {
  variant: string;
  faults: string[];
}

/** Parses `reference[:…]`; undefined for anything else (a URL). A bad value is refused in one sentence. */
export async function parseReferenceSpec(spec: string, flag: string): Promise<ReferenceSpec | undefined> {
  if (spec !== 'reference' && !spec.startsWith('reference:')) return undefined;
  const rest = spec.slice('reference'.length).replace(/^:/, '');
  let variant = 'default';
  let faults: string[] = [];
  for (const part of rest.split('+').filter(Boolean)) {
    if (part.startsWith('faults=')) faults = part.slice('faults='.length).split(',').map((s) => s.trim()).filter(Boolean);
    else variant = part;
  }
  const [{ variantNamed }, { FAULTS }] = await Promise.all([import('../../reference/variant.js'), import('../../reference/faults.js')]);
  try {
    variantNamed(variant);
  } catch (e) {
    throw new ConfigError(`${flag} "${spec}" names no reference variant: ${(e as Error).message.replace(/^REFERENCE_VARIANT/, 'the variant')}`);
  }
  const unknown = faults.filter((f) => !FAULTS.some((x) => x.id === f));
  if (unknown.length > 0) throw new ConfigError(`${flag} "${spec}" names ${unknown.map((f) => `"${f}"`).join(', ')}, which is no fault of reference/faults.ts.`);
  return { variant, faults };
}

/** Starts an embedded reference of that variant and faults, on a free loopback port. */
export async function startReference(ref: ReferenceSpec, label: string): Promise<DiffSide> {
  const { startReferenceTarget } = await import('../../run/run-context.js');
  const { reference: running, profile } = await startReferenceTarget({}, { variant: ref.variant, faults: ref.faults });
  return { spec: label, profile, secrets: profileSecrets(profile), reference: ref, close: running.close };
}

export async function openSide(spec: string, profileFile: string | undefined, flag: string, env: NodeJS.ProcessEnv): Promise<DiffSide> {
  if (spec.trim() === '') throw new ConfigError(`${flag} is empty; give a URL or reference[:variant].`);
  const ref = await parseReferenceSpec(spec, flag);
  if (ref) {
    if (profileFile) throw new ConfigError(`${flag} "${spec}" starts an embedded reference, which makes its own profile; drop its profile flag.`);
    return startReference(ref, spec);
  }
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new ConfigError(`${flag} is "${spec}", which is neither a URL nor reference[:variant].`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${flag} is "${spec}"; a target URL must be http or https.`);
  // a URL target without a profile file: SMS_PROFILE and the SMS_* variables, as `run` reads them
  const profile = loadProfile({ env: profileFile ? { ...env, SMS_PROFILE: undefined } : env, flags: { target: spec, profile: profileFile } });
  return { spec, profile, secrets: profileSecrets(profile), close: async () => {} };
}
