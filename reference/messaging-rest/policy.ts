import type { User } from '../core/domain.js';
import type { MailPolicy } from '../core/mail/policy.js';

/**
 * The decisions of the messaging REST adapter (spec §4.3, B1-B3), each named for the spec sentence
 * it keeps, beside the mail core's: the REST form hands the core this policy as its actor's, so a
 * fault of the REST form that answers a core decision otherwise (`rest` in its catalogue entry)
 * reaches REST requests only; a fault with `mail` answers it otherwise for both forms.
 * SPEC_REST_DECISIONS answers the adapter's own decisions as the spec says.
 */
export interface RestDecisions {
  // §5 rule 4: log on first; every operation but Log on and Change password needs a session key
  /** the user a call without a key or token acts as, given the sender of the message its path names; undefined: none */
  actorWithoutKey(messageSender: () => User | undefined): User | undefined;
  /** the user a call with a key the server never issued acts as, likewise */
  actorForUnknownKey(messageSender: () => User | undefined): User | undefined;
  /** List all folders answers a call without a key (with no folders) */
  listsFoldersWithoutKey(): boolean;
  // B2: the token interface's access token in place of a session key
  acceptsAccessToken(): boolean;
  /** the user a bearer token the server never issued acts as; undefined: none */
  userForUnknownAccessToken(users: Iterable<User>): User | undefined;
  /** the user a valid access token acts as, given the one it was issued to */
  accessTokenUser(issuedTo: User, users: Iterable<User>): User;
  // §4.3 / §5.6 Change your password
  changePasswordWithoutKey(): boolean;
  /** a Change password that answers success changes the password */
  changesPassword(): boolean;
  // §4.3 Create a new folder
  /** a create that answers success makes the folder */
  createsFolder(): boolean;
  // §4.3 Get MIME message, §3.2 tracking
  /** a recipient's MIME retrieval writes tracking (marks the copy read) */
  mimeReadWritesTracking(): boolean;
  /** a MIME retrieval marks every message of the user read, not only the one retrieved */
  mimeReadMarksAllRead(): boolean;
}

/** The REST form's policy for one request: the mail core's decisions and the adapter's own. */
export type RestPolicy = MailPolicy & RestDecisions;

const yes = () => true;

/** The spec's answer to each of the adapter's own decisions. */
export const SPEC_REST_DECISIONS: RestDecisions = {
  actorWithoutKey: () => undefined,
  actorForUnknownKey: () => undefined,
  listsFoldersWithoutKey: () => false,
  acceptsAccessToken: yes,
  userForUnknownAccessToken: () => undefined,
  accessTokenUser: (issuedTo) => issuedTo,
  changePasswordWithoutKey: yes,
  changesPassword: yes,
  createsFolder: yes,
  mimeReadWritesTracking: yes,
  mimeReadMarksAllRead: () => false,
};

