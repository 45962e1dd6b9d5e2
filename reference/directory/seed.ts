import type { ProfileInput } from '../../contract/profile.js';
import { PROVIDERS } from './providers.js';

/** The directory's part of the generated profile (B6, B8): a provider every search semantics finds by its full names. */
export function seedDirectory(): NonNullable<ProfileInput['directory']> {
  const known = PROVIDERS[0]!;
  return {
    knownProvider: {
      query: { FirstName: known.FirstName, LastName: known.LastName },
      expect: { Npi: known.Npi, DirectAddress: known.DirectAddress },
    },
  };
}
