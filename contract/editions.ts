import type { Edition } from './profile.js';

/**
 * Spec §9 (Versioning) as data: what each edition's releases take away, and the sentences the
 * gate quotes (contract/operations.ts `absence`).
 */

/** Releases compare as major.minor numbers (5.4 < 5.36 < 6.2). */
export function compareRelease(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am !== bm ? am - bm : an - bn;
}

/** spec §9: the last release of each edition that offers the SOAP messaging calls. */
export const LAST_SOAP_RELEASE: Record<Edition, string> = { securemail: '5.36', direct: '6.2' };
/** spec §9: the first release of each edition without the mailbox XML listing. */
export const FIRST_RELEASE_WITHOUT_MAILBOX_XML: Record<Edition, string> = { securemail: '5.37', direct: '6.2' };

/** spec §9 sentences, quoted in not-applicable reasons. */
export const SECTION_9 = {
  soap: 'spec §9: "The SOAP messaging calls are offered for server releases up to 5.36 (secure-mail edition) and up to 6.2 (direct-messaging edition)."',
  mailboxXml: 'spec §9: "The mailbox XML listing is removed from new releases beginning with 5.37 (secure-mail edition) and 6.2 (direct-messaging edition)."',
  admin: 'spec §9: "Some administration methods cannot be used on the direct-messaging edition."',
  interfaces: 'B8: the profile says "which interfaces exist"',
} as const;
