import type { Account, Profile } from '../../contract/profile.js';
import type { HttpClient, HttpResponse } from '../http.js';

/** How a messaging REST call authenticates: a session key (spec §5.4) or an access token (B2). */
export type RestAuth = { sessionKey: string } | { authorization: string } | 'none';

/**
 * The messaging REST interface at {base_url}/SecureMessagingAPI (B1), with the paths and
 * PascalCase bodies of vendor-wire §1.1.
 */
export class MessagingRestClient {
  readonly base: string;

  constructor(
    private readonly http: HttpClient,
    profile: Profile,
  ) {
    this.base = (profile.urls.messagingRest ?? `${profile.baseUrl.replace(/\/$/, '')}/SecureMessagingAPI`).replace(/\/$/, '');
  }

  call(method: string, path: string, auth: RestAuth, options: { json?: unknown; query?: Record<string, string | number | boolean | undefined> } = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth !== 'none' && 'sessionKey' in auth) headers['x-session-key'] = auth.sessionKey;
    if (auth !== 'none' && 'authorization' in auth) headers.authorization = auth.authorization;
    return this.http.send(method, `${this.base}${path}`, { headers, json: options.json, query: options.query });
  }

  /** vendor-wire §1.1 Logon: POST /Account/Logon { UserIdOrEmail, Password } → { SessionKey }. */
  logon(account: Pick<Account, 'username' | 'password'>): Promise<HttpResponse> {
    return this.call('POST', '/Account/Logon', 'none', { json: { UserIdOrEmail: account.username, Password: account.password } });
  }

  details(auth: RestAuth): Promise<HttpResponse> {
    return this.call('GET', '/Account/Details', auth);
  }

  unread(auth: RestAuth, after?: number): Promise<HttpResponse> {
    return this.call('GET', '/Message/Inbox/Unread', auth, { query: { After: after } });
  }

  getMessage(auth: RestAuth, messageId: number): Promise<HttpResponse> {
    return this.call('GET', `/Message/${messageId}`, auth);
  }
}
