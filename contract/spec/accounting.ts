import type { Anchor } from './index.js';

/**
 * The hand-kept half of the spec's coverage: the units no rule can enforce,
 * each with the reason. contract/spec/coverage.ts `accountFor` gives every other unit its status
 * from the rules' anchors (enforced) and the silences' anchors (silent); a unit none of these
 * name is *uncovered*, and selftest/spec-coverage.test.ts fails on any in §2-§9.
 *
 * A rule anchored to a unit listed here wins: the unit counts as enforced (the reason is kept
 * for the coverage page), so a list entry never hides a rule.
 */

/**
 * Units a conforming server is bound by but that no request from outside can make the target
 * show: internal failures, causes that are the target's own configuration or infrastructure.
 * The §7.3 provisioning matrix (contract/provisioning-coverage.ts) reads its "not triggerable"
 * reasons from here.
 */
const internal = 'an internal failure of the target; the spec states no request that causes it';
const statusFeature = (feature: string) => `set by ${feature}, which no interface of the spec lets a client start (§4 states no operation for it)`;

export const NOT_OBSERVABLE: Partial<Record<Anchor, string>> = {
  // §3.1: statuses whose cause no operation of §4 can bring about
  '§3.1/PendingUpload': 'set while the sender\'s client uploads attachments; no operation of §4 leaves a message in that state for the suite to observe',
  '§3.1/PendingLicense': 'set when the sender lacks a license, a state of the target\'s licensing the suite cannot arrange through the spec\'s operations',
  '§3.1/Restricted': 'the spec states no cause of the Restricted status',
  '§3.1/DirectMessageFailed': statusFeature('delivery to an outside Direct address failing'),
  '§3.1/Pending': 'the spec states no cause of the Pending status and no operation that holds a message in it',
  '§3.1/Deleted': "a sender-only status of a deleted message; §3.2 moves a deleted copy out of the listings, and the spec names no response that shows the sender's deleted copy",
  '§3.1/EditMode': 'a sender-only status of a message being edited in the vendor\'s client; no operation of §4 edits a message',
  '§3.1/NoticeInQueue': 'the state of a notification e-mail queued by the target: when (and whether) a notice is queued is the target\'s own delivery, not a request\'s effect',
  '§3.1/NoticeSent': 'the state of a notification e-mail the target sent: its timing is the target\'s own delivery, not a request\'s effect',
  '§3.1/DirectMessageQueued': statusFeature('delivery to an outside Direct address (a HISP the suite does not run)'),
  '§3.1/DirectMessageSent': statusFeature('delivery to an outside Direct address (a HISP the suite does not run)'),
  '§3.1/DirectMessageDispatched': statusFeature('delivery to an outside Direct address (a HISP the suite does not run)'),
  '§3.1/DirectMessageProcessed': statusFeature('delivery to an outside Direct address (a HISP the suite does not run)'),
  '§3.1/NoticeError': statusFeature('the push notification service failing'),
  '§3.1/Pop3Delivered': statusFeature('POP3 delivery'),
  '§3.1/PushedZip': statusFeature('push delivery as a ZIP file'),
  '§3.1/SecureFax': statusFeature('secure fax delivery'),
  '§3.1/PushedPdf': statusFeature('push delivery as a PDF'),
  '§3.1/DistributionRequestProcessed': statusFeature('the secure forms product'),
  '§3.1/DistributionRequestFailed': statusFeature('the secure forms product'),
  '§3.1/WorkflowDestinationEnroute': statusFeature('the workflow bridge'),
  '§3.1/WorkflowDestinationDelivered': statusFeature('the workflow bridge'),
  '§3.1/WorkflowDestinationUnreachable': statusFeature('the workflow bridge'),
  // §7.2: texts of failures inside the target
  '§7.2/error-has-occurred-datetime-please-check': `${internal} (its remedy is "Contact support"; the details are in the server's logs, which the suite cannot read)`,
  '§7.2/user-could-not-authenticated': `${internal} ("Generic catch-all": every stated cause of a refused logon has its own text)`,
  '§7.2/folder-could-not-created-unknown-error': `${internal} ("Generic catch-all": every stated cause of a refused folder has its own text)`,
  '§7.2/message-could-not-permanently-deleted-server': `${internal} ("Not deleted", with no cause a request can give)`,
  '§7.2/message-could-not-permanently-deleted-user': `${internal} ("Not deleted", with no cause a request can give)`,
  '§7.2/message-could-not-moved-deleted-trash': `${internal} ("Not deleted", with no cause a request can give)`,
  '§7.2/message-could-not-moved-trash-folder': `${internal} ("Not deleted", with no cause a request can give)`,
  '§7.2/file-sizes-2gb-not-supported': 'needs an attachment over 2 GB: more than a conformance run may send to a target (and a MIME text that size exceeds what the SOAP and REST clients of §9 can carry)',
  '§8/attachment-file-size': 'needs an attachment over 2 GB: more than a conformance run may send to a target (see §7.2 "File sizes > 2gb are not supported")',
  // §7.3: the provisioning matrix's "not triggerable" rows
  '§7.3/CouldNotCreateCompany': `${internal} (by definition, no listed reason)`,
  '§7.3/UnableToRegisterDomain': internal,
  '§7.3/CouldNotLoadUser': internal,
  '§7.3/CouldNotUpdateUser': `${internal}; a request's user problems carry their specific names`,
  '§7.3/CouldNotCreateUser': internal,
  '§7.3/InvalidUserId': 'no provisioning model carries a user identifier (spec §2.4 UserModel: Email, FirstName, LastName, PhoneNumber)',
  '§7.3/ErrorDeletingUser': `${internal}; no provisioning operation deletes a user`,
  '§7.3/TemplateNotFound': "the feature sets behind user types are the target's configuration, not a request's input",
  '§7.3/CouldNotCreateType': internal,
  '§7.3/ErrorDeletingUserType': internal,
  '§7.3/CouldNotCreateCobrand': internal,
  '§7.3/UnableToProcessCobrandLogo': `${internal} ('System error'); spec §2.4 CobrandModel carries no logo`,
  '§7.3/ErrorConnectingToRemotePlatform': "the target's own platform instance must fail to respond; no request can arrange that",
  '§7.3/UnknownError': `${internal} (catch-all)`,
};

/**
 * Units that state nothing a server does: headings that only name their section, the lead-ins
 * of tables and lists, definitions and notation, the §1 overview (later sections state it
 * normatively), facts about client libraries, and sentences that say only that the spec does
 * not show something the default binding settles (docs: /work/shared/spec/default-binding.md).
 * Headings and §1 are informative by kind (see `informativeReason`); this map lists the rest.
 */
export const INFORMATIVE: Partial<Record<Anchor, string>> = {
  '§2/field-names-below-those-client': "says where the field names of §2 come from (the client data models); the tables are the spec's statement",
  '§3.1/integer-status-message': 'the caption of the status table',
  '§3.1/notice-means-notification-messages': "a definition of the word 'Notice' in the table",
  '§3.1/transitions-between-message-statuses-not': 'says only that the spec shows no status transitions; §3.2 states the moves it does show',
  '§4.2/method-path-every-administration-operation': 'says only that the spec shows no paths; the default binding (B3, vendor-wire §3) fixes them and a profile may override',
  '§4.2/operations-their-inputs': 'the lead-in of the operations table',
  '§4.3/operations': 'the lead-in of the operations table',
  '§4.5/method-path-not-shown': 'says only that the spec shows no paths; the default binding (B5, vendor-wire §5) fixes them and a profile may override',
  '§4.5/operations': 'the lead-in of the operations table',
  '§7.1/title': "the heading of the token error table; that a failure carries an error property is stated by §4.1 ('Failure: HTTP 400 or 401 with an error property')",
  '§9/rest-messaging-client-exists-version': "the versions of the vendor's client libraries, not a behaviour of the server",
};

const HEADING = 'a heading: it names its section';
const OVERVIEW = 'the §1 overview: the sections after it state what it summarises';

/** Why a unit is informative, or undefined when it is normative. */
export function informativeReason(unit: { anchor: string; section: string; kind: string }): string | undefined {
  const listed = (INFORMATIVE as Record<string, string | undefined>)[unit.anchor];
  if (listed) return listed;
  if (unit.section === '§1') return OVERVIEW;
  return unit.kind === 'heading' ? HEADING : undefined;
}

/** Why no request can make the target show a unit, or undefined. */
export const notObservableReason = (anchor: string): string | undefined => (NOT_OBSERVABLE as Record<string, string | undefined>)[anchor];

/** What accountFor reads beside the rules and silences (tests pass their own). */
export interface Accounting {
  informative(unit: { anchor: string; section: string; kind: string }): string | undefined;
  notObservable(anchor: string): string | undefined;
}

export const ACCOUNTING: Accounting = { informative: informativeReason, notObservable: notObservableReason };
