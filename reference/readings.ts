import type { AxisReader } from './axes/axis.js';
import { IDS, UNDOCUMENTED_4XX } from './axes/common.js';
import {
  CHANGE_PASSWORD_USER,
  CUSTOM_FOLDER_IDS,
  DELETE_TEXT_KEY,
  DUPLICATE_NAMES,
  FIRST_PAGE,
  FIXED_SYSTEM_FOLDER_IDS,
  FOLDER_CREATE_ANSWER,
  GET_MESSAGE_TRACKING,
  INBOX_ID_CODES,
  NAME_LENGTH,
  OUTBOX_NAME,
  PURGED_TEXT,
  RECIPIENT_METADATA,
  RETRACTED_RECIPIENT_STATUS, RETRACT_DRAFT,
  RETRACTED_SEARCH,
  SEARCH_FILTER,
  SEND_MIME_ID,
  SESSION_LIFETIME,
  STRING_RESPONSES,
  TIME_FORMAT,
  TRASH_ADVANCE,
  TRASH_FOLDERS,
  TRASH_LISTINGS,
  UNREAD_RETRACTED,
} from './axes/mail.js';
import type { MailReadings } from './core/mail/readings.js';
import { credentialShapes } from './common-readings.js';
import type { CoreReadings } from './core/readings.js';
import { provisioningReadings, type ProvisioningReadings } from './provisioning/readings.js';
import { smtpReadings, type SmtpReadings } from './smtp/readings.js';
import { LOCKING_ATTEMPT_ERROR } from './axes/token.js';

/**
 * The variant's readings, resolved ONCE when a server starts (reference/state.ts): the core's
 * (reference/core/readings.ts) and those of the interfaces that were resolved in several places.
 * Each axis is looked up here and nowhere in the core.
 */
export interface Readings {
  readonly core: CoreReadings;
  readonly provisioning: ProvisioningReadings;
  readonly smtp: SmtpReadings;
}

export function resolveReadings(variant: AxisReader): Readings {
  const smtp = smtpReadings(variant);
  return {
    core: {
      ids: variant.get(IDS),
      credentialShapes: credentialShapes(variant),
      sessionLifetime: variant.get(SESSION_LIFETIME),
      lockingAttemptError: variant.get(LOCKING_ATTEMPT_ERROR),
      smtp,
      mail: mailReadings(variant),
    },
    provisioning: provisioningReadings(variant),
    smtp,
  };
}

/** The messaging readings of one variant (the core's `mail`), shared by both messaging adapters. */
function mailReadings(variant: AxisReader): MailReadings {
  return {
    fixedSystemFolderIds: variant.get(FIXED_SYSTEM_FOLDER_IDS),
    customFolderIds: variant.get(CUSTOM_FOLDER_IDS),
    outboxName: variant.get(OUTBOX_NAME),
    nameLength: variant.get(NAME_LENGTH),
    sendMimeIdAsString: variant.get(SEND_MIME_ID) === 'string',
    deleteTextKey: variant.get(DELETE_TEXT_KEY),
    refusalStatus: variant.get(UNDOCUMENTED_4XX),
    recipientMetadata: variant.get(RECIPIENT_METADATA),
    purgedText: variant.get(PURGED_TEXT),
    timeFormat: variant.get(TIME_FORMAT),
    plainTextResponses: variant.get(STRING_RESPONSES) === 'plain-text',
    folderCreateAnswer: variant.get(FOLDER_CREATE_ANSWER),
    duplicateNames: variant.get(DUPLICATE_NAMES),
    changePasswordUser: variant.get(CHANGE_PASSWORD_USER),
    searchFilter: variant.get(SEARCH_FILTER),
    firstPage: variant.get(FIRST_PAGE),
    retractedRecipientStatus: variant.get(RETRACTED_RECIPIENT_STATUS),
    retractDraft: variant.get(RETRACT_DRAFT),
    getMessageTracking: variant.get(GET_MESSAGE_TRACKING),
    unreadRetracted: variant.get(UNREAD_RETRACTED),
    trashAdvance: variant.get(TRASH_ADVANCE),
    trashFolders: variant.get(TRASH_FOLDERS),
    inboxIdCodes: variant.get(INBOX_ID_CODES),
    trashListings: variant.get(TRASH_LISTINGS),
    retractedSearch: variant.get(RETRACTED_SEARCH),
  };
}
