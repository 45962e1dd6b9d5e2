import type { Matrix, MatrixCell } from './matrix.js';
import { OPERATIONS, type OperationDef, type OperationId, type Takes } from './operations.js';
import type { SpecRef } from './spec/index.js';

/**
 * The party matrix (spec §5 item 9, §2.3 'Folder id'): for every operation of the catalogue that
 * takes an identifier naming someone's data (contract/operations.ts `takes`), every party that is
 * not its owner must get nothing of it and change nothing of it. Derived from the catalogue: an
 * operation that gains a `takes` gains its rule, its cells and their faults.
 *
 * Mail: the parties are the profile's accounts (B8): `peer`, another user of the owner's company,
 * and `outsider`, a user of another company. The owner is `primary`; the message the identifiers
 * name is one primary sent itself, so both parties are strangers to it.
 *
 * Administration: the owner is a company the rule provisions (its accounts, its CompanyId, its
 * key), and the party is `outsider`, the administrator of another company: the profile's. A peer
 * user is no administrator at all (admin.access.non-administrator-refused).
 */
export const PARTIES = ['peer', 'outsider'] as const;
export type Party = (typeof PARTIES)[number];

const MAIL_PARTY_WORDS: Record<Party, string> = {
  peer: 'another user of the same company',
  outsider: 'a user of another company',
};

const isAdministration = (identifier: Takes['identifier']) => identifier === 'account-identity' || identifier === 'company-id';

/** The parties of an identifier's cells. */
export const partiesOf = (identifier: Takes['identifier']): readonly Party[] => (isAdministration(identifier) ? ['outsider'] : PARTIES);

/** Who a party is, for an identifier of its kind. */
export const partyWords = (identifier: Takes['identifier'], party: Party): string => (isAdministration(identifier) ? 'the administrator of another company' : MAIL_PARTY_WORDS[party]);

/** One generated rule: an operation and one identifier it takes; its cells are the parties. */
export interface PartyRule {
  readonly rule: string;
  readonly operation: OperationId;
  readonly takes: Takes;
  readonly spec: readonly [SpecRef, ...SpecRef[]];
  readonly title: string;
  /**
   * 'changes' where a server that wrongly performed the operation could change the caller's own
   * company for the rest of the run (a new company key, §4.2): such a rule runs alone, where the
   * profile allows company changes (harness/rule.ts `company`)
   */
  readonly company?: 'changes';
  /** the parties of its cells (partiesOf), each with its fault (reference/parties-faults.ts makes them) */
  readonly faults: Readonly<Partial<Record<Party, string>>>;
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').toLowerCase();
const key = (op: OperationDef) => op.id.slice(op.interface.length + 1);

/** The sentence every cell enforces: §5 item 9 for mail (the caller is neither sender nor recipient, nor the folder's owner), §1 for administration. */
const ACCESS: Record<'mail' | 'administration', SpecRef> = {
  mail: { anchor: '§5/access-message-mid-limited-sender', quote: 'Access to a message by MID is limited to its sender and recipients' },
  administration: { anchor: '§1/administration-interface-authenticates-session-key', quote: 'lists, creates, reads, updates and deletes company user accounts' },
};
const IDENTIFIER_ROW: Record<Takes['identifier'], SpecRef> = {
  'folder-id': { anchor: '§2.3/folder-id', quote: 'Folder id | FolderId (REST) or FID (SOAP), int' },
  'message-id': { anchor: '§2.3/message-id', quote: 'Message id | MID, int' },
  'account-identity': { anchor: '§2.2/IdentityModel', quote: 'Used to identify a user.', silence: 'account-identity-scope' },
  'company-id': { anchor: '§2.2/AccountIndexRequestModel', quote: 'AccountIndexRequestModel | CompanyId (int), UserTypeId (int)', silence: 'company-id-scope' },
};

/** The operation's own row (spec §4.3 / §4.4 tables), quoted in the words that name it. */
const OPERATION_ROW: Partial<Record<OperationId, SpecRef>> = {
  'admin.GetEncryptionKey': { anchor: '§4.2/get-encryption-key-psk', quote: "Get an encryption key (PSK) | session key, IdentityModel | user's encryption key (string)" },
  'admin.NewEncryptionKey': { anchor: '§4.2/create-new-encryption-key-psk', quote: 'Create a new encryption key (PSK) | session key, IdentityModel | new company encryption key (string); existing key invalidated' },
  'admin.ListAccounts': { anchor: '§4.2/list-user-accounts', quote: 'List user accounts | session key, AccountIndexRequestModel | AccountListModel' },
  'admin.ViewAccount': { anchor: '§4.2/view-user-account', quote: 'View a user account | session key, IdentityModel | AccountModel' },
  'admin.UpdateAccount': { anchor: '§4.2/update-user-account', quote: 'Update a user account | session key, AccountModel | AccountModel.' },
  'admin.DeleteAccount': { anchor: '§4.2/delete-user-account', quote: 'Delete a user account | session key, IdentityModel' },
  'messaging-rest.DeleteFolder': { anchor: '§4.3/delete-folder', quote: 'Delete a folder | folder id | string response. Only custom folders can be deleted.' },
  'messaging-rest.GetInboxMessageIds': { anchor: '§4.3/get-inbox-message-ids', quote: "list of MIDs of messages in the user's inbox" },
  'messaging-rest.GetMessageSummaries': { anchor: '§4.3/get-message-summaries', quote: 'Get message summaries | GetMessageSummariesRequest | summaries of all messages in the folder' },
  'messaging-rest.SearchInbox': { anchor: '§4.3/search-inbox', quote: 'Search the inbox | SearchInbox | paged results' },
  'messaging-rest.GetMessageMetadata': { anchor: '§4.3/get-message-metadata', quote: 'Get message metadata | MID | tracking and security information for a sent message' },
  'messaging-rest.GetMessage': { anchor: '§4.3/get-message', quote: 'Get a message | MID | the message' },
  'messaging-rest.GetMimeMessage': { anchor: '§4.3/get-mime-message', quote: 'Senders and recipients, the only users with access' },
  'messaging-rest.MoveMessage': { anchor: '§4.3/move-message', quote: 'Move a message | MessageOperations (MessageId, DestinationFolderId) | string response' },
  'messaging-rest.DeleteMessage': { anchor: '§4.3/delete-message', quote: 'Delete a message | MID, permanent-delete flag (boolean) | string response' },
  'messaging-rest.RetractMessage': { anchor: '§4.3/retract-message', quote: 'Retract a message | MessageOperations (MessageId) | string response' },
  'messaging-soap.DeleteFolder': { anchor: '§4.4/DeleteFolder', quote: 'DeleteFolder | SessionKey, FID (int)' },
  'messaging-soap.GetMIMEMessage': { anchor: '§4.4/GetMIMEMessage', quote: 'GetMIMEMessage | SessionKey, MID (int)' },
  'messaging-soap.MoveMessage': { anchor: '§4.4/MoveMessage', quote: 'MoveMessage | SessionKey, MID (int), DestFID (int)' },
  'messaging-soap.DeleteMessage': { anchor: '§4.4/DeleteMessage', quote: 'DeleteMessage | SessionKey, FolderType (int), MID (int), PermanentlyDelete (boolean)' },
  'messaging-soap.RetractMessage': { anchor: '§4.4/RetractMessage', quote: 'RetractMessage | SessionKey, MID (int)' },
  'messaging-soap.GetInTransit': { anchor: '§4.4/GetInTransit', quote: 'GetInTransit | SessionKey, FolderType (int), MID (int) | GetInTransitResult: the InTransit state of the message' },
  'messaging-soap.SetInTransit': { anchor: '§4.4/SetInTransit', quote: 'SetInTransit | SessionKey, FolderType (int), MID (int), InTransitValue (boolean)' },
  'messaging-soap.GetMailboxXML': { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'The SOAP form of the mailbox listing uses these inputs: mailbox type (0 inbox, 1 outbox), page number, order by (for example DATE), folder id' },
};

/** What the party must not get, by what the operation does with the identifier. */
const DENIAL: Record<Takes['identifier'], Partial<Record<Takes['use'], (op: OperationDef, field: string) => string>>> = {
  'message-id': {
    reads: (op, field) => `${op.name} by a user who neither sent nor received the message is refused and shows nothing of it (${field})`,
    'acts-on': (op, field) => `${op.name} by a user who neither sent nor received the message is refused and leaves every copy as it was (${field})`,
  },
  'folder-id': {
    lists: (op, field) => `${op.name} with another user's folder id (${field}) lists none of that user's messages`,
    'acts-on': (op, field) => `${op.name} of another user's folder (${field}) leaves the folder and its messages to their owner`,
    destination: (op, field) => `${op.name} into another user's folder (${field}) leaves the caller's message where it was and puts nothing in that folder`,
  },
  'account-identity': {
    reads: (op, field) => `${op.name} naming (${field}) an account of another company is refused and shows nothing of it`,
    'acts-on': (op, field) => `${op.name} naming (${field}) an account of another company is refused and changes nothing of that company`,
  },
  'company-id': {
    lists: (op, field) => `${op.name} for another company's ${field} lists none of that company's accounts`,
  },
};

function partyRule(op: OperationDef, takes: Takes): PartyRule {
  const name = `${kebab(key(op))}-${kebab(takes.field)}`;
  const row = OPERATION_ROW[op.id as OperationId];
  const denial = DENIAL[takes.identifier][takes.use];
  if (!row || !denial) throw new Error(`contract/parties.ts has no spec row or wording for ${op.id}, which takes ${takes.field} (${takes.use}).`);
  const parties = partiesOf(takes.identifier);
  return {
    rule: `${op.interface}.parties.${name}`,
    operation: op.id as OperationId,
    takes,
    spec: [ACCESS[isAdministration(takes.identifier) ? 'administration' : 'mail'], row, IDENTIFIER_ROW[takes.identifier]],
    title: `${denial(op, takes.field)}, for ${parties.map((p) => partyWords(takes.identifier, p)).join(' and for ')}`,
    faults: Object.fromEntries(parties.map((p) => [p, `${op.interface}.party-${name}-${p}`])),
    ...(op.id === 'admin.NewEncryptionKey' ? { company: 'changes' as const } : {}),
  };
}

/** Every generated party rule, in catalogue order. */
export const PARTY_RULES: readonly PartyRule[] = OPERATIONS.flatMap((op) => ((op as OperationDef).takes ?? []).map((t) => partyRule(op, t)));

export const partyRulesOf = (iface: string): readonly PartyRule[] => PARTY_RULES.filter((r) => r.rule.startsWith(`${iface}.`));

/**
 * Identifiers the spec's models give an operation that the binding does not carry, so no party
 * can send another's: recorded as not observable.
 */
const NOT_ON_THE_WIRE: readonly MatrixCell[] = PARTIES.map((party) => ({
  at: ['messaging-rest.GetUnreadMessages', 'folder id (§2.3 Unread messages query)', party],
  status: 'not observable',
  reason: 'the binding\'s Get unread messages takes no folder id (vendor-wire §1.1 Unread: GET /Message/Inbox/Unread[?After=]); After is a position in the list, not access to a message',
}));

export const PARTY_MATRIX: Matrix = {
  id: 'parties',
  title: 'Parties: every operation × every identifier it takes × every party that does not own it',
  anchors: ['§5/access-message-mid-limited-sender', '§2.3/folder-id', '§2.3/message-id', '§1/administration-interface-authenticates-session-key', '§2.2/IdentityModel'],
  axes: ['operation', 'identifier', 'party'],
  cells: [
    ...PARTY_RULES.flatMap((r) => partiesOf(r.takes.identifier).map((party): MatrixCell => ({ at: [r.operation, r.takes.field, party], status: 'enforced', rule: r.rule, fault: r.faults[party] }))),
    ...NOT_ON_THE_WIRE,
  ],
};
