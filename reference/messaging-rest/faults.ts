import type { User } from '../core/domain.js';
import type { RestFaultDef } from './answer-patch.js';
import type { RestPolicy } from './policy.js';
import { LISTING_STATE_FAULTS } from './faults-listing.js';
import { MESSAGE_FAULTS } from './faults-messages.js';
import { mailLimitFaults } from '../mail-limit-faults.js';

/**
 * One deliberate violation per messaging REST rule; see reference/faults.ts. `rule` is the id of
 * the spec test in specs/messaging-rest that must fail while it is on. Each is a decision answered
 * otherwise (`mail`: the core's, for both forms; `rest`: reference/messaging-rest/policy.ts, for
 * REST requests only) or a patch of the answer at the edge (`answer`: edge.ts), never a check
 * inside a handler.
 */
const rest = (hooks: Partial<RestPolicy>) => ({ rest: hooks });
const actsAsSender = (messageSender: () => User | undefined) => messageSender();
const SESSION_FOLDER_FAULTS = [
  // §4.3 log on, §7.2 Login
  { id: 'messaging-rest.logon-key-missing', rule: 'messaging-rest.logon.session-key', breaks: 'Logon answers 200 with an empty SessionKey', answer: { op: 'messaging-rest.LogOn', patch: (b) => ({ ...b, SessionKey: '' }) } },
  { id: 'messaging-rest.logon-invalid-text', mail: { invalidCredentialsText: () => 'Invalid credentials' }, rule: 'messaging-rest.logon.invalid-credentials', breaks: 'a wrong password is refused with "Invalid credentials" instead of the §7.2 text' },
  { id: 'messaging-rest.logon-disabled-accepted', mail: { refusesDisabledUser: () => false }, rule: 'messaging-rest.logon.disabled', breaks: 'a disabled user is given a session key' },
  { id: 'messaging-rest.logon-unverified-as-invalid', mail: { unverifiedRefusal: () => 'invalidCredentials' }, rule: 'messaging-rest.logon.unverified', breaks: 'an unverified user is refused with the invalid-credentials text' },
  { id: 'messaging-rest.logon-expired-accepted', mail: { refusesExpiredPassword: () => false }, rule: 'messaging-rest.logon.password-expired', breaks: 'a user whose password expired is given a session key' },
  { id: 'messaging-rest.logon-non-api-accepted', mail: { refusesNonApiUser: () => false }, rule: 'messaging-rest.logon.not-api-user', breaks: 'a user not enabled for the API is given a session key' },
  { id: 'messaging-rest.logon-never-locks', mail: { countsFailedLogon: () => false }, rule: 'messaging-rest.logon.lockout', breaks: 'repeated bad log-ons never disable the user' },
  // §5 rule 4, §4.3 log out, §7.2 General
  { id: 'messaging-rest.folder-list-anonymous', rule: 'messaging-rest.session.logon-first', breaks: 'List all folders answers 200 without a session key', ...rest({ listsFoldersWithoutKey: () => true }) },
  { id: 'messaging-rest.no-key-acts-as-sender', rule: 'messaging-rest.session.logon-first', breaks: 'operations on a message id need no session key: a call without one acts as the sender', ...rest({ actorWithoutKey: actsAsSender }) },
  { id: 'messaging-rest.unknown-key-accepted', mail: { userForUnknownKey: (users) => users[Symbol.iterator]().next().value }, rule: 'messaging-rest.session.unknown-key', breaks: 'a session key the server never issued is accepted' },
  { id: 'messaging-rest.unknown-key-acts-as-sender', rule: 'messaging-rest.session.unknown-key', breaks: 'operations on a message id do not check the key: a made-up key acts as the sender', ...rest({ actorForUnknownKey: actsAsSender }) },
  { id: 'messaging-rest.logout-keeps-key', mail: { logoutEndsSession: () => false }, rule: 'messaging-rest.session.logout-invalidates', breaks: 'Log out answers 200 but the key keeps working' },
  { id: 'messaging-rest.session-never-expires', mail: { sessionKeysLapse: () => false }, rule: 'messaging-rest.session.expired-key', breaks: 'session keys never expire' },
  { id: 'messaging-rest.expired-key-generic-text', mail: { expiredKeyRefusal: () => 'notAuthenticated' }, rule: 'messaging-rest.session.expired-key', breaks: 'an expired key is refused with "User could not be authenticated" instead of "SessionKey Expired"' },
  // §4.3 / §5 rule 6 change password
  { id: 'messaging-rest.change-password-needs-key', rule: 'messaging-rest.change-password.without-key', breaks: 'Change password refuses calls without a session key', ...rest({ changePasswordWithoutKey: () => false }) },
  {
    id: 'messaging-rest.change-password-noop',
    rule: 'messaging-rest.change-password.without-key',
    breaks: 'Change password answers success but keeps the old password',
    ...rest({ changesPassword: () => false }),
    alsoBreaks: { rules: ['messaging-rest.change-password.expired'], why: 'it logs on with the new password after the same operation' },
  },
  { id: 'messaging-rest.change-password-refuses-expired', mail: { changePasswordAcceptsExpired: () => false }, rule: 'messaging-rest.change-password.expired', breaks: 'Change password refuses a user whose password expired' },
  { id: 'messaging-rest.details-no-email', rule: 'messaging-rest.account.details', breaks: 'Account details leave out the e-mail address', answer: { op: 'messaging-rest.GetAccountDetails', patch: (b) => ({ ...b, EmailAddress: '' }) } },
  // §4.3 folders, §8, §7.2 CreateFolder, §3.2 delete folder
  { id: 'messaging-rest.folder-stats-zero', rule: 'messaging-rest.folder.list-statistics', breaks: 'the folder list reports TotalMessages 0 for every folder', answer: { op: 'messaging-rest.ListFolders', patch: (b) => ({ ...b, Folders: (b.Folders as object[]).map((f) => ({ ...f, TotalMessages: 0 })) }) } },
  { id: 'messaging-rest.folder-create-wrong-id', rule: 'messaging-rest.folder.create', breaks: 'Create a new folder answers a FolderId that is not the new folder\'s', answer: { op: 'messaging-rest.CreateFolder', patch: (b) => ({ ...b, FolderId: (b.FolderId as number) + 1 }) } },
  {
    id: 'messaging-rest.folder-create-noop',
    rule: 'messaging-rest.folder.create',
    breaks: 'Create a new folder answers success (a FolderId, or text) but makes no folder',
    ...rest({ createsFolder: () => false }),
    alsoBreaks: {
      rules: [
        'messaging-rest.folder.delete',
        'messaging-rest.folder.delete-moves-to-parent',
        'messaging-rest.folder.duplicate-name',
        'messaging-rest.folder.duplicate-name-any',
        'messaging-rest.folder.list-statistics',
        'messaging-rest.folder.name-66-refused',
        'messaging-rest.folder.name-any-1-65',
        'messaging-rest.folder.name-max-65',
        'messaging-rest.folder.name-over-65-any',
        'messaging-rest.folder.type-0-or-1',
        'messaging-rest.inbox-ids.attachments',
        'messaging-rest.inbox-ids.folder',
        'messaging-rest.inbox-ids.inbox-only',
        'messaging-rest.model.mailbox-pair',
        'messaging-rest.move.same-type',
        'messaging-rest.search.filter',
        'messaging-rest.search.order-desc',
        'messaging-rest.search.paging',
        'messaging-rest.status.unread-only-search',
        'messaging-rest.summaries.after-mid',
        'messaging-rest.summaries.folder',
        'messaging-soap.model.one-mailbox',
      ],
      why: 'they create folders through the same operation: the folder rules judge it (a refused name then answers success), the others file messages in a folder made as a precondition (broken there)',
    },
  },
  { id: 'messaging-rest.folder-create-type-swapped', mail: { createsAskedFolderType: () => false }, rule: 'messaging-rest.folder.create', breaks: 'a created folder gets the other FolderType' },
  { id: 'messaging-rest.folder-limit-64', mail: { folderNameLimit: () => 64 }, rule: 'messaging-rest.folder.name-max-65', breaks: 'folder names over 64 characters are refused' },
  { id: 'messaging-rest.folder-limit-66', mail: { folderNameLimit: () => 66 }, rule: 'messaging-rest.folder.name-66-refused', breaks: 'a folder name of 66 characters is accepted' },
  { id: 'messaging-rest.folder-type-2-accepted', mail: { acceptsFolderType2: () => true }, rule: 'messaging-rest.folder.type-0-or-1', breaks: 'FolderType 2 is accepted' },
  { id: 'messaging-rest.folder-type-minus-1-accepted', mail: { acceptsFolderTypeMinus1: () => true }, rule: 'messaging-rest.folder.type-0-or-1', breaks: 'FolderType -1 is accepted' },
  { id: 'messaging-rest.folder-duplicates-allowed', mail: { refusesDuplicateFolderNames: () => false }, rule: 'messaging-rest.folder.duplicate-name', breaks: 'a second folder of the same name is created' },
  { id: 'messaging-rest.folder-too-long-made-anyway', rule: 'messaging-rest.folder.name-66-refused', breaks: 'a 66-character name is refused with the §7.2 text, but the folder is made all the same', ...rest({ makesRefusedFolder: (refusal) => refusal === 'folderNameTooLong' }) },
  { id: 'messaging-rest.folder-type-invalid-made-anyway', rule: 'messaging-rest.folder.type-0-or-1', breaks: 'a FolderType other than 0 or 1 is refused with the §7.2 text, but an inbox folder is made all the same', ...rest({ makesRefusedFolder: (refusal) => refusal === 'folderTypeInvalid' }) },
  { id: 'messaging-rest.folder-duplicate-made-anyway', rule: 'messaging-rest.folder.duplicate-name', breaks: 'a duplicate name is refused with the §7.2 text, but a second folder of that name is made all the same', ...rest({ makesRefusedFolder: (refusal) => refusal === 'folderExists' }) },
  { id: 'messaging-rest.folder-delete-noop', mail: { deletesFolder: () => false }, rule: 'messaging-rest.folder.delete', breaks: 'Delete a folder answers 200 but keeps the folder' },
  { id: 'messaging-rest.system-folder-delete-200', mail: { refusesSystemFolderDelete: () => false }, rule: 'messaging-rest.folder.system-undeletable', breaks: 'deleting a system folder answers 200' },
  { id: 'messaging-rest.folder-delete-to-trash', mail: { folderDeleteMovesToParent: () => false }, rule: 'messaging-rest.folder.delete-moves-to-parent', breaks: 'messages of a deleted folder go to Trash instead of the parent Inbox or Outbox' },
  { id: 'messaging-rest.folder-name-ascii-only', mail: { refusesNonAsciiFolderNames: () => true }, rule: 'messaging-rest.folder.name-any-1-65', breaks: 'folder names with non-ASCII characters are refused' },
  { id: 'messaging-rest.folder-long-names-truncated', mail: { truncatesLongFolderNames: () => true }, rule: 'messaging-rest.folder.name-over-65-any', breaks: 'names over 80 characters are cut to 65 and accepted' },
  { id: 'messaging-rest.folder-duplicates-non-ascii', mail: { refusesNonAsciiDuplicateFolderNames: () => false }, rule: 'messaging-rest.folder.duplicate-name-any', breaks: 'the duplicate-name check skips names with non-ASCII characters' },
] as const satisfies readonly RestFaultDef[];

/** The limits table's cells of Create a new folder (contract/limits-messaging.ts), one fault each. */
const LIMIT_FAULTS = mailLimitFaults('messaging-rest.CreateFolder');

export const MESSAGING_REST_FAULTS = [...SESSION_FOLDER_FAULTS, ...MESSAGE_FAULTS, ...LISTING_STATE_FAULTS, ...LIMIT_FAULTS] as const satisfies readonly RestFaultDef[];
