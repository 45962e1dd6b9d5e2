import { silence } from './types.js';

/** Silences of the healthcare provider directory (spec §4.6, §7; B6; clarifications D1-D3). */
export const DIRECTORY_SILENCES = [
  silence({
    id: 'directory-search-semantics',
    anchors: ['§4.6/directory-operations-not-shown'],
    section: '§4.6',
    sentence: 'Its directory operations: not shown.',
    readings: ['exact', 'prefix', 'substring'],
    says: { exact: 'a parameter matches its field exactly (case-insensitive)', prefix: 'a parameter matches a prefix', substring: 'a parameter matches anywhere in the field' },
    others: ['paging of long answers'],
    neutral: 'only a search that names the profile’s known provider by its full names must find it, and a name no provider has must find nobody (D1).',
    profileKey: 'directory.knownProvider',
    clarification: 'D1',
  }),
  silence({
    id: 'directory-response-shape',
    anchors: ['§4.6/directory-operations-not-shown'],
    section: '§4.6',
    sentence: 'Its directory operations: not shown.',
    readings: ['all-fourteen', 'sent-only'],
    says: { 'all-fourteen': 'SearchParameters echoes all 14 parameters (vendor-wire §6)', 'sent-only': 'SearchParameters names only the parameters sent' },
    others: ['TotalMatches counts beyond one page'],
    neutral: 'the suite reads Entries and TotalMatches only: TotalMatches is never below the entries listed, and 0 exactly when none is (D2).',
    clarification: 'D2',
  }),
  silence({
    id: 'directory-errors',
    anchors: ['§7.2/errors-administration-directory-interfaces-not'],
    section: '§7.2',
    sentence: 'Errors of the administration and directory interfaces: not shown.',
    readings: [401, 403],
    says: { 401: '401 for a missing, unknown or ended key (B3)', 403: '403' },
    neutral: 'a refused key is any 4xx, in any envelope; each refusal is contrasted with the same search answered under a live key (D3).',
    clarification: 'D3',
  }),
] as const;
