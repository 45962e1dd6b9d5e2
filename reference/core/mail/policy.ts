import type { User } from '../domain.js';
import type { MailErrorCode } from './errors.js';
import { SPEC_PARTY_POLICY, type PartyPolicy } from '../party-policy.js';

/**
 * The decisions of the mail core, each named for the spec sentence it keeps. The core asks its
 * policy at each decision; SPEC_MAIL_POLICY answers as the spec says. The reference's
 * deliberate violations replace single hooks (each declared beside its catalogue entry in
 * reference/messaging-rest/), so a reader of the core sees the spec's behaviour and one named
 * question where a server could get it wrong.
 */
export interface MailPolicy extends PartyPolicy {
  // §4.3 'Get a session key (log on)', §7.2 Login
  /** the text of an invalid-credentials refusal; undefined: the §7.2 table's */
  invalidCredentialsText(): string | undefined;
  /** a wrong password counts towards the lockout (§7.2 'Account locked out') */
  countsFailedLogon(): boolean;
  /** the refusal of an unverified user (§7.2 'User is not verified') */
  unverifiedRefusal(): 'unverified' | 'invalidCredentials';
  refusesDisabledUser(): boolean;
  refusesExpiredPassword(): boolean;
  /** spec §5.7: a user must be authorized to use the web service API */
  refusesNonApiUser(): boolean;
  // §5.4 session keys, §4.3 Log out
  /** §7.2 'SessionKey Expired': keys lapse */
  sessionKeysLapse(): boolean;
  expiredKeyRefusal(): 'sessionExpired' | 'notAuthenticated';
  /** the user a key the server never issued acts as; undefined: none (§7.2 'User could not be authenticated') */
  userForUnknownKey(users: Iterable<User>): User | undefined;
  /** §4.3 'Log out': the key is invalid afterwards */
  logoutEndsSession(): boolean;
  /** §4.3 / §5.6 Change your password works on an expired password */
  changePasswordAcceptsExpired(): boolean;
  /**
   * The listings matrix (contract/listings.ts): whether `operation`, asked with `input` (an input
   * of the matrix the request sets exactly), lists the user's copy of a message in `state`;
   * undefined: the core's own decision. The spec's answer is always the core's.
   */
  listsCopy(operation: string, input: string, state: string): boolean | undefined;
  // §4.3 'Get inbox message ids'
  inboxIdsOnlyInboxFolders(): boolean;
  inboxIdsReadsFolderId(): boolean;
  /** Filter 0 lists read messages too (only Filter 1 asks for unread) */
  inboxIdsListsReadUnlessFiltered(): boolean;
  inboxIdsRequiresAttachmentsWhenAsked(): boolean;
  /** MustHaveAttachments false means "with or without" */
  inboxIdsKeepsAttachmentsUnlessAsked(): boolean;
  // §4.3 'Get message summaries'
  summariesReadLastMid(): boolean;
  summariesReadFolderId(): boolean;
  summariesListEveryMessage(): boolean;
  // §4.3 'Get unread messages' (§3.1 Read/Unread column)
  unreadListsPlainTextTls(): boolean;
  unreadListsRead(): boolean;
  unreadListsSent(): boolean;
  // §4.3 'Search the inbox' (§2.3 SearchInbox fields)
  searchReadsFolderId(): boolean;
  searchReadsFilter(): boolean;
  unreadOnlyIncludesPlainTextTls(): boolean;
  unreadOnlyIncludesRetracted(): boolean;
  unreadOnlyIncludesRead(): boolean;
  /** GetRetractedMsgs true finds retracted messages */
  searchFindsRetracted(): boolean;
  /** the order of results, given OrderDesc */
  searchDescending(orderDesc: boolean): boolean;
  /** the first result of a page (pages follow one another without overlap) */
  searchPageStart(page: number, pageSize: number): number;
  // §4.3 'Send a message', 'Send a MIME message' (§3.2)
  deliversToEveryRecipient(): boolean;
  /** §3.2: improperly formatted MIME raises no error */
  refusesMalformedMime(): boolean;
  sendsMimeWithRecipients(): boolean;
  // §5 rule 9: access by MID
  senderReadsOwnMime(): boolean;
  purgedCopyReadable(): boolean;
  outsiderReadsMime(): boolean;
  outsiderReadsMessage(): boolean;
  /** a purged sent copy gets the §7.2 Inbox text instead of the Track Sent one */
  purgedSentNamesInbox(): boolean;
  /** the refusal of a user who neither sent nor received the message (§5 rule 9, §7.2 permission text) */
  outsiderRefusal(): 'noPermission' | 'notAuthenticated';
  // §4.3 'Get message metadata'
  senderSeesTracking(): boolean;
  recipientSeesTracking(): boolean;
  // §3.2 'Move message', 'Delete message', 'Retract message'
  refusesMoveAcrossTypes(): boolean;
  movesCopy(): boolean;
  /** §4.4 Un-delete: a message in Trash moves back out of it */
  undeletes(): boolean;
  refusesDeletingPurged(): boolean;
  refusesDeletingOthersMessage(): boolean;
  /** the text of §7.2 'Message could not be deleted'; undefined: the table's */
  notDeletedText(): string | undefined;
  /** a normal delete moves the copy (one step of the §3.2 trash sequence) */
  deletesCopy(): boolean;
  deleteTakesOnlyOwnCopy(): boolean;
  honoursPermanentDelete(): boolean;
  trashDeleteKeepsOtherCopies(): boolean;
  /** a delete in Trash moves the copy to Deleted Trash (one step per delete) */
  trashDeleteStepsToDeletedTrash(): boolean;
  /** where a delete of a copy in Trash goes: on along the §3.2 sequence, back to the parent, or into Trash again */
  deleteInTrash(): 'advance' | 'restore' | 'repeat';
  deleteStepsToTrash(): boolean;
  readCopyDeleteStepsToTrash(): boolean;
  retractMarksSenderCopy(): boolean;
  /** the status a retracted sent copy gets, given the §3.1 Retracted status */
  retractedStatus(retracted: number): number;
  retractKeepsRecipientCopies(): boolean;
  // §4.3 folders, §8 limits, §7.2 CreateFolder
  /** §8 'Folder type: 0 (inbox) or 1 (outbox) only': whether FolderType `type` is one of them */
  folderTypeAllowed(type: number): boolean;
  acceptsFolderType2(): boolean;
  acceptsFolderTypeMinus1(): boolean;
  truncatesLongFolderNames(): boolean;
  /** the longest folder name accepted, given §8's 'at most 65 characters' */
  folderNameLimit(max: number): number;
  /** §8 'at most 65 characters': whether `name`, `length` characters long (the reading's unit), fits a limit of `max` */
  folderNameFits(name: string, length: number, max: number): boolean;
  refusesNonAsciiFolderNames(): boolean;
  refusesDuplicateFolderNames(): boolean;
  refusesNonAsciiDuplicateFolderNames(): boolean;
  createsAskedFolderType(): boolean;
  /** §7.2 CreateFolder: a create refused with `refusal` makes no folder (true: makes one all the same) */
  makesRefusedFolder(refusal: MailErrorCode): boolean;
  /** §8: system folders cannot be deleted */
  refusesSystemFolderDelete(): boolean;
  deletesFolder(): boolean;
  /** §3.2: a deleted folder's messages go to its parent */
  folderDeleteMovesToParent(): boolean;
}

const yes = () => true;
const no = () => false;

/** The spec's answer to every decision. */
export const SPEC_MAIL_POLICY: MailPolicy = {
  invalidCredentialsText: () => undefined,
  countsFailedLogon: yes,
  unverifiedRefusal: () => 'unverified',
  refusesDisabledUser: yes,
  refusesExpiredPassword: yes,
  refusesNonApiUser: yes,
  sessionKeysLapse: yes,
  expiredKeyRefusal: () => 'sessionExpired',
  userForUnknownKey: () => undefined,
  logoutEndsSession: yes,
  changePasswordAcceptsExpired: yes,
  listsCopy: () => undefined,
  inboxIdsOnlyInboxFolders: yes,
  inboxIdsReadsFolderId: yes,
  inboxIdsListsReadUnlessFiltered: yes,
  inboxIdsRequiresAttachmentsWhenAsked: yes,
  inboxIdsKeepsAttachmentsUnlessAsked: yes,
  summariesReadLastMid: yes,
  summariesReadFolderId: yes,
  summariesListEveryMessage: yes,
  unreadListsPlainTextTls: yes,
  unreadListsRead: no,
  unreadListsSent: no,
  searchReadsFolderId: yes,
  searchReadsFilter: yes,
  unreadOnlyIncludesPlainTextTls: no,
  unreadOnlyIncludesRetracted: no,
  unreadOnlyIncludesRead: no,
  searchFindsRetracted: yes,
  searchDescending: (orderDesc) => orderDesc,
  searchPageStart: (page, pageSize) => (page - 1) * pageSize,
  deliversToEveryRecipient: yes,
  refusesMalformedMime: no,
  sendsMimeWithRecipients: yes,
  senderReadsOwnMime: yes,
  purgedCopyReadable: no,
  outsiderReadsMime: no,
  outsiderReadsMessage: no,
  purgedSentNamesInbox: no,
  outsiderRefusal: () => 'noPermission',
  senderSeesTracking: yes,
  recipientSeesTracking: no,
  ...SPEC_PARTY_POLICY,
  refusesMoveAcrossTypes: yes,
  movesCopy: yes,
  undeletes: yes,
  refusesDeletingPurged: yes,
  refusesDeletingOthersMessage: yes,
  notDeletedText: () => undefined,
  deletesCopy: yes,
  deleteTakesOnlyOwnCopy: yes,
  honoursPermanentDelete: yes,
  trashDeleteKeepsOtherCopies: yes,
  trashDeleteStepsToDeletedTrash: yes,
  deleteInTrash: () => 'advance',
  deleteStepsToTrash: yes,
  readCopyDeleteStepsToTrash: yes,
  retractMarksSenderCopy: yes,
  retractedStatus: (retracted) => retracted,
  retractKeepsRecipientCopies: yes,
  folderTypeAllowed: (type) => type === 0 || type === 1,
  acceptsFolderType2: no,
  acceptsFolderTypeMinus1: no,
  truncatesLongFolderNames: no,
  folderNameLimit: (max) => max,
  folderNameFits: (_name, length, max) => length <= max,
  refusesNonAsciiFolderNames: no,
  refusesDuplicateFolderNames: yes,
  refusesNonAsciiDuplicateFolderNames: yes,
  createsAskedFolderType: yes,
  makesRefusedFolder: no,
  refusesSystemFolderDelete: yes,
  deletesFolder: yes,
  folderDeleteMovesToParent: yes,
};
