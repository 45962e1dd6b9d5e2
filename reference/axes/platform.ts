import type { Edition } from '../../contract/profile.js';
import { axis } from './axis.js';

/**
 * The edition and release the reference plays (spec §1, §9; B8 'the edition … and release'),
 * drawable like any reading so `random:<seed>` also varies what spec §9 takes away. The order is
 * chosen for `alt`, which exists to run the second reading of every silence over ALL rules: its
 * value, direct 6.1, is the direct edition (so admin.edition-lacks bites) on a release that still
 * offers every SOAP call and the mailbox XML listing, so alt switches neither SOAP nor (with
 * admin.edition-lacks=encryption-key) SMTP off wholesale. The later values remove them: direct
 * 6.2 (no GetMailboxXML), securemail 5.37 and direct 6.3 (no SOAP), and an older 5.4.
 * REFERENCE_EDITION / REFERENCE_RELEASE, where set, take precedence (reference/server.ts).
 */
export const PLATFORM = axis('platform.edition-release', 'edition-and-release');

export const PLATFORM_AXES = [PLATFORM];

/** The platform a reading of the axis names (`variant.get(PLATFORM)`). */
export function platformOf(reading: (typeof PLATFORM.values)[number]): { edition: Edition; release: string } {
  const [edition, release] = reading.split('-') as [Edition, string];
  return { edition, release };
}
