import type {
  ChangePasswordRequest,
  CreateFolderRequest,
  GetInboxMidRequest,
  GetMessageSummariesRequest,
  SearchInboxRequest,
  SendMessageRequest,
} from '../../contract/messaging.js';
import type { Account, Profile } from '../../contract/profile.js';
import type { HttpClient, HttpResponse } from '../http.js';
import { sendNow, type FolderCreation } from './folder-creation.js';
import type { OperationId } from '../../contract/operations.js';

/** How a messaging REST call authenticates: a session key (spec §5.4) or an access token (B2). */
export type RestAuth = { sessionKey: string } | { authorization: string } | 'none';

/** The credential a request carries, which names its session. */
const keyOf = (auth: RestAuth): string => (auth === 'none' ? '' : 'sessionKey' in auth ? auth.sessionKey : auth.authorization);

/**
 * The messaging REST interface at {base_url}/SecureMessagingAPI (B1): every operation of spec
 * §4.3 with the paths and PascalCase bodies of vendor-wire §1.1. Each method returns the raw
 * response; specs judge it with harness/expect.ts. Bodies typed `unknown` let malformed-input
 * rules send what they need.
 */
export class MessagingRestClient {
  readonly base: string;

  constructor(
    private readonly http: HttpClient,
    private readonly profile: Profile,
    /** how a folder creation is sent (harness/clients/folder-creation.ts) */
    private readonly creatingFolder: FolderCreation = sendNow,
  ) {
    this.base = (profile.urls.messagingRest ?? `${profile.baseUrl.replace(/\/$/, '')}/SecureMessagingAPI`).replace(/\/$/, '');
  }

  /** One request of `operation` (contract/operations.ts), which the harness gates and records. */
  call(
    operation: OperationId,
    method: string,
    path: string,
    auth: RestAuth,
    options: { json?: unknown; body?: string; query?: Record<string, string | number | boolean | undefined> } = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth !== 'none' && 'sessionKey' in auth) headers['x-session-key'] = auth.sessionKey;
    if (auth !== 'none' && 'authorization' in auth) headers.authorization = auth.authorization;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return this.http.send(method, `${this.base}${path}`, { headers, json: options.json, body: options.body, query: options.query, operation });
  }

  // ---- account (spec §4.3 rows 1-4) ----

  /** POST /Account/Logon { UserIdOrEmail, Password } → { SessionKey }. */
  logon(account: Pick<Account, 'username' | 'password'>): Promise<HttpResponse> {
    return this.call('messaging-rest.LogOn', 'POST', '/Account/Logon', 'none', { json: { UserIdOrEmail: account.username, Password: account.password } });
  }

  details(auth: RestAuth): Promise<HttpResponse> {
    return this.call('messaging-rest.GetAccountDetails', 'GET', '/Account/Details', auth);
  }

  /** POST /Account/ChangePassword; spec §5.6: works without a session key (auth 'none'). */
  changePassword(auth: RestAuth, body: ChangePasswordRequest): Promise<HttpResponse> {
    return this.call('messaging-rest.ChangePassword', 'POST', '/Account/ChangePassword', auth, { json: body });
  }

  /**
   * Change password without a session key (spec §5.6). The REST model names no user, so the
   * account's e-mail goes in the profile's field, EmailAddr by default (clarification M1).
   */
  changePasswordWithoutKey(account: Pick<Account, 'email'>, oldPassword: string, newPassword: string): Promise<HttpResponse> {
    const body = { [this.profile.messaging.changePasswordUserField]: account.email, OldPassword: oldPassword, NewPassword: newPassword };
    return this.call('messaging-rest.ChangePassword', 'POST', '/Account/ChangePassword', 'none', { json: body });
  }

  /** POST /Account/Logout with an empty body (B3 accepts a zero-length one). */
  logout(auth: RestAuth): Promise<HttpResponse> {
    return this.call('messaging-rest.LogOut', 'POST', '/Account/Logout', auth, { body: '' });
  }

  // ---- folders ----

  listFolders(auth: RestAuth): Promise<HttpResponse> {
    return this.call('messaging-rest.ListFolders', 'GET', '/Folder/List', auth);
  }

  createFolder(auth: RestAuth, body: CreateFolderRequest | Record<string, unknown>): Promise<HttpResponse> {
    return this.creatingFolder(keyOf(auth), () => this.call('messaging-rest.CreateFolder', 'POST', '/Folder', auth, { json: body }));
  }

  deleteFolder(auth: RestAuth, folderId: number): Promise<HttpResponse> {
    return this.call('messaging-rest.DeleteFolder', 'DELETE', `/Folder/${folderId}`, auth);
  }

  // ---- listings ----

  inboxMessageIds(auth: RestAuth, body: GetInboxMidRequest): Promise<HttpResponse> {
    return this.call('messaging-rest.GetInboxMessageIds', 'POST', '/Message/GetInboxMessageIds', auth, { json: body });
  }

  messageSummaries(auth: RestAuth, body: GetMessageSummariesRequest): Promise<HttpResponse> {
    return this.call('messaging-rest.GetMessageSummaries', 'POST', '/Message/GetMessageSummaries', auth, { json: body });
  }

  /** GET /Message/Inbox/Unread[?After=mid]. */
  unread(auth: RestAuth, after?: number): Promise<HttpResponse> {
    return this.call('messaging-rest.GetUnreadMessages', 'GET', '/Message/Inbox/Unread', auth, { query: { After: after } });
  }

  search(auth: RestAuth, body: SearchInboxRequest): Promise<HttpResponse> {
    return this.call('messaging-rest.SearchInbox', 'POST', '/Message/Inbox/Search', auth, { json: body });
  }

  // ---- one message ----

  metadata(auth: RestAuth, messageId: number): Promise<HttpResponse> {
    return this.call('messaging-rest.GetMessageMetadata', 'GET', `/Message/${messageId}/Metadata`, auth);
  }

  getMessage(auth: RestAuth, messageId: number): Promise<HttpResponse> {
    return this.call('messaging-rest.GetMessage', 'GET', `/Message/${messageId}`, auth);
  }

  getMime(auth: RestAuth, messageId: number): Promise<HttpResponse> {
    return this.call('messaging-rest.GetMimeMessage', 'GET', `/Message/${messageId}/Mime`, auth);
  }

  send(auth: RestAuth, body: SendMessageRequest): Promise<HttpResponse> {
    return this.call('messaging-rest.SendMessage', 'POST', '/Message', auth, { json: body });
  }

  /** POST /Message/Mime { MimeMessage }. */
  sendMime(auth: RestAuth, mimeMessage: string): Promise<HttpResponse> {
    return this.call('messaging-rest.SendMimeMessage', 'POST', '/Message/Mime', auth, { json: { MimeMessage: mimeMessage } });
  }

  move(auth: RestAuth, messageId: number, destinationFolderId: number): Promise<HttpResponse> {
    return this.call('messaging-rest.MoveMessage', 'POST', `/Message/${messageId}/Move`, auth, { json: { DestinationFolderId: destinationFolderId } });
  }

  /** DELETE /Message/{id}, with ?Permanently=true for the permanent-delete flag (spec §3.2). */
  deleteMessage(auth: RestAuth, messageId: number, permanently = false): Promise<HttpResponse> {
    return this.call('messaging-rest.DeleteMessage', 'DELETE', `/Message/${messageId}`, auth, { query: { Permanently: permanently ? 'true' : undefined } });
  }

  retract(auth: RestAuth, messageId: number): Promise<HttpResponse> {
    return this.call('messaging-rest.RetractMessage', 'POST', `/Message/${messageId}/Retract`, auth, { body: '' });
  }
}
