import type { InterfaceName, Profile } from './profile.js';
import { compareRelease, FIRST_RELEASE_WITHOUT_MAILBOX_XML, LAST_SOAP_RELEASE, SECTION_9 } from './editions.js';

/**
 * The spec's operations, one catalogue for every interface (spec §4.1-§4.6, §1 for the SMTP
 * gateway). Each entry names the operation as the spec's table does, the section that lists it,
 * and where the default binding (B1-B7, vendor-wire) puts it on the wire, relative to the
 * interface's base: a method and a path pattern for HTTP, the operation element for SOAP.
 *
 * Clients name the operation they perform by its id; the harness asks the profile whether the
 * target offers it before a request leaves, and the reference can tell which
 * operation a request is (for refusing one operation at a time in the precondition self-test).
 */
export interface OperationDef {
  /** stable id, `<interface>.<Name>` */
  readonly id: string;
  readonly interface: InterfaceName;
  /** the operation's name in the spec's table (or the SOAP element name) */
  readonly name: string;
  /** the section whose table lists it */
  readonly section: string;
  /** HTTP method and path pattern under the interface's base (`{id}` is one path segment); SOAP: the operation element */
  readonly wire: { readonly method: string; readonly path: string } | { readonly soap: string } | { readonly smtp: true };
  /** the identifiers it takes that name another party's data (the party matrix, contract/parties.ts) */
  readonly takes?: readonly Takes[];
}

/**
 * An identifier an operation takes, scoped by contract/silences/identifiers.ts: a folder id
 * names a folder of the user's own mailbox (§2.3 'Folder id'); a MID a message of its sender
 * and recipients only (§5 item 9); an account identity or a CompanyId names an account or the
 * company of the administrator's own company (§1 'company user accounts', identifiers.ts
 * account-identity-scope, company-id-scope). What the operation does with it decides what another party
 * must not get: `reads` shows the thing, `lists` lists what it holds, `acts-on` changes it,
 * `destination` puts the caller's message in it.
 */
export interface Takes {
  /** the request field that carries it (vendor-wire §1.1 REST names, §4 SOAP elements) */
  readonly field: string;
  readonly identifier: 'folder-id' | 'message-id' | 'account-identity' | 'company-id';
  readonly use: 'reads' | 'lists' | 'acts-on' | 'destination';
}

const folderId = (field: string, use: Takes['use']): Takes => ({ field, identifier: 'folder-id', use });
const messageId = (field: string, use: Takes['use']): Takes => ({ field, identifier: 'message-id', use });
const identity = (use: Takes['use']): Takes => ({ field: 'Email', identifier: 'account-identity', use });

const http = (method: string, path: string) => ({ method, path });

/** One operation of `iface`, whose id is `<iface>.<key>` as a literal type: a misspelt id fails `tsc`. */
const op = <I extends InterfaceName, K extends string>(iface: I, key: K, name: string, section: string, wire: OperationDef['wire'], takes?: readonly Takes[]) => ({
  id: `${iface}.${key}` as `${I}.${K}`,
  interface: iface,
  name,
  section,
  wire,
  ...(takes ? { takes } : {}),
});

const TOKEN = [
  op('token', 'Token', 'POST /Token', '§4.1', http('POST', '/Token')),
  op('token', 'Challenge', 'POST /token/challenge', '§4.1', http('POST', '/token/challenge')),
] as const satisfies readonly OperationDef[];

/** spec §4.2, by the names `admin.unavailableOperations` uses (contract/profile-blocks.ts ADMIN_OPERATIONS). */
const ADMIN = [
  op('admin', 'GetSessionKey', 'Get a session key', '§4.2', http('POST', '/Account/GetSessionKey')),
  op('admin', 'GetEncryptionKey', 'Get an encryption key (PSK)', '§4.2', http('POST', '/Account/GetEncryptionKey'), [identity('reads')]),
  op('admin', 'NewEncryptionKey', 'Create a new encryption key (PSK)', '§4.2', http('POST', '/Account/NewEncryptionKey'), [identity('acts-on')]),
  op('admin', 'ListAccounts', 'List user accounts', '§4.2', http('POST', '/Account/List'), [{ field: 'CompanyId', identifier: 'company-id', use: 'lists' }]),
  op('admin', 'CreateAccount', 'Create a user account', '§4.2', http('POST', '/Account/Create')),
  op('admin', 'ViewAccount', 'View a user account', '§4.2', http('POST', '/Account/Read'), [identity('reads')]),
  op('admin', 'UpdateAccount', 'Update a user account', '§4.2', http('POST', '/Account/Update'), [identity('acts-on')]),
  op('admin', 'DeleteAccount', 'Delete a user account', '§4.2', http('POST', '/Account/Delete'), [identity('acts-on')]),
  op('admin', 'GetUserTypes', 'Get user types', '§4.2', http('GET', '/Account/GetUserTypes')),
  op('admin', 'GetSmtpCredentials', 'Get company SMTP credentials', '§4.2', http('GET', '/Smtp/GetCredentials')),
  op('admin', 'ResetSmtpPassword', 'Reset password', '§4.2', http('PUT', '/Smtp/ResetPassword')),
  op('admin', 'UpdateIpWhitelist', 'Update IP whitelist', '§4.2', http('PUT', '/Smtp/PutSmtpEndpoints')),
] as const satisfies readonly OperationDef[];

const REST = [
  op('messaging-rest', 'LogOn', 'Get a session key (log on)', '§4.3', http('POST', '/Account/Logon')),
  op('messaging-rest', 'GetAccountDetails', 'Get your account details', '§4.3', http('GET', '/Account/Details')),
  op('messaging-rest', 'ChangePassword', 'Change your password', '§4.3', http('POST', '/Account/ChangePassword')),
  op('messaging-rest', 'LogOut', 'Log out', '§4.3', http('POST', '/Account/Logout')),
  op('messaging-rest', 'ListFolders', 'List all folders', '§4.3', http('GET', '/Folder/List')),
  op('messaging-rest', 'CreateFolder', 'Create a new folder', '§4.3', http('POST', '/Folder')),
  op('messaging-rest', 'DeleteFolder', 'Delete a folder', '§4.3', http('DELETE', '/Folder/{id}'), [folderId('FolderId', 'acts-on')]),
  op('messaging-rest', 'GetInboxMessageIds', 'Get inbox message ids', '§4.3', http('POST', '/Message/GetInboxMessageIds'), [folderId('FolderId', 'lists')]),
  op('messaging-rest', 'GetMessageSummaries', 'Get message summaries', '§4.3', http('POST', '/Message/GetMessageSummaries'), [folderId('FolderId', 'lists')]),
  op('messaging-rest', 'GetUnreadMessages', 'Get unread messages', '§4.3', http('GET', '/Message/Inbox/Unread')),
  op('messaging-rest', 'SearchInbox', 'Search the inbox', '§4.3', http('POST', '/Message/Inbox/Search'), [folderId('FolderId', 'lists')]),
  op('messaging-rest', 'GetMessageMetadata', 'Get message metadata', '§4.3', http('GET', '/Message/{id}/Metadata'), [messageId('MessageId', 'reads')]),
  op('messaging-rest', 'GetMessage', 'Get a message', '§4.3', http('GET', '/Message/{id}'), [messageId('MessageId', 'reads')]),
  op('messaging-rest', 'GetMimeMessage', 'Get a MIME message', '§4.3', http('GET', '/Message/{id}/Mime'), [messageId('MessageId', 'reads')]),
  op('messaging-rest', 'SendMessage', 'Send a message', '§4.3', http('POST', '/Message')),
  op('messaging-rest', 'SendMimeMessage', 'Send a MIME message', '§4.3', http('POST', '/Message/Mime')),
  op('messaging-rest', 'MoveMessage', 'Move a message', '§4.3', http('POST', '/Message/{id}/Move'), [messageId('MessageId', 'acts-on'), folderId('DestinationFolderId', 'destination')]),
  op('messaging-rest', 'DeleteMessage', 'Delete a message', '§4.3', http('DELETE', '/Message/{id}'), [messageId('MessageId', 'acts-on')]),
  op('messaging-rest', 'RetractMessage', 'Retract a message', '§4.3', http('POST', '/Message/{id}/Retract'), [messageId('MessageId', 'acts-on')]),
] as const satisfies readonly OperationDef[];

const soap = <K extends string>(name: K, takes?: readonly Takes[]) => op('messaging-soap', name, name, '§4.4', { soap: name }, takes);

const SOAP = [
  soap('Logon'),
  soap('GetAccountDetails'),
  soap('ChangePassword'),
  soap('Logout'),
  soap('GetFolderList'),
  soap('CreateFolder'),
  soap('DeleteFolder', [folderId('FID', 'acts-on')]),
  soap('GetMIMEMessage', [messageId('MID', 'reads')]),
  soap('SendMIMEMessage'),
  soap('MoveMessage', [messageId('MID', 'acts-on'), folderId('DestFID', 'destination')]),
  soap('DeleteMessage', [messageId('MID', 'acts-on')]),
  soap('RetractMessage', [messageId('MID', 'acts-on')]),
  soap('GetInTransit', [messageId('MID', 'reads')]),
  soap('SetInTransit', [messageId('MID', 'acts-on')]),
  soap('GetMailboxXML', [folderId('FolderID', 'lists')]),
  // the service description the SOAP binding serves beside the operations (spec §4.4, B4); not an operation element
  op('messaging-soap', 'GetWsdl', 'service description (GET ?WSDL)', '§4.4', http('GET', '?WSDL')),
] as const satisfies readonly OperationDef[];

const PROVISIONING = [
  op('provisioning', 'Provision', 'Provision a company', '§4.5', http('POST', '/')),
  op('provisioning', 'GetEncryptionKey', 'Get an encryption key', '§4.5', http('POST', '/company/GetEncryptionKey')),
  op('provisioning', 'NewEncryptionKey', 'Create a new encryption key', '§4.5', http('POST', '/company/NewEncryptionKey')),
] as const satisfies readonly OperationDef[];

const DIRECTORY = [
  op('directory', 'Search', 'directory search (not shown; B6)', '§4.6', http('GET', '/Search')),
] as const satisfies readonly OperationDef[];

const SMTP = [op('smtp', 'Deliver', 'SMTP gateway delivery', '§1', { smtp: true })] as const satisfies readonly OperationDef[];

export const OPERATIONS = [...TOKEN, ...ADMIN, ...REST, ...SOAP, ...PROVISIONING, ...DIRECTORY, ...SMTP] as const satisfies readonly OperationDef[];

/** A spec operation's id; a misspelt one fails `tsc`. */
export type OperationId = (typeof OPERATIONS)[number]['id'];

export function operation(id: OperationId): OperationDef {
  return OPERATIONS.find((o) => o.id === id)!;
}

/** Every operation of one interface, in catalogue order (for rules that judge each of them). */
export function operationsOf(iface: InterfaceName, except: readonly OperationId[] = []): readonly [OperationId, ...OperationId[]] {
  const ids = OPERATIONS.filter((o) => o.interface === iface && !except.includes(o.id)).map((o) => o.id as OperationId);
  if (ids.length === 0) throw new Error(`contract/operations.ts has no operation of ${iface}.`);
  return ids as unknown as readonly [OperationId, ...OperationId[]];
}

/** What a rule judges (harness/rule.ts RuleMeta.operation): one operation, or a non-empty list. */
export type Judged = OperationId | readonly [OperationId, ...OperationId[]];

export function judgedIds(judged: Judged): OperationId[] {
  return typeof judged === 'string' ? [judged] : [...judged];
}

/** The judged operations by the spec's names, for reports (the Allure feature). */
export function judgedNames(judged: Judged): string {
  return judgedIds(judged)
    .map((id) => operation(id).name)
    .join(' / ');
}

/**
 * Which operation an HTTP request is, by the default binding's wire (B1-B6): `path` relative to
 * the interface's base, matched without regard to case and with one trailing slash ignored (as
 * the reference routes, V1). SOAP requests are told by their operation element instead.
 */
export function operationOf(iface: InterfaceName, method: string, path: string): OperationDef | undefined {
  const wanted = path.replace(/\/$/, '').toLowerCase() || '/';
  const verb = method.toUpperCase();
  return HTTP_ROUTES.find((r) => r.op.interface === iface && r.method === verb && r.pattern.test(wanted))?.op;
}

/** Each HTTP operation's method and path pattern, compiled once (operationOf runs for every request the reference serves). */
const HTTP_ROUTES: ReadonlyArray<{ op: OperationDef; method: string; pattern: RegExp }> = OPERATIONS.flatMap((o: OperationDef) => {
  if (!('method' in o.wire)) return [];
  const literal = o.wire.path.toLowerCase().replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return [{ op: o, method: o.wire.method, pattern: new RegExp(`^${literal.replace(/\{id\}/g, '[^/]+')}$`) }];
});

/** What the profile declares about which operations the target offers (B8; spec §9). */
export type OfferDeclaration = Pick<Profile, 'interfaces' | 'edition' | 'release'> & { admin?: { unavailableOperations?: readonly string[] } };

/**
 * THE answer to "does the profile say the target offers this operation?": undefined
 * when it does, else the reason, naming the profile key(s) and quoting the spec sentence. Four
 * declarations take an operation away: the interface list (`interfaces`, B8), spec §9's removal
 * of the SOAP calls and of GetMailboxXML by edition and release (`edition`, `release`), and the
 * administration operations the edition lacks (`admin.unavailableOperations`, spec §9; A1).
 * The harness asks this before every request (harness/http.ts, harness/clients/smtp.ts); needs
 * and reference routes are views of it.
 */
export function absence(profile: OfferDeclaration, id: OperationId): string | undefined {
  const op = operation(id);
  const gone = interfaceAbsence(profile, op.interface);
  if (gone) return `${describe(op)} is not offered: ${gone}`;
  const platform = `the profile says ${profile.edition} ${profile.release} (edition, release)`;
  if (op.id === 'messaging-soap.GetMailboxXML' && compareRelease(profile.release, FIRST_RELEASE_WITHOUT_MAILBOX_XML[profile.edition]) >= 0) {
    return `${describe(op)} is not offered: ${platform}; ${SECTION_9.mailboxXml}`;
  }
  const adminName = op.interface === 'admin' ? op.id.slice('admin.'.length) : undefined;
  if (adminName !== undefined && profile.admin?.unavailableOperations?.includes(adminName)) {
    return `${describe(op)} is not offered: the profile lists ${adminName} as unavailable on its ${profile.edition} edition (admin.unavailableOperations); ${SECTION_9.admin}`;
  }
  return undefined;
}

/** Why the profile says the target offers none of an interface's operations, if it does: the interface list, and for SOAP spec §9's releases. */
export function interfaceAbsence(profile: OfferDeclaration, iface: InterfaceName): string | undefined {
  if (!profile.interfaces.includes(iface)) return `the profile says the target does not offer the ${iface} interface (interfaces); ${SECTION_9.interfaces}`;
  if (iface === 'messaging-soap' && compareRelease(profile.release, LAST_SOAP_RELEASE[profile.edition]) > 0) {
    return `the profile says ${profile.edition} ${profile.release} (edition, release); ${SECTION_9.soap}`;
  }
  return undefined;
}

const describe = (op: OperationDef) => `${op.interface} ${op.name} (${op.section})`;
