import type { FaultDef } from '../fault-def.js';

/** Deliberate violations of the directory's rules (spec §4.6, §4.3 Log out, B6). */
export const DIRECTORY_FAULTS = [
  { id: 'directory.messaging-key-refused', rule: 'directory.session.messaging-key', breaks: 'a session key from messaging Log on is refused by the directory', alsoBreaks: { rules: ['directory.search.known-provider', 'directory.search.no-match', 'directory.search.total-matches', 'directory.session.logged-out-key', 'directory.session.no-key', 'directory.session.unknown-key'], why: 'the other directory rules search with a messaging key (each refusal is contrasted with a live key)' } },
  { id: 'directory.admin-key-refused', rule: 'directory.session.admin-key', breaks: 'a session key from administration Get a session key is refused by the directory' },
  { id: 'directory.no-key-accepted', rule: 'directory.session.no-key', breaks: 'a search without a session key is answered' },
  { id: 'directory.unknown-key-accepted', rule: 'directory.session.unknown-key', breaks: 'a search with a session key nobody issued is answered' },
  { id: 'directory.ended-key-accepted', rule: 'directory.session.logged-out-key', breaks: 'a session key ended by Log out still opens the directory' },
  { id: 'directory.known-provider-missed', rule: 'directory.search.known-provider', breaks: 'the search leaves out the first provider that matches', alsoBreaks: { rules: ['directory.search.no-match'], why: 'that rule first shows the known provider is found' } },
  { id: 'directory.known-provider-wrong-field', rule: 'directory.search.known-provider', breaks: "a found provider's entry carries another provider's NPI", alsoBreaks: { rules: ['directory.search.no-match'], why: 'that rule first shows the known provider is found' } },
  { id: 'directory.total-zero', rule: 'directory.search.total-matches', breaks: 'TotalMatches is 0 while entries are listed' },
  { id: 'directory.total-short', rule: 'directory.search.total-matches', breaks: 'TotalMatches counts one entry fewer than are listed' },
  { id: 'directory.total-without-entries', rule: 'directory.search.total-matches', breaks: 'a search that lists no entry reports every provider in TotalMatches' },
  { id: 'directory.no-match-lists-all', rule: 'directory.search.no-match', breaks: 'a search that matches no provider lists every provider' },
] as const satisfies readonly FaultDef[];
