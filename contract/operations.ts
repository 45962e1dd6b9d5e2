import type { InterfaceName, Profile } from './profile.js';
import { compareRelease, FIRST_RELEASE_WITHOUT_MAILBOX_XML, LAST_SOAP_RELEASE, SECTION_9 } from './editions.js';

/**
 * The spec's operations, one catalogue for every interface (spec §4.1-§4.6, §1 for the SMTP
 * gateway). Each entry names the operation as the spec's table does, the section that lists it,
 * and where the default binding (B1-B7, vendor-wire) puts it on the wire, relative to the
 * interface's base: a method and a path pattern for HTTP, the operation element for SOAP.
 *
 * Clients name the operation they perform by its id; the harness asks the profile whether the
 * target offers it before a request leaves (issue 15), and the reference can tell which
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
}

const http = (method: string, path: string) => ({ method, path });

const TOKEN = [
  { id: 'token.Token', interface: 'token', name: 'POST /Token', section: '§4.1', wire: http('POST', '/Token') },
  { id: 'token.Challenge', interface: 'token', name: 'POST /token/challenge', section: '§4.1', wire: http('POST', '/token/challenge') },
] as const satisfies readonly OperationDef[];

/** spec §4.2, by the names `admin.unavailableOperations` uses (contract/profile-blocks.ts ADMIN_OPERATIONS). */
const ADMIN = [
  { id: 'admin.GetSessionKey', interface: 'admin', name: 'Get a session key', section: '§4.2', wire: http('POST', '/Account/GetSessionKey') },
  { id: 'admin.GetEncryptionKey', interface: 'admin', name: 'Get an encryption key (PSK)', section: '§4.2', wire: http('POST', '/Account/GetEncryptionKey') },
  { id: 'admin.NewEncryptionKey', interface: 'admin', name: 'Create a new encryption key (PSK)', section: '§4.2', wire: http('POST', '/Account/NewEncryptionKey') },
  { id: 'admin.ListAccounts', interface: 'admin', name: 'List user accounts', section: '§4.2', wire: http('POST', '/Account/List') },
  { id: 'admin.CreateAccount', interface: 'admin', name: 'Create a user account', section: '§4.2', wire: http('POST', '/Account/Create') },
  { id: 'admin.ViewAccount', interface: 'admin', name: 'View a user account', section: '§4.2', wire: http('POST', '/Account/Read') },
  { id: 'admin.UpdateAccount', interface: 'admin', name: 'Update a user account', section: '§4.2', wire: http('POST', '/Account/Update') },
  { id: 'admin.DeleteAccount', interface: 'admin', name: 'Delete a user account', section: '§4.2', wire: http('POST', '/Account/Delete') },
  { id: 'admin.GetUserTypes', interface: 'admin', name: 'Get user types', section: '§4.2', wire: http('GET', '/Account/GetUserTypes') },
  { id: 'admin.GetSmtpCredentials', interface: 'admin', name: 'Get company SMTP credentials', section: '§4.2', wire: http('GET', '/Smtp/GetCredentials') },
  { id: 'admin.ResetSmtpPassword', interface: 'admin', name: 'Reset password', section: '§4.2', wire: http('PUT', '/Smtp/ResetPassword') },
  { id: 'admin.UpdateIpWhitelist', interface: 'admin', name: 'Update IP whitelist', section: '§4.2', wire: http('PUT', '/Smtp/PutSmtpEndpoints') },
] as const satisfies readonly OperationDef[];

const REST = [
  { id: 'messaging-rest.LogOn', interface: 'messaging-rest', name: 'Get a session key (log on)', section: '§4.3', wire: http('POST', '/Account/Logon') },
  { id: 'messaging-rest.GetAccountDetails', interface: 'messaging-rest', name: 'Get your account details', section: '§4.3', wire: http('GET', '/Account/Details') },
  { id: 'messaging-rest.ChangePassword', interface: 'messaging-rest', name: 'Change your password', section: '§4.3', wire: http('POST', '/Account/ChangePassword') },
  { id: 'messaging-rest.LogOut', interface: 'messaging-rest', name: 'Log out', section: '§4.3', wire: http('POST', '/Account/Logout') },
  { id: 'messaging-rest.ListFolders', interface: 'messaging-rest', name: 'List all folders', section: '§4.3', wire: http('GET', '/Folder/List') },
  { id: 'messaging-rest.CreateFolder', interface: 'messaging-rest', name: 'Create a new folder', section: '§4.3', wire: http('POST', '/Folder') },
  { id: 'messaging-rest.DeleteFolder', interface: 'messaging-rest', name: 'Delete a folder', section: '§4.3', wire: http('DELETE', '/Folder/{id}') },
  { id: 'messaging-rest.GetInboxMessageIds', interface: 'messaging-rest', name: 'Get inbox message ids', section: '§4.3', wire: http('POST', '/Message/GetInboxMessageIds') },
  { id: 'messaging-rest.GetMessageSummaries', interface: 'messaging-rest', name: 'Get message summaries', section: '§4.3', wire: http('POST', '/Message/GetMessageSummaries') },
  { id: 'messaging-rest.GetUnreadMessages', interface: 'messaging-rest', name: 'Get unread messages', section: '§4.3', wire: http('GET', '/Message/Inbox/Unread') },
  { id: 'messaging-rest.SearchInbox', interface: 'messaging-rest', name: 'Search the inbox', section: '§4.3', wire: http('POST', '/Message/Inbox/Search') },
  { id: 'messaging-rest.GetMessageMetadata', interface: 'messaging-rest', name: 'Get message metadata', section: '§4.3', wire: http('GET', '/Message/{id}/Metadata') },
  { id: 'messaging-rest.GetMessage', interface: 'messaging-rest', name: 'Get a message', section: '§4.3', wire: http('GET', '/Message/{id}') },
  { id: 'messaging-rest.GetMimeMessage', interface: 'messaging-rest', name: 'Get a MIME message', section: '§4.3', wire: http('GET', '/Message/{id}/Mime') },
  { id: 'messaging-rest.SendMessage', interface: 'messaging-rest', name: 'Send a message', section: '§4.3', wire: http('POST', '/Message') },
  { id: 'messaging-rest.SendMimeMessage', interface: 'messaging-rest', name: 'Send a MIME message', section: '§4.3', wire: http('POST', '/Message/Mime') },
  { id: 'messaging-rest.MoveMessage', interface: 'messaging-rest', name: 'Move a message', section: '§4.3', wire: http('POST', '/Message/{id}/Move') },
  { id: 'messaging-rest.DeleteMessage', interface: 'messaging-rest', name: 'Delete a message', section: '§4.3', wire: http('DELETE', '/Message/{id}') },
  { id: 'messaging-rest.RetractMessage', interface: 'messaging-rest', name: 'Retract a message', section: '§4.3', wire: http('POST', '/Message/{id}/Retract') },
] as const satisfies readonly OperationDef[];

const soap = (name: string, section = '§4.4') => ({ id: `messaging-soap.${name}`, interface: 'messaging-soap', name, section, wire: { soap: name } }) as const;

const SOAP = [
  soap('Logon'),
  soap('GetAccountDetails'),
  soap('ChangePassword'),
  soap('Logout'),
  soap('GetFolderList'),
  soap('CreateFolder'),
  soap('DeleteFolder'),
  soap('GetMIMEMessage'),
  soap('SendMIMEMessage'),
  soap('MoveMessage'),
  soap('DeleteMessage'),
  soap('RetractMessage'),
  soap('GetInTransit'),
  soap('SetInTransit'),
  soap('GetMailboxXML'),
  // the service description the SOAP binding serves beside the operations (spec §4.4, B4); not an operation element
  { id: 'messaging-soap.GetWsdl', interface: 'messaging-soap', name: 'service description (GET ?WSDL)', section: '§4.4', wire: http('GET', '?WSDL') },
] as const satisfies readonly OperationDef[];

const PROVISIONING = [
  { id: 'provisioning.Provision', interface: 'provisioning', name: 'Provision a company', section: '§4.5', wire: http('POST', '/') },
  { id: 'provisioning.GetEncryptionKey', interface: 'provisioning', name: 'Get an encryption key', section: '§4.5', wire: http('POST', '/company/GetEncryptionKey') },
  { id: 'provisioning.NewEncryptionKey', interface: 'provisioning', name: 'Create a new encryption key', section: '§4.5', wire: http('POST', '/company/NewEncryptionKey') },
] as const satisfies readonly OperationDef[];

const DIRECTORY = [
  { id: 'directory.Search', interface: 'directory', name: 'directory search (not shown; B6)', section: '§4.6', wire: http('GET', '/Search') },
] as const satisfies readonly OperationDef[];

const SMTP = [{ id: 'smtp.Deliver', interface: 'smtp', name: 'SMTP gateway delivery', section: '§1', wire: { smtp: true } }] as const satisfies readonly OperationDef[];

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
  return OPERATIONS.find((o) => {
    if (o.interface !== iface || !('method' in o.wire) || o.wire.method !== method.toUpperCase()) return false;
    const literal = o.wire.path.toLowerCase().replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${literal.replace(/\{id\}/g, '[^/]+')}$`);
    return pattern.test(wanted);
  });
}

/** What the profile declares about which operations the target offers (B8; spec §9). */
export type OfferDeclaration = Pick<Profile, 'interfaces' | 'edition' | 'release'> & { admin?: { unavailableOperations?: readonly string[] } };

/**
 * THE answer to "does the profile say the target offers this operation?" (issue 15): undefined
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
