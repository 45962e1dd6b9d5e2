import type { OperationId } from './operations.js';
import type { InterfaceName } from './profile.js';
import type { SpecRef } from './spec/index.js';

/**
 * The credential matrix's axes (contract/credential-cells.ts holds its cells): every credential
 * the spec names, every interface or grant a credential is presented to, and every state change
 * the spec names, each with the spec's words. The reference's credential policy
 * (reference/core/credential-policy.ts) asks its questions in these terms, so a cell's fault is
 * generated from the cell.
 */

/** Every credential the spec names (spec §1, §2.1, §4.2, §4.3, §4.4, §5). */
export const CREDENTIAL_KINDS = [
  'admin-key',
  'rest-key',
  'soap-key',
  'access-token-client-credentials',
  'access-token-refresh-token',
  'access-token-authorization-code',
  'access-token-mfa-otp',
  'refresh-token',
  'password',
  'login-identity',
  'company-key',
  'user-key',
  'smtp-credentials',
] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** The session keys, by the interface that issues them (spec §4.2, §4.3, §4.4). */
export type KeyKind = Extract<CredentialKind, 'admin-key' | 'rest-key' | 'soap-key'>;
/** The access tokens, by the grant that issues them (spec §5 item 2). */
export type AccessTokenKind = Extract<CredentialKind, `access-token-${string}`>;

/** Where a credential is presented: a session-key interface, or the one operation that takes it. */
export const ACCEPTORS = [
  'admin',
  'messaging-rest',
  'messaging-soap',
  'directory',
  'token.client_credentials',
  'token.refresh_token',
  'messaging-rest.LogOn',
  'messaging-soap.Logon',
  'admin.GetSessionKey',
  'smtp.AUTH',
] as const;
export type Acceptor = (typeof ACCEPTORS)[number];
/** The interfaces that take a session key (spec §4.2 'every interface that uses session keys', §4.6, §5 item 4). */
export type KeyAcceptor = Extract<Acceptor, 'admin' | 'messaging-rest' | 'messaging-soap' | 'directory'>;
/** The log-ons that take the password (spec §2.1 client_secret, §2.3 LogOn, §4.4 Logon). */
export type PasswordAcceptor = Extract<Acceptor, 'token.client_credentials' | 'messaging-rest.LogOn' | 'messaging-soap.Logon'>;

/** Every state change the spec names that could touch a credential. */
export const STATE_CHANGES = [
  'rest-logout',
  'soap-logout',
  'rest-change-password',
  'soap-change-password',
  'disabled',
  'deleted',
  'smtp-reset',
  'whitelist-update',
  'admin-new-company-key',
  'provisioning-new-company-key',
  'refresh',
  'lifetime',
  'company-cancel',
] as const;
export type StateChange = (typeof STATE_CHANGES)[number];

/** A cell's state: freshly issued, presented after a change (as it was before it), or the one a change hands out. */
export type CellState = 'issued' | `after-${StateChange}` | `issued-by-${StateChange}`;

export interface CredentialDef {
  readonly label: string;
  /** the operation that issues it (a rule judging an `issued` cell judges it) */
  readonly issuedBy?: OperationId;
  readonly spec: readonly SpecRef[];
}

const ADMIN_KEY_EVERYWHERE: SpecRef = {
  anchor: '§4.2/session-key-obtained-here-valid',
  quote: 'The session key obtained here is valid for every interface that uses session keys, not only the administration interface.',
};
const MESSAGING_KEY: SpecRef = {
  anchor: '§5/messaging-interface-authenticates-session-key',
  quote: 'The messaging interface authenticates with a session key from log on, sent in the X-Session-Key header (REST) or in a SessionKey element (SOAP).',
};
const ACCESS_TOKEN: SpecRef = { anchor: '§5/token-endpoint-4.1-returns-access', quote: 'returns an access token that goes in the Authorization header of most other calls' };
const grant = (words: string): SpecRef => ({ anchor: '§5/grants-client_credentials-client_id-client_secret-refresh_token', quote: words });

export const CREDENTIALS: Readonly<Record<CredentialKind, CredentialDef>> = {
  'admin-key': { label: 'an administration session key (Get a session key)', issuedBy: 'admin.GetSessionKey', spec: [ADMIN_KEY_EVERYWHERE] },
  'rest-key': { label: 'a session key from messaging REST Log on', issuedBy: 'messaging-rest.LogOn', spec: [MESSAGING_KEY] },
  'soap-key': { label: 'a session key from SOAP Logon', issuedBy: 'messaging-soap.Logon', spec: [MESSAGING_KEY, { anchor: '§4.4/Logon', quote: 'LogonResult: session key string' }] },
  'access-token-client-credentials': { label: 'an access token from the client_credentials grant', issuedBy: 'token.Token', spec: [ACCESS_TOKEN, grant('client_credentials (client_id, client_secret)')] },
  'access-token-refresh-token': { label: 'an access token from the refresh_token grant', issuedBy: 'token.Token', spec: [ACCESS_TOKEN, grant('refresh_token')] },
  'access-token-authorization-code': {
    label: 'an access token from the authorization_code grant',
    issuedBy: 'token.Token',
    spec: [ACCESS_TOKEN, grant('authorization_code with a resource_type for an external identity provider')],
  },
  'access-token-mfa-otp': { label: 'an access token from the mfa_otp grant (authenticator app)', issuedBy: 'token.Token', spec: [ACCESS_TOKEN, grant('and mfa_otp')] },
  'refresh-token': { label: 'a refresh token', issuedBy: 'token.Token', spec: [{ anchor: '§2.1/refresh_token', quote: 'Used instead of client_id and client_secret (refresh_token grant)' }] },
  password: { label: 'the password', spec: [{ anchor: '§2.1/client_secret', quote: 'The password of the user (client_credentials grant)' }, { anchor: '§2.3/LogOn', quote: 'UserIdOrEmail (string), Password (string)' }] },
  'login-identity': { label: "a user's identity in the encrypted LoginModel", spec: [{ anchor: '§2.2/IdentityModel', quote: 'Used to identify a user.' }] },
  'company-key': {
    label: 'the company key (AutomationId and EncryptionKey)',
    spec: [{ anchor: '§5/administration-client-configured-base-address', quote: 'configured with a base address and two company-level credential strings' }],
  },
  'user-key': { label: "a user's encryption key (PSK)", issuedBy: 'admin.GetEncryptionKey', spec: [{ anchor: '§4.2/get-encryption-key-psk', quote: "user's encryption key (string); generated if absent" }] },
  'smtp-credentials': {
    label: 'the company SMTP credentials',
    issuedBy: 'admin.GetSmtpCredentials',
    spec: [{ anchor: '§2.2/SMTPCredentialsModel', quote: 'Carries a company user id and a company password for the SMTP gateway.' }],
  },
};

export interface AcceptorDef {
  readonly label: string;
  readonly interface: InterfaceName;
  /** the operation that takes the credential (what an enforced cell's rule reads the answer of) */
  readonly operation: OperationId;
  readonly spec: readonly SpecRef[];
}

/** a refusal is any 4xx: the administration and directory errors are not shown (A6, D3) */
const ADMIN_REFUSAL: SpecRef = { anchor: '§7.2/errors-administration-directory-interfaces-not', quote: 'Errors of the administration and directory interfaces: not shown.', silence: 'admin-errors' };
const DIRECTORY_REFUSAL: SpecRef = { ...ADMIN_REFUSAL, silence: 'directory-errors' };

export const ACCEPTOR_DEFS: Readonly<Record<Acceptor, AcceptorDef>> = {
  admin: { label: 'the administration interface (Get user types)', interface: 'admin', operation: 'admin.GetUserTypes', spec: [{ anchor: '§4.2/get-user-types', quote: 'Get user types | session key' }, ADMIN_REFUSAL] },
  'messaging-rest': {
    label: 'messaging REST (Get your account details)',
    interface: 'messaging-rest',
    operation: 'messaging-rest.GetAccountDetails',
    spec: [{ anchor: '§4.3/get-account-details', quote: 'Get your account details | (session)' }],
  },
  'messaging-soap': { label: 'SOAP GetAccountDetails', interface: 'messaging-soap', operation: 'messaging-soap.GetAccountDetails', spec: [{ anchor: '§4.4/GetAccountDetails', quote: 'GetAccountDetails | SessionKey (string)' }] },
  directory: {
    label: 'the directory (a search)',
    interface: 'directory',
    operation: 'directory.Search',
    spec: [{ anchor: '§4.6/any-session-key-administration-messaging', quote: 'Any session key from the administration or messaging interface is used.' }, DIRECTORY_REFUSAL],
  },
  'token.client_credentials': { label: 'the token endpoint (client_credentials)', interface: 'token', operation: 'token.Token', spec: [{ anchor: '§4.1/client_credentials', quote: 'client_credentials | client_id, client_secret' }] },
  'token.refresh_token': { label: 'the token endpoint (refresh_token)', interface: 'token', operation: 'token.Token', spec: [{ anchor: '§4.1/refresh_token', quote: 'refresh_token | refresh_token' }] },
  'messaging-rest.LogOn': { label: 'messaging REST Log on', interface: 'messaging-rest', operation: 'messaging-rest.LogOn', spec: [{ anchor: '§4.3/get-session-key-log', quote: 'Get a session key (log on) | LogOn' }] },
  'messaging-soap.Logon': { label: 'SOAP Logon', interface: 'messaging-soap', operation: 'messaging-soap.Logon', spec: [{ anchor: '§4.4/Logon', quote: 'Logon | UserIDorEmail (string), Password (string)' }] },
  'admin.GetSessionKey': { label: 'administration Get a session key', interface: 'admin', operation: 'admin.GetSessionKey', spec: [{ anchor: '§4.2/get-session-key', quote: 'LoginModel, sent as an encrypted payload' }, ADMIN_REFUSAL] },
  'smtp.AUTH': { label: 'the SMTP gateway (AUTH)', interface: 'smtp', operation: 'smtp.Deliver', spec: [{ anchor: '§1/company-level-smtp-credentials-obtained', quote: 'Company-level SMTP credentials are obtained through the administration interface.' }] },
};

export interface ChangeDef {
  readonly label: string;
  /** the operation that makes the change (a rule about it judges it) */
  readonly operation?: OperationId;
  /** a change of a company-wide setting (the rule runs alone, only where admin.allowCompanyChanges) */
  readonly company?: boolean;
  readonly spec: readonly SpecRef[];
}

const LOG_OUT: readonly SpecRef[] = [
  { anchor: '§4.3/log-out', quote: 'Invalidates the session key; later calls with it are invalid.' },
  { anchor: '§5/logout-invalidates-key', quote: 'Logout invalidates the key.' },
];
const CHANGE_PASSWORD: SpecRef = { anchor: '§5/change-password-accepts-account-credentials', quote: 'Change password accepts account credentials, without a session key' };
const NEW_COMPANY_KEY: SpecRef = { anchor: '§3.2/create-new-encryption-key-company', quote: 'A new key is generated and returned, and any existing key is invalidated.' };

export const CHANGES: Readonly<Record<StateChange, ChangeDef>> = {
  'rest-logout': { label: 'messaging REST Log out', operation: 'messaging-rest.LogOut', spec: LOG_OUT },
  'soap-logout': { label: 'SOAP Logout', operation: 'messaging-soap.Logout', spec: [...LOG_OUT, { anchor: '§4.4/Logout', quote: 'Logout | SessionKey' }] },
  'rest-change-password': { label: 'messaging REST Change your password', operation: 'messaging-rest.ChangePassword', spec: [{ anchor: '§4.3/change-password', quote: 'Change your password | ChangePassword' }, CHANGE_PASSWORD] },
  'soap-change-password': {
    label: 'SOAP ChangePassword',
    operation: 'messaging-soap.ChangePassword',
    spec: [{ anchor: '§4.4/ChangePassword', quote: 'ChangePassword | EmailAddr, NewPassword, OldPassword (strings)' }, CHANGE_PASSWORD],
  },
  disabled: {
    label: 'Update a user account with Disabled true',
    operation: 'admin.UpdateAccount',
    spec: [{ anchor: '§4.2/update-user-account', quote: 'Update a user account | session key, AccountModel' }, { anchor: '§2.2/AccountModel', quote: 'Disabled (boolean)' }],
  },
  deleted: { label: 'Delete a user account', operation: 'admin.DeleteAccount', spec: [{ anchor: '§4.2/delete-user-account', quote: 'Delete a user account | session key, IdentityModel' }] },
  'smtp-reset': { label: 'Reset password (SMTP)', operation: 'admin.ResetSmtpPassword', company: true, spec: [{ anchor: '§4.2/reset-password', quote: 'SMTPCredentialsModel with a newly generated SMTP password' }] },
  'whitelist-update': {
    label: 'Update IP whitelist',
    operation: 'admin.UpdateIpWhitelist',
    company: true,
    spec: [
      { anchor: '§4.2/update-ip-whitelist', quote: 'Update IP whitelist | session key, array of SMTPEndpoint2Model | SMTPCredentialsModel' },
      { anchor: '§4.2/update-ip-whitelist', quote: 'existing SMTP credentials are overwritten', silence: 'smtp-whitelist-credentials' },
    ],
  },
  'admin-new-company-key': {
    label: 'administration Create a new encryption key',
    operation: 'admin.NewEncryptionKey',
    spec: [{ anchor: '§4.2/create-new-encryption-key-psk', quote: 'new company encryption key (string); existing key invalidated' }, NEW_COMPANY_KEY],
  },
  'provisioning-new-company-key': {
    label: 'provisioning Create a new encryption key',
    operation: 'provisioning.NewEncryptionKey',
    spec: [{ anchor: '§4.5/create-new-encryption-key', quote: 'generates and returns a new company key and invalidates existing keys' }, NEW_COMPANY_KEY],
  },
  refresh: { label: 'a refresh_token grant that used it', operation: 'token.Token', spec: [{ anchor: '§7.1/RefreshTokenInvalid', quote: 'Refresh token invalid or expired' }] },
  lifetime: { label: 'the end of its lifetime', spec: [{ anchor: '§7.1/RefreshTokenInvalid', quote: 'Refresh token invalid or expired' }] },
  'company-cancel': { label: 'provisioning Cancel of the company', operation: 'provisioning.Provision', spec: [{ anchor: '§4.5/provision-company', quote: 'Provisions, updates or deletes a company.' }] },
};
