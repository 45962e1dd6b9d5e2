import type { DirectoryEntry } from '../../contract/directory.js';
import { check } from '../../harness/expect.js';
import { messagingKey, searchOk } from '../../harness/fixtures/directory.js';
import { account, iface, knownProvider } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import type { SpecRef } from '../../contract/spec/index.js';

/**
 * The search (B6, vendor-wire §6). spec §4.6: 'Its directory operations: not shown', so how a
 * parameter matches (exact, prefix, substring, case), paging and order are silences: the rules
 * assert only what every reading shares (clarifications D1-D3), on the provider the profile
 * declares (directory.knownProvider).
 */
const base = { interface: 'directory', operation: 'directory.Search', level: 'should' } as const;

/**
 * The search itself is a silence (B6): these rules rest only on the suite's reading of 'not
 * shown' (D1, D2), so they are should-level: a server that searches
 * otherwise is warned, not refused, since no sentence of the spec states a search.
 */
const SEARCH: SpecRef = { anchor: '§4.6/directory-operations-not-shown', quote: 'Its directory operations: not shown.', silence: 'directory-search-semantics' };
const SHAPE: SpecRef = { anchor: '§4.6/directory-operations-not-shown', quote: 'Its directory operations: not shown.', silence: 'directory-response-shape' };
const needs = [iface('directory'), iface('messaging-rest'), account('primary'), knownProvider];

/** An entry carries every field the profile expects of the known provider (strings compared as given). */
const isKnown = (t: RuleContext) => (e: DirectoryEntry) => Object.entries(t.profile.directory.knownProvider!.expect).every(([k, v]) => String(e[k] ?? '') === v);
/** A last name no provider has: the run prefix and letters no name holds. */
const nobody = (t: RuleContext) => ({ LastName: `Qx${t.prefix}zzq` });

rule(
  { ...base, id: 'directory.search.known-provider', spec: [SEARCH, SHAPE], title: 'a search that names a provider the directory holds finds that provider, with the fields it is known by', needs },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    const known = t.profile.directory.knownProvider!;
    const res = await searchOk(t, key, known.query, 'a search for the known provider');
    check(
      res.Entries.some(isKnown(t)),
      `GET /HpdProxyApi/Search ${JSON.stringify(known.query)}: no entry carries ${JSON.stringify(known.expect)} (directory.knownProvider); entries: ${JSON.stringify(res.Entries.map((e) => ({ Npi: e.Npi, LastName: e.LastName })))}.`,
    );
  },
);

rule(
  { ...base, id: 'directory.search.total-matches', spec: [SHAPE], title: 'TotalMatches is never below the number of entries listed, and is 0 only when none is listed', needs },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    for (const [what, query] of [['the known provider', t.profile.directory.knownProvider!.query], ['a name no provider has', nobody(t)]] as const) {
      const res = await searchOk(t, key, query, `a search for ${what}`);
      const listed = res.Entries.length;
      check(res.TotalMatches >= listed, `A search for ${what} lists ${listed} entries but reports TotalMatches ${res.TotalMatches}.`);
      check((res.TotalMatches === 0) === (listed === 0), `A search for ${what} lists ${listed} entries with TotalMatches ${res.TotalMatches}: a first page is empty exactly when nothing matches.`);
    }
  },
);

rule(
  { ...base, id: 'directory.search.no-match', spec: [SEARCH, SHAPE], title: 'a search for a last name no provider has lists no provider', needs },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    await t.given('the known provider is found', async () => check((await searchOk(t, key, t.profile.directory.knownProvider!.query, 'known provider')).Entries.some(isKnown(t)), 'the known provider is not found'));
    const res = await searchOk(t, key, nobody(t), 'a search for a name no provider has');
    check(res.Entries.length === 0, `A search for LastName ${nobody(t).LastName} lists ${res.Entries.length} entries (e.g. ${JSON.stringify(res.Entries[0]?.LastName)}).`);
  },
);
