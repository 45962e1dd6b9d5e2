import fc from 'fast-check';
import type { DirectoryQuery } from '../../../contract/directory.js';
import type { DiffSession } from '../session.js';
import { skipped, type StepFamily } from './family.js';

/**
 * The provider directory (spec §4.6, B6; vendor-wire §6) with the sender's messaging session key:
 * the profile's known provider searched by the start of its last name and by a part inside it
 * (what a user types into a search box), and a search with a key that has been logged out. The
 * providers are each directory's own data, so an answer shows how many entries matched and what
 * SearchParameters echoes, with the profile's search words named, not the entries themselves.
 */
export type DirectoryOp = { kind: 'directorySearch'; part: 'start' | 'inside' } | { kind: 'directoryEndedKey' };

/** The known provider's query (profile directory.knownProvider), its words named so two directories compare. */
function knownQuery(s: DiffSession): DirectoryQuery | undefined {
  const query = s.profile.directory?.knownProvider?.query;
  if (!query) return undefined;
  for (const [k, v] of Object.entries(query)) s.norm.word(v, `<${k}>`);
  return query as DirectoryQuery;
}

/** The longest value of the query, cut: its first three letters, or three from its second on. */
function partOf(query: DirectoryQuery, part: 'start' | 'inside'): DirectoryQuery {
  const [name, value] = Object.entries(query).sort((a, b) => String(b[1]).length - String(a[1]).length)[0]!;
  const text = String(value);
  return { [name]: part === 'start' ? text.slice(0, 3) : text.slice(1, 4) } as DirectoryQuery;
}

export const DIRECTORY: StepFamily<DirectoryOp> = {
  operations: { directorySearch: ['directory.Search'], directoryEndedKey: ['directory.Search', 'messaging-rest.LogOut'] },
  steps: [
    [1, fc.constantFrom<'start' | 'inside'>('start', 'inside').map((part) => ({ kind: 'directorySearch' as const, part }))],
    [1, fc.constant({ kind: 'directoryEndedKey' as const })],
  ],
  canonical: [{ kind: 'directorySearch', part: 'start' }, { kind: 'directorySearch', part: 'inside' }, { kind: 'directoryEndedKey' }],
  async run(s, op, step) {
    const query = knownQuery(s);
    if (!query) return skipped(step);
    if (op.kind === 'directoryEndedKey') {
      // spec §4.6: the directory opens with a live session key; one logged out is refused (status: not shown, §7.2)
      const res = await s.clients.rest.logon(s.account('sender'));
      const key = (res.json as { SessionKey?: string } | undefined)?.SessionKey;
      if (!key) return s.observe(`${step}: log on`, res);
      s.redact.learn(key);
      s.norm.word(key, '<secret>');
      await s.clients.rest.logout({ sessionKey: key });
      return s.observe(step, await s.clients.directory.search({ sessionKey: key }, query));
    }
    const sent = partOf(query, op.part);
    for (const v of Object.values(sent)) s.norm.word(v, `<${op.part} of the name>`);
    const o = s.observe(step, await s.clients.directory.search(s.rest('sender'), sent));
    const body = o.body as { Entries?: unknown[] } | undefined;
    return body && typeof body === 'object' && Array.isArray(body.Entries) ? { ...o, body: { ...body, Entries: body.Entries.length } } : o;
  },
};
