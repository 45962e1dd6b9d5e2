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
    const policy = c.get('directoryPolicy');
    const key = c.req.header('x-session-key');
    if (!key) return policy.keyOpens('missing');
    // administration keys are the ones the administration interface remembers an AutomationId for
    if (!policy.keyOpens(state.accounts.sessionAutomationId(key) !== undefined ? 'admin' : 'messaging')) return false;
    const session = credentials.sessionOn(key, 'directory', c.get('credentialPolicy'));
    if (session && 'user' in session) return true;
    if (session !== undefined) return false;
    return policy.keyOpens(credentials.wasEnded(key) ? 'ended' : 'unknown');
  }

  const matches = (wanted: string, actual: string): boolean => {
    const [w, a] = [wanted.trim().toLowerCase(), actual.toLowerCase()];
    const reading = variant.get(DIRECTORY_MATCH);
    return reading === 'exact' ? a === w : reading === 'prefix' ? a.startsWith(w) : a.includes(w);
  };

  app.get('/Search', (c) => {
    if (!keyAccepted(c)) return refuse(c);
    const policy = c.get('directoryPolicy');
    // query names matched without regard to case, as ASP.NET model binding matches them
    const sent = new Map(Object.entries(c.req.query()).map(([k, v]) => [k.toLowerCase(), v]));
    const query = Object.fromEntries(SEARCH_PARAMETERS.map((p) => [p, sent.get(p.toLowerCase()) ?? '']));
    const given = SEARCH_PARAMETERS.filter((p) => query[p]!.trim() !== '');
    const matching: Provider[] = given.length === 0 ? [] : PROVIDERS.filter((p) => given.every((name) => matches(query[name]!, String(p[FIELD_OF[name]!]))));
    const found = policy.providersFound(matching, PROVIDERS);
    const entries = policy.entriesShown(ordered(variant, found).map((p) => withExtraFields(variant, { ...p }, { Distance: null })), PROVIDERS);
    const total = policy.totalMatches(entries.length, PROVIDERS);
    const echoed = variant.get(DIRECTORY_ECHO) === 'all-fourteen' ? query : Object.fromEntries(SEARCH_PARAMETERS.map((p) => [p, given.includes(p) ? query[p] : null]));
    return c.json(withExtraFields(variant, { Entries: entries, SearchParameters: echoed, TotalMatches: total }));
  });
  return app;
}
