import type { User } from '../core/domain.js';

/** vendor-wire §3.1 / B3: TimeStamp within ±5 s of the server's UTC time. */
export const TIMESTAMP_WINDOW_MS = 5_000;

/** An IdentityModel field that names a user (spec §2.2). */
export type IdentityField = 'Email' | 'UserId' | 'SingleSignOnId';

/**
 * The administration interface's decisions (spec §4.2, §2.2, §5 item 5, §9; vendor-wire §3), each
 * named for the sentence it keeps. The handlers (login.ts, routes.ts, accounts.ts, keys.ts,
 * smtp.ts) ask the request's policy; SPEC_ADMIN_POLICY answers as the spec says, and a fault of
 * reference/admin/faults.ts replaces one hook (`admin: { … }`), never a check inside a handler.
 * The last hooks shape an answer as it leaves (an edge patch): the spec's leaves it as it is.
 */
export interface AdminPolicy {
  // §4.2 Get a session key (vendor-wire §3.1)
  /** an AutomationId of no company is refused */
  refusesUnknownAutomationId(): boolean;
  /** §4.2 Create a new encryption key, §4.5: a replaced company key no longer opens a session */
  replacedCompanyKeyOpens(): boolean;
  /** X-Hash is checked against the plaintext */
  checksLoginHash(): boolean;
  /** a payload that does not decrypt is refused (the clear identity headers are not trusted instead) */
  refusesUndecryptableLogin(): boolean;
  /** B3: the TimeStamp is within ±5 s of the server's time; `skewMs` is TimeStamp minus now */
  timeStampInWindow(skewMs: number): boolean;
  /** §2.2: whether an identity of another company's user names the user */
  findsOtherCompanysIdentity(): boolean;
  /** the user an identity that names nobody gets a key for; undefined: refused */
  userForUnknownIdentity(administrator: User | undefined): User | undefined;
  /** §2.2 IdentityModel: `operation` finds a user by `field` */
  identifiesBy(operation: string | undefined, field: IdentityField): boolean;
  /** §4.2: whose session key Get a session key issues, for the user the identity names */
  keyHolder(named: User, administrator: User | undefined): User;
  /** B3, §4.2 last sentence: an administration session key is valid on the messaging interface too */
  adminKeyOpensMessaging(): boolean;
  // §4.2 'session-key authenticated', §9
  /** §9: the edition offers `operation` (an id of contract/operations.ts) */
  offersOperation(operation: string | undefined): boolean;
  /** the user an operation without a session key runs as; undefined: refused */
  userForMissingKey(administrator: User | undefined): User | undefined;
  /** the user an operation with a session key nobody issued runs as; undefined: refused */
  userForUnknownKey(administrator: User | undefined): User | undefined;
  /** §4.2: administration operations need an administrator's key */
  refusesNonAdministrator(): boolean;
  // §4.2 user accounts
  /** §4.2 List user accounts: filtered by `filter` */
  listFiltersBy(filter: 'CompanyId' | 'UserTypeId'): boolean;
  /** §4.2 Create a user account: the account is stored */
  createStoresAccount(): boolean;
  /** §4.2 Create a user account: `field` is stored as sent */
  createStores(field: 'LastName' | 'UserTypeId' | 'Password'): boolean;
  /** §8 LicenseQuantity: an account created here is one of its user type's users */
  createdUserUsesLicense(): boolean;
  /** §4.2 Update 'overwrites all values': a field sent `as` (blank or null) is stored so */
  updateOverwrites(as: 'blank' | 'null'): boolean;
  /** §4.2 Update: the password stays when none is sent */
  updateKeepsPassword(): boolean;
  /** §4.2 Delete a user account: what becomes of the account */
  deletion(): 'removed' | 'hidden' | 'kept';
  /** §4.2 Get an encryption key: 'generated if absent', the same key afterwards */
  pskStable(): boolean;
  /** §4.2 Create a new encryption key: the new company key is stored (and the old one ends) */
  storesNewCompanyKey(): boolean;
  // edge: the answer as it leaves
  /** §4.2 Get a session key: the key as the answer shows it */
  sessionKeyAnswer(key: string): string;
  /** §4.2 Get an encryption key: the PSK as the answer shows it */
  pskAnswer(key: string): string;
  /** §4.2 Get user types: the company's types as the answer lists them */
  userTypesAnswer<T>(types: T[]): T[];
  /** §4.2 Get company SMTP credentials: the SMTPCredentialsModel as the answer shows it */
  smtpCredentialsAnswer<T extends { Password: unknown }>(credentials: T): T;
}

const yes = () => true;
const no = () => false;
const nobody = () => undefined;
const same = <T>(value: T) => value;

export const SPEC_ADMIN_POLICY: AdminPolicy = {
  refusesUnknownAutomationId: yes,
  replacedCompanyKeyOpens: no,
  checksLoginHash: yes,
  refusesUndecryptableLogin: yes,
  timeStampInWindow: (skew) => Math.abs(skew) <= TIMESTAMP_WINDOW_MS,
  findsOtherCompanysIdentity: no,
  userForUnknownIdentity: nobody,
  identifiesBy: yes,
  keyHolder: (named) => named,
  adminKeyOpensMessaging: yes,
  offersOperation: yes,
  userForMissingKey: nobody,
  userForUnknownKey: nobody,
  refusesNonAdministrator: yes,
  listFiltersBy: yes,
  createStoresAccount: yes,
  createStores: yes,
  createdUserUsesLicense: yes,
  updateOverwrites: yes,
  updateKeepsPassword: yes,
  deletion: () => 'removed',
  pskStable: yes,
  storesNewCompanyKey: yes,
  sessionKeyAnswer: same,
  pskAnswer: same,
  userTypesAnswer: same,
  smtpCredentialsAnswer: same,
};
