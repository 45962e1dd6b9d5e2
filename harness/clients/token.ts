import type { Account, Profile } from '../../contract/profile.js';
import type { HttpClient, HttpResponse } from '../http.js';
import type { OperationId } from '../../contract/operations.js';

export interface TokenCallOptions {
  accept?: string;
  /** Content-Type to send; `null` sends none */
  contentType?: string | null;
}

/** The token interface (spec §4.1, B2): POST /Token and POST /token/challenge under its base. */
export class TokenClient {
  readonly base: string;

  constructor(
    private readonly http: HttpClient,
    private readonly profile: Profile,
  ) {
    this.base = (profile.urls.token ?? profile.baseUrl).replace(/\/$/, '');
  }

  /** POST /Token with a JSON object, or a raw string for malformed-body rules. */
  token(body: object | string, options: TokenCallOptions = {}): Promise<HttpResponse> {
    return this.#post('token.Token', '/Token', body, options);
  }

  /** B2: POST /token/challenge { challenge_type, mfa_token, user_token }. */
  challenge(body: { challenge_type: string; mfa_token: string; user_token: string }): Promise<HttpResponse> {
    return this.#post('token.Challenge', '/token/challenge', body, {});
  }

  clientCredentials(account: Pick<Account, 'username' | 'password'>, options: TokenCallOptions = {}): Promise<HttpResponse> {
    return this.token({ grant_type: 'client_credentials', client_id: account.username, client_secret: account.password }, options);
  }

  /** The Authorization header value for an access token (scheme from the profile, B2). */
  authorization(accessToken: string): string {
    return `${this.profile.token.scheme} ${accessToken}`;
  }

  #post(operation: OperationId, path: string, body: object | string, options: TokenCallOptions): Promise<HttpResponse> {
    const headers: Record<string, string> = {};
    if (options.accept !== undefined) headers.accept = options.accept;
    if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
    return this.http.send('POST', `${this.base}${path}`, { headers, body: typeof body === 'string' ? body : JSON.stringify(body), operation });
  }
}
