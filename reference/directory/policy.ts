import type { Provider } from './providers.js';

/** Where a session key sent to the directory comes from (spec §4.6), or why it is no live key. */
export type DirectoryKey = 'admin' | 'messaging' | 'missing' | 'ended' | 'unknown';

/**
 * The directory's decisions (spec §4.6, §4.3 Log out, B6), each named for the sentence it keeps;
 * the routes (routes.ts) ask the request's policy. SPEC_DIRECTORY_POLICY answers as the spec
 * says, and a fault of reference/directory/faults.ts replaces one hook (`directory: { … }`),
 * never a check inside the route. The last hooks shape the search's answer as it leaves (an edge
 * patch): the spec's leaves it as it is.
 */
export interface DirectoryPolicy {
  /** §4.6: a key of either interface opens the directory (while the credential policy says it is live); no key, an ended or an unknown one does not */
  keyOpens(key: DirectoryKey): boolean;
  /** B6: the providers a search lists, given those that match it */
  providersFound(matching: readonly Provider[], all: readonly Provider[]): Provider[];
  // edge: the answer as it leaves
  /** vendor-wire §6 Entries: the entries as the answer shows them */
  entriesShown<E extends { Npi: string }>(entries: E[], all: readonly Provider[]): E[];
  /** vendor-wire §6 TotalMatches: the count the answer shows, given the entries it lists */
  totalMatches(listed: number, all: readonly Provider[]): number;
}

export const SPEC_DIRECTORY_POLICY: DirectoryPolicy = {
  keyOpens: (key) => key === 'admin' || key === 'messaging',
  providersFound: (matching) => [...matching],
  entriesShown: (entries) => entries,
  totalMatches: (listed) => listed,
};
