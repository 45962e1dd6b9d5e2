import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SEARCH_PARAMETERS } from '../../contract/directory.js';
import type { AppEnv, Ctx } from '../http.js';
import type { ReferenceState } from '../state.js';
import { errorEnvelope, ordered, withExtraFields } from '../common-readings.js';
import { DIRECTORY_ECHO, DIRECTORY_MATCH, DIRECTORY_REFUSAL } from '../axes/directory.js';
import { FIELD_OF, PROVIDERS, type Provider } from './providers.js';

/** The reference's text for a refused key (spec §7: directory errors 'not shown'). */
const REFUSED_KEY = 'The session key is missing, unknown or no longer valid.';

/**
 * The healthcare provider directory at {base_url}/HpdProxyApi (B6, vendor-wire §6). It has no
 * log on of its own (spec §4.6): any live session key from the administration or messaging
 * interface opens it, and nothing else does.
 */
export function directoryRoutes(state: ReferenceState): Hono<AppEnv> {
  const { credentials, variant } = state;
  const app = new Hono<AppEnv>();

  const refuse = (c: Ctx) => {
    const body = errorEnvelope(variant, REFUSED_KEY);
    const status = variant.get(DIRECTORY_REFUSAL) as ContentfulStatusCode;
    return body.kind === 'text' ? c.text(body.body, status) : c.json(body.body as object, status);
  };

  /** spec §4.6: a key from either interface; an ended or unknown one is refused. */
  function keyAccepted(c: Ctx): boolean {
    const fault = c.get('fault');
    const key = c.req.header('x-session-key');
    if (!key) return fault('directory.no-key-accepted');
    // administration keys are the ones the administration interface remembers an AutomationId for
    const fromAdministration = state.accounts.sessionAutomationId(key) !== undefined;
    if (fromAdministration ? fault('directory.admin-key-refused') : fault('directory.messaging-key-refused')) return false;
    const session = credentials.sessionOn(key, 'directory', c.get('credentialPolicy'));
    if (session && 'user' in session) return true;
    if (session !== undefined) return false;
    return credentials.wasEnded(key) ? fault('directory.ended-key-accepted') : fault('directory.unknown-key-accepted');
  }

  const matches = (wanted: string, actual: string): boolean => {
    const [w, a] = [wanted.trim().toLowerCase(), actual.toLowerCase()];
    const reading = variant.get(DIRECTORY_MATCH);
    return reading === 'exact' ? a === w : reading === 'prefix' ? a.startsWith(w) : a.includes(w);
  };

  app.get('/Search', (c) => {
    if (!keyAccepted(c)) return refuse(c);
    const fault = c.get('fault');
    // query names matched without regard to case, as ASP.NET model binding matches them
    const sent = new Map(Object.entries(c.req.query()).map(([k, v]) => [k.toLowerCase(), v]));
    const query = Object.fromEntries(SEARCH_PARAMETERS.map((p) => [p, sent.get(p.toLowerCase()) ?? '']));
    const given = SEARCH_PARAMETERS.filter((p) => query[p]!.trim() !== '');
    let found: Provider[] = given.length === 0 ? [] : PROVIDERS.filter((p) => given.every((name) => matches(query[name]!, String(p[FIELD_OF[name]!]))));
    if (found.length === 0 && fault('directory.no-match-lists-all')) found = [...PROVIDERS];
    if (fault('directory.known-provider-missed')) found = found.slice(1);
    let entries = ordered(variant, found).map((p) => withExtraFields(variant, { ...p }, { Distance: null }));
    if (fault('directory.known-provider-wrong-field')) entries = entries.map((e, i) => ({ ...e, Npi: PROVIDERS[(PROVIDERS.findIndex((p) => p.Npi === e.Npi) + 1 + i) % PROVIDERS.length]!.Npi }));
    let total = entries.length;
    if (fault('directory.total-zero')) total = 0;
    if (fault('directory.total-short')) total = Math.max(0, entries.length - 1);
    if (fault('directory.total-without-entries') && entries.length === 0) total = PROVIDERS.length;
    const echoed = variant.get(DIRECTORY_ECHO) === 'all-fourteen' ? query : Object.fromEntries(SEARCH_PARAMETERS.map((p) => [p, given.includes(p) ? query[p] : null]));
    return c.json(withExtraFields(variant, { Entries: entries, SearchParameters: echoed, TotalMatches: total }));
  });
  return app;
}
