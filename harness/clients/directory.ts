import { SEARCH_PARAMETERS, type DirectoryQuery } from '../../contract/directory.js';
import type { Profile } from '../../contract/profile.js';
import type { HttpClient, HttpResponse } from '../http.js';

/** How a directory call authenticates: a session key from administration or messaging (spec §4.6), or none. */
export type DirectoryAuth = { sessionKey: string } | 'none';

/**
 * The healthcare provider directory at {base_url}/HpdProxyApi (B1, B6): the search of
 * vendor-wire §6, all 14 parameters on every call (empty when unused), as the vendor's
 * libraries send them.
 */
export class DirectoryClient {
  readonly base: string;

  constructor(
    private readonly http: HttpClient,
    profile: Profile,
  ) {
    this.base = (profile.urls.directory ?? `${profile.baseUrl.replace(/\/$/, '')}/HpdProxyApi`).replace(/\/$/, '');
  }

  /** GET /Search?City=&Fax=&…&Zip= with X-Session-Key. */
  search(auth: DirectoryAuth, query: DirectoryQuery): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth !== 'none') headers['x-session-key'] = auth.sessionKey;
    const params = Object.fromEntries(SEARCH_PARAMETERS.map((p) => [p, query[p] ?? '']));
    return this.http.send('GET', `${this.base}/Search`, { headers, query: params, operation: 'directory.Search' });
  }
}
