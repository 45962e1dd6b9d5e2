import { PROBES } from './probes/index.js';

/**
 * Keys no rule reads that a probe cannot fill: dropped from a minimal profile with the decided
 * ones (the UserTypeModel shows no code, so TypeIds cannot be matched to codes, A4; I1).
 */
const ALSO_DROPPED = ['admin.userTypeIdsByCode'];

/**
 * A minimal profile from a full one: what only the vendor can give (base URL, interfaces,
 * edition and release, accounts and their secrets, administration and provisioning credentials,
 * fixtures, and the keys the catalogue marks undiscoverable), without any key a probe decides.
 * The self-test derives one from the reference's generated profile; a vendor writes theirs by hand.
 */
export function minimalProfileOf(full: Record<string, unknown>): Record<string, unknown> {
  const minimal = structuredClone(full);
  for (const key of [...Object.values(PROBES).flatMap((p) => p.keys), ...ALSO_DROPPED]) deleteKey(minimal, key);
  delete minimal.description;
  return minimal;
}

function deleteKey(profile: Record<string, unknown>, key: string): void {
  const parts = key.split('.');
  let at: unknown = profile;
  for (const p of parts.slice(0, -1)) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[p] : undefined;
  if (at && typeof at === 'object') delete (at as Record<string, unknown>)[parts.at(-1)!];
}

