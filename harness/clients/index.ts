import type { Profile } from '../../contract/profile.js';
import type { HttpClient } from '../http.js';
import { MessagingRestClient } from './messaging-rest.js';
import { TokenClient } from './token.js';

/** One typed client per interface, created on first use for the current test. */
export class Clients {
  #token?: TokenClient;
  #rest?: MessagingRestClient;

  constructor(
    private readonly http: HttpClient,
    private readonly profile: Profile,
  ) {}

  get token(): TokenClient {
    return (this.#token ??= new TokenClient(this.http, this.profile));
  }

  get rest(): MessagingRestClient {
    return (this.#rest ??= new MessagingRestClient(this.http, this.profile));
  }
}
