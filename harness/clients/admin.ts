import type { Profile } from '../../contract/profile.js';
import { formatTimeStamp, sealLogin, type LoginIdentity, type TimeStampFormat } from '../../contract/wire/admin-login.js';
import type { HttpClient, HttpResponse } from '../http.js';
import type { OperationId } from '../../contract/operations.js';
import type { Redactor } from '../redact.js';
import type { SmtpEndpoint } from '../../contract/account.js';

export type { SmtpEndpoint } from '../../contract/account.js';

export type Identity = LoginIdentity & { UID?: number };

/** How a Get a session key request is built; every field defaults to the profile's (vendor-wire §3.1). */
export interface SessionKeyOptions {
  automationId?: string;
  encryptionKey?: string;
  /** the LoginModel TimeStamp: a Date (formatted in the profile's form) or the exact text */
  timeStamp?: Date | string;
  format?: TimeStampFormat;
  /** a deliberate fault in the envelope, for the refusal rules */
  tamper?: 'ciphertext' | 'hash';
}

/**
 * The administration interface at {base_url}/Remote (B1; vendor-wire §3): Get a session key
 * with the encrypted LoginModel (contract/wire/admin-login.ts), and every session-key operation
 * of spec §4.2. Each method returns the raw response; what a key answer holds is read by
 * `keyOf`, neutral to its form (clarification A2). Keys, PSKs, passwords and the login payload
 * are learnt by the redactor the moment they are sent or seen.
 */
export class AdminClient {
  readonly base: string;

  constructor(
    private readonly http: HttpClient,
    private readonly profile: Profile,
    private readonly redact: Redactor,
  ) {
    this.base = (profile.urls.admin ?? `${profile.baseUrl.replace(/\/$/, '')}/Remote`).replace(/\/$/, '');
  }

  /**
   * The same client without the profile's operation gate: only for the rule that checks the
   * declaration itself (spec §9; admin.edition.operations-offered), where a declared-absent
   * operation must be sent and refused.
   */
  get ungated(): AdminClient {
    return new AdminClient(this.http.ungated(), this.profile, this.redact);
  }

  /**
   * spec §4.2 Get a session key: POST /Account/GetSessionKey with the sealed LoginModel (B3).
   * Without a `timeStamp` of the rule's, the LoginModel is stamped and sealed again when the
   * request leaves the gate (harness/transport/stamp.ts): it holds the time it is sent.
   */
  async sessionKey(identity: Identity, options: SessionKeyOptions = {}): Promise<HttpResponse> {
    const seal = () => this.#sealed(identity, options, options.timeStamp ?? new Date());
    const { headers, body } = seal();
    const stamp = options.timeStamp === undefined ? seal : undefined;
    return this.#learnKey(await this.http.send('POST', `${this.base}/Account/GetSessionKey`, { headers, body, stamp, operation: 'admin.GetSessionKey', actor: 'admin' }), 'SessionKey');
  }

  /** The sealed LoginModel for `identity` stamped `at`, as body and headers; the redactor learns what it holds. */
  #sealed(identity: Identity, options: SessionKeyOptions, at: Date | string): { headers: Record<string, string>; body: string } {
    const admin = this.profile.admin;
    const automationId = options.automationId ?? admin?.automationId ?? '';
    const encryptionKey = options.encryptionKey ?? admin?.encryptionKey ?? '';
    const format = options.format ?? admin?.timeStampFormat ?? 'iso';
    const stamp = typeof at === 'string' ? at : formatTimeStamp(at, format);
    const sealed = sealLogin(automationId, encryptionKey, identity, stamp);
    let body = sealed.body;
    const headers: Record<string, string> = { ...sealed.headers, accept: 'application/json', 'content-type': 'application/json' };
    if (options.tamper === 'ciphertext') body = JSON.stringify(flipByte(sealed.envelope.data));
    if (options.tamper === 'hash') headers['x-hash'] = flipByte(sealed.envelope.hash);
    // the sealed LoginModel is a credential while its time stamp holds: hidden, as the administrator's
    // (a LoginModel sealed with a made-up key opens nothing; the key itself is never sent)
    const sealedBy = { owner: 'admin', source: 'sealed by the suite with the profile admin.encryptionKey' };
    this.redact.learn(sealed.envelope.data, { what: 'sealed LoginModel', ...sealedBy });
    this.redact.learn(JSON.parse(body) as string, { what: 'sealed LoginModel', ...sealedBy });
    this.redact.learn(sealed.plaintext, { what: 'LoginModel', ...sealedBy });
    this.redact.learn(encryptionKey, { what: 'encryptionKey', owner: 'admin' });
    return { headers, body };
  }

  /** One session-key request of `operation` (contract/operations.ts), which the harness gates and records. */
  call(operation: OperationId, method: string, path: string, sessionKey: string | undefined, options: { json?: unknown; body?: string } = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (sessionKey !== undefined) headers['x-session-key'] = sessionKey;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return this.http.send(method, `${this.base}${path}`, { headers, json: options.json, body: options.body, operation });
  }

  /** spec §4.2 Get an encryption key (PSK) for the identity. */
  async encryptionKey(key: string, identity: Identity): Promise<HttpResponse> {
    return this.#learnKey(await this.call('admin.GetEncryptionKey', 'POST', '/Account/GetEncryptionKey', key, { json: identity }), 'EncryptionKey');
  }

  /** spec §4.2 Create a new encryption key: the company key, replaced. */
  async newEncryptionKey(key: string, identity: Identity): Promise<HttpResponse> {
    return this.#learnKey(await this.call('admin.NewEncryptionKey', 'POST', '/Account/NewEncryptionKey', key, { json: identity }), 'EncryptionKey');
  }

  /** spec §4.2 List user accounts (AccountIndexRequestModel; PageNumber as the vendor's clients send it). */
  listAccounts(key: string, request: { CompanyId: number; UserTypeId: number; PageNumber?: number }): Promise<HttpResponse> {
    return this.call('admin.ListAccounts', 'POST', '/Account/List', key, { json: { PageNumber: 1, ...request } });
  }

  createAccount(key: string, model: Record<string, unknown>): Promise<HttpResponse> {
    this.#learnPassword(model);
    return this.call('admin.CreateAccount', 'POST', '/Account/Create', key, { json: model });
  }

  viewAccount(key: string, identity: Identity): Promise<HttpResponse> {
    return this.call('admin.ViewAccount', 'POST', '/Account/Read', key, { json: identity });
  }

  updateAccount(key: string, model: Record<string, unknown>): Promise<HttpResponse> {
    this.#learnPassword(model);
    return this.call('admin.UpdateAccount', 'POST', '/Account/Update', key, { json: model });
  }

  deleteAccount(key: string, identity: Identity): Promise<HttpResponse> {
    return this.call('admin.DeleteAccount', 'POST', '/Account/Delete', key, { json: identity });
  }

  userTypes(key: string): Promise<HttpResponse> {
    return this.call('admin.GetUserTypes', 'GET', '/Account/GetUserTypes', key);
  }

  /** spec §4.2 Get company SMTP credentials. */
  smtpCredentials(key: string): Promise<HttpResponse> {
    return this.call('admin.GetSmtpCredentials', 'GET', '/Smtp/GetCredentials', key);
  }

  /** spec §4.2 Reset password (vendor-wire §3: the body is the JSON number -1). */
  resetSmtpPassword(key: string): Promise<HttpResponse> {
    return this.call('admin.ResetSmtpPassword', 'PUT', '/Smtp/ResetPassword', key, { body: '-1' });
  }

  /** spec §4.2 Update IP whitelist: an array of SMTPEndpoint2Model, or '' (an empty-string body) to remove it. */
  updateWhitelist(key: string, endpoints: SmtpEndpoint[] | ''): Promise<HttpResponse> {
    return endpoints === '' ? this.call('admin.UpdateIpWhitelist', 'PUT', '/Smtp/PutSmtpEndpoints', key, { body: '' }) : this.call('admin.UpdateIpWhitelist', 'PUT', '/Smtp/PutSmtpEndpoints', key, { json: endpoints });
  }

  /**
   * Learns the key a key answer carries (a bare string, so no field name marks it secret). The
   * shown body is redacted when first asked for, by the same redactor, so it never holds the key.
   */
  #learnKey(res: HttpResponse, what: string): HttpResponse {
    const key = keyOf(res);
    if (key) this.redact.learn(key, { what, owner: 'admin', source: `the answer to ${res.label}` });
    return res;
  }

  /** The password an account model sets: the account's own (named by its e-mail), so its log-ons name their actor. */
  #learnPassword(model: Record<string, unknown>): void {
    const owner = typeof model.Email === 'string' ? model.Email : undefined;
    if (typeof model.Password === 'string') this.redact.learn(model.Password, { what: 'password', owner, source: 'set by the suite through administration' });
    if (owner !== undefined) this.redact.identify(owner, owner);
  }
}

/**
 * The string a key answer carries (spec §4.2 'session key (string)'; clarification A2): a JSON
 * string, plain text, or an object whose one string field is it. Undefined when the answer is
 * not a 2xx or holds no non-empty string.
 */
export function keyOf(res: HttpResponse): string | undefined {
  if (res.status < 200 || res.status >= 300) return undefined;
  const j = res.json;
  if (typeof j === 'string') return j.trim() || undefined;
  if (j && typeof j === 'object' && !Array.isArray(j)) {
    const strings = Object.values(j).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return strings.length === 1 ? strings[0] : undefined;
  }
  if (j === undefined && res.text.trim() !== '' && !/[\s<{]/.test(res.text.trim())) return res.text.trim();
  return undefined;
}

/** One base64 character changed: the same length, other bytes. */
function flipByte(b64: string): string {
  const i = Math.floor(b64.replace(/=+$/, '').length / 2);
  const c = b64[i] === 'A' ? 'B' : 'A';
  return `${b64.slice(0, i)}${c}${b64.slice(i + 1)}`;
}
