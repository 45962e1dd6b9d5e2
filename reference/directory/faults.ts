import type { FaultDef } from '../fault-def.js';
import { SPEC_DIRECTORY_POLICY as SPEC } from './policy.js';

/** Deliberate violations of the directory's rules (spec §4.6, §4.3 Log out, B6), each a hook of the directory's policy (policy.ts) answered otherwise. */
export const DIRECTORY_FAULTS = [
  { id: 'directory.messaging-key-refused', directory: { keyOpens: (k) => k !== 'messaging' && SPEC.keyOpens(k) }, rule: 'directory.session.messaging-key', breaks: 'a session key from messaging Log on is refused by the directory', alsoBreaks: { rules: ['directory.search.known-provider', 'directory.search.no-match', 'directory.search.total-matches', 'directory.session.logged-out-key', 'directory.session.no-key', 'directory.session.unknown-key'], why: 'the other directory rules search with a messaging key (each refusal is contrasted with a live key)' } },
  { id: 'directory.admin-key-refused', directory: { keyOpens: (k) => k !== 'admin' && SPEC.keyOpens(k) }, rule: 'directory.session.admin-key', breaks: 'a session key from administration Get a session key is refused by the directory' },
  { id: 'directory.no-key-accepted', directory: { keyOpens: (k) => k === 'missing' || SPEC.keyOpens(k) }, rule: 'directory.session.no-key', breaks: 'a search without a session key is answered' },
  { id: 'directory.unknown-key-accepted', directory: { keyOpens: (k) => k === 'unknown' || SPEC.keyOpens(k) }, rule: 'directory.session.unknown-key', breaks: 'a search with a session key nobody issued is answered' },
  { id: 'directory.ended-key-accepted', directory: { keyOpens: (k) => k === 'ended' || SPEC.keyOpens(k) }, rule: 'directory.session.logged-out-key', breaks: 'a session key ended by Log out still opens the directory' },
  { id: 'directory.known-provider-missed', directory: { providersFound: (matching) => matching.slice(1) }, rule: 'directory.search.known-provider', breaks: 'the search leaves out the first provider that matches', alsoBreaks: { rules: ['directory.search.no-match'], why: 'that rule first shows the known provider is found' } },
  { id: 'directory.known-provider-wrong-field', directory: { entriesShown: (entries, all) => entries.map((e, i) => ({ ...e, Npi: all[(all.findIndex((p) => p.Npi === e.Npi) + 1 + i) % all.length]!.Npi })) }, rule: 'directory.search.known-provider', breaks: "a found provider's entry carries another provider's NPI", alsoBreaks: { rules: ['directory.search.no-match'], why: 'that rule first shows the known provider is found' } },
  { id: 'directory.total-zero', directory: { totalMatches: () => 0 }, rule: 'directory.search.total-matches', breaks: 'TotalMatches is 0 while entries are listed' },
  { id: 'directory.total-short', directory: { totalMatches: (listed) => Math.max(0, listed - 1) }, rule: 'directory.search.total-matches', breaks: 'TotalMatches counts one entry fewer than are listed' },
  { id: 'directory.total-without-entries', directory: { totalMatches: (listed, all) => (listed === 0 ? all.length : listed) }, rule: 'directory.search.total-matches', breaks: 'a search that lists no entry reports every provider in TotalMatches' },
  { id: 'directory.no-match-lists-all', directory: { providersFound: (matching, all) => [...(matching.length === 0 ? all : matching)] }, rule: 'directory.search.no-match', breaks: 'a search that matches no provider lists every provider' },
] as const satisfies readonly FaultDef[];
