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

  /**
   * POST /Token with a JSON object, or a raw string for malformed-body rules; or a function that
   * makes the object, for a body that holds the time it is sent (a TOTP code, spec §5): it is made
   * again as the request leaves the gate (harness/transport/stamp.ts).
   */
  token(body: object | string | (() => object), options: TokenCallOptions = {}): Promise<HttpResponse> {
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

  #post(operation: OperationId, path: string, body: object | string | (() => object), options: TokenCallOptions): Promise<HttpResponse> {
    const headers: Record<string, string> = {};
    if (options.accept !== undefined) headers.accept = options.accept;
    if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
    const text = (b: object | string) => (typeof b === 'string' ? b : JSON.stringify(b));
    // a made body is made now too: the client learns its secrets and names its actor before the gate
    const stamp = typeof body === 'function' ? () => ({ body: text(body()), headers: {} }) : undefined;
    return this.http.send('POST', `${this.base}${path}`, { headers, body: text(typeof body === 'function' ? body() : body), stamp, operation });
  }
}
