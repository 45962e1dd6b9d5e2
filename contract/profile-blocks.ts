import { z } from 'zod';
import { AccountSchema } from './profile-accounts.js';
import { defaultReading, readingsOf, type Reading } from './silences/index.js';

/**
 * The per-interface blocks of a target profile (B8): credentials, fixtures and the target's readings
 * of the spec's silences. A key that declares a reading takes its values, and its default, from
 * the silence's entry in contract/silences (`readingsOf`), so the two cannot drift apart.
 */

const url = z.url({ protocol: /^https?$/ });

export const IdentityProviderSchema = z.object({
  /** resource_type designating the external identity provider (B2) */
  resourceType: z.string().min(1).default('OpenIdConnect'),
  /** HS256 secret the test identity provider signs codes with (B2) */
  jwtSecret: z.string().min(1),
  /** company id for auto-provisioned users (spec §4.1) */
  autoProvisionCompanyId: z.number().int().optional(),
});

/** spec §4.2: the administration operations, by the names the profile uses for them. */
export const ADMIN_OPERATIONS = [
  'GetSessionKey',
  'GetEncryptionKey',
  'NewEncryptionKey',
  'ListAccounts',
  'CreateAccount',
  'ViewAccount',
  'UpdateAccount',
  'DeleteAccount',
  'GetUserTypes',
  'GetSmtpCredentials',
  'ResetSmtpPassword',
  'UpdateIpWhitelist',
] as const;
export type AdminOperation = (typeof ADMIN_OPERATIONS)[number];

/** The administration interface (spec §4.2, §5 rule 5; vendor-wire §3.1; B3). */
export const AdminCredentialsSchema = z.object({
  /** the company AutomationId, sent as X-Company-Automation-Id (vendor-wire §3.1) */
  automationId: z.string().min(1),
  /** the company EncryptionKey: base64 of 32 bytes, AES-256 and HMAC-SHA512 key; never sent */
  encryptionKey: z.string().min(1),
  /** the company administrator the suite gets administration session keys for */
  email: z.email(),
  /** the LoginModel TimeStamp form the target reads (clarification A5): ISO-8601 (CS-ADMIN) or MM/dd/yyyy hh:mm:ss a (DMWEB-JAVA) */
  timeStampFormat: z.enum(['iso', 'us'] as const satisfies readonly Reading<'login-timestamp-format'>[]).default('iso'),
  /**
   * whether the suite may change company-wide settings of the administrator's company (company
   * key, SMTP password, whitelist); rules that would are not applicable otherwise
   */
  allowCompanyChanges: z.boolean().default(false),
  /** TypeIds of the administrator's company's user types (spec §4.2 Get user types), at least one; two for the list-filter rule */
  userTypeIds: z.array(z.number().int()).min(1).optional(),
  /** TypeIds by provisioning UserTypeCode (spec §2.4 names types by code, §2.2 by id), for rules that count users of a type (§8) */
  userTypeIdsByCode: z.record(z.string(), z.number().int()).optional(),
  /** the UserTypeModel field that carries the TypeId (spec §2.2 'Its fields: not shown'; clarification A4) */
  userTypeIdField: z.string().min(1).default('TypeId'),
  /**
   * administration operations the target's edition does not offer (spec §1, §9: 'Some
   * administration methods cannot be used on the direct-messaging edition'; which: not shown;
   * clarification A1). Default: none (every operation offered, as the reference does).
   */
  unavailableOperations: z.array(z.enum(ADMIN_OPERATIONS)).default([]),
});
export type AdminCredentials = z.infer<typeof AdminCredentialsSchema>;

export const ProvisioningCredentialsSchema = z.object({
  userName: z.string().min(1),
  platformCode: z.string().min(1),
  /** base64 provisioner key (AES-256 and HMAC-SHA512 key, vendor-wire §5) */
  key: z.string().min(1),
  email: z.email(),
  /** a platform that exists but this user may not provision (spec §5.8 InvalidPlatformName); without it an unknown code is used */
  otherPlatformCode: z.string().min(1).optional(),
  /** a user type the target knows that does NOT include SecureContact functionality (spec §7.3 UserType, Cobrand rows) */
  userTypeCode: z.string().min(1).optional(),
  /** a user type that includes SecureContact functionality (spec §7.3 SecureContactProvisioningNotAllowed) */
  secureContactUserTypeCode: z.string().min(1).optional(),
  /** where the target's CompanyModel names a company type (spec §7.3 CompanyTypeNotFound; §2.4 shows no such field): its key and a known value */
  companyType: z.object({ field: z.string().min(1), known: z.string().min(1) }).optional(),
  /** whether CompanyModel carries AutoSenderDomains (vendor-wire §5; spec §7.3 DomainAlreadyRegistered) */
  autoSenderDomains: z.boolean().default(true),
  /** B5: the target reports error names (spec or vendor spelling) instead of the vendor's integer codes */
  reportsErrorNames: z.boolean().default(false),
  /** whether a Provision response's Data decrypts to the company as stored (ResponseModel fields: spec §2.4 'not shown') */
  companyInResponse: z.boolean().default(false),
  /**
   * whether a SecureContact is one of 'the users already provisioned for that type' (spec §7.3
   * LicenseQuantityLessThanNumberOfUsers; clarification P5). Unset: the target does not say, and
   * the rule that needs it is not applicable.
   */
  secureContactsCountAsUsers: z.boolean().optional(),
});

export const UrlsSchema = z.object({
  token: url.optional(),
  admin: url.optional(),
  messagingRest: url.optional(),
  messagingSoap: url.optional(),
  provisioning: url.optional(),
  directory: url.optional(),
});

/** The SMTP gateway (spec §1, B7): a host and port of its own (B1). */
export const SmtpGatewaySchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535),
  /**
   * two addresses of the machine running the suite, each bindable and seen as itself by the
   * gateway, for the whitelist rules (one stands inside the list, one outside); loopback
   * aliases by default, which reach a gateway on 127.0.0.1
   */
  clientAddresses: z.tuple([z.ipv4(), z.ipv4()]).default(['127.0.0.2', '127.0.0.3']),
  /**
   * the fields of a whitelist entry that names one client address (spec §2.2 SMTPEndpoint2Model;
   * what Subnet, Port, Incoming, Outgoing and Domain mean: not shown; clarification G3)
   */
  whitelistEntry: z
    .object({
      Subnet: z.string().default('255.255.255.255'),
      Port: z.number().int().min(0).max(65_535).default(0),
      Incoming: z.boolean().default(true),
      Outgoing: z.boolean().default(true),
      Domain: z.string().default(''),
    })
    .prefault({}),
  /** envelope sender of the suite's test mail */
  mailFrom: z.email().default('conformance@example.com'),
  /** whether the gateway's TLS certificate must verify (the reference's is made at start, self-signed) */
  verifyCertificate: z.boolean().default(false),
});

/** The healthcare provider directory (spec §4.6, B6): its search semantics are not shown, so its fixtures are declared. */
export const DirectoryChoicesSchema = z.object({
  /** a provider the directory holds: a search (vendor-wire §6 parameters) that names it exactly, and fields its entry carries */
  knownProvider: z
    .object({
      query: z.record(z.string(), z.string().min(1)).refine((q) => Object.keys(q).length > 0, 'at least one search parameter'),
      expect: z.record(z.string(), z.string().min(1)).refine((q) => Object.keys(q).length > 0, 'at least one entry field'),
    })
    .optional(),
});

export const TokenChoicesSchema = z.object({
  /** scheme word of the Authorization header (spec §5.1 'not shown'; B2 default Bearer) */
  scheme: z.string().min(1).default('Bearer'),
  /** bad secrets that lock an account (spec §7.1 names the error, not the count) */
  lockoutThreshold: z.number().int().min(1).max(100).default(5),
  /** whether the access token is accepted on the messaging REST interface (B2) */
  bearerOnMessaging: z.boolean().default(true),
  /** where e-mailed one-time passwords can be read: the user's inbox (B2) or nowhere */
  emailOtpSource: z.enum(['inbox', 'none']).default('inbox'),
});

/** spec §3.2 names the system folders; the names they carry in the folder list: not shown. */
export const SystemFolderNamesSchema = z.object({
  inbox: z.array(z.string().min(1)).min(1).default(['Inbox']),
  /** spec §3.2 'Outbox', §7.2 'Track Sent' */
  outbox: z.array(z.string().min(1)).min(1).default(['Track Sent', 'Outbox', 'Sent']),
  drafts: z.array(z.string().min(1)).min(1).default(['Drafts']),
  trash: z.array(z.string().min(1)).min(1).default(['Trash']),
  deletedTrash: z.array(z.string().min(1)).min(1).default(['Deleted Trash']),
});

/** What the messaging suites need to know that the spec leaves to the deployment (B8). */
export const MessagingChoicesSchema = z.object({
  /** list names of the system folders, matched case-insensitively */
  systemFolderNames: SystemFolderNamesSchema.prefault({}),
  /**
   * MID of a message delivered as plain text over TLS (status 5, spec §4.3 Get unread) into
   * accounts.primary's inbox, for targets whose SMTP gateway the suite cannot use; where it
   * can (the smtp interface and an admin identity), the rule delivers one itself.
   */
  plainTextTlsMessageId: z.number().int().optional(),
  /** accounts whose password the suite may change and change back (spec §4.3 Change password) */
  passwordChangeAccounts: z.array(AccountSchema).optional(),
  /** expired-password accounts the suite may renew (spec §5.6); each run uses up one */
  expiredPasswordAccounts: z.array(AccountSchema).optional(),
  /** accounts the messaging suite may lock out by bad log-ons (spec §7.2); each run uses up one */
  lockableAccounts: z.array(AccountSchema).optional(),
  /** an account whose session keys expire soon enough to wait for (spec §7.2 'SessionKey Expired') */
  shortSession: z.object({ account: AccountSchema, lifetimeSeconds: z.number().int().positive().max(60) }).optional(),
  /**
   * What moves a deleted message on from Trash (spec §3.2: 'The server controls the trash
   * mechanism'): each further delete (the reference; clarification M4), or the server on its own.
   */
  trashAdvance: z.enum(readingsOf('trash-mechanism')).default(defaultReading('trash-mechanism')),
  /**
   * What a 'character' of a folder name is (spec §8 'at most 65 characters'; clarification M2):
   * a code point (the reference; a server counting user-perceived characters counts the same for
   * the names the suite sends: single code points, no combining marks), or a UTF-16 unit, so a
   * character beyond the Basic Multilingual Plane counts 2.
   */
  folderNameUnit: z.enum(readingsOf('folder-name-characters')).default(defaultReading('folder-name-characters')),
  /**
   * The JSON field that names the user in a Change password sent without a session key: the
   * REST model shows none (spec §2.3 gives EmailAddr for the SOAP form; clarification M1).
   */
  changePasswordUserField: z.string().min(1).default('EmailAddr'),
  /** OrderBy values search accepts (spec §2.3 'OrderBy (string)'; vendor-wire §4 shows DATE) */
  searchOrderBy: z.array(z.string().min(1)).min(1).default(['DATE']),
  /** number of the first search page (spec: not shown; the vendor counts from 1) */
  firstPageNumber: z.literal(readingsOf('search-semantics')).default(defaultReading('search-semantics')),
  /**
   * GetInboxMIDRequest's codes (spec §2.3 gives MessageListFilter as an int with no values):
   * vendor-wire §1.2's, MessageListFilter 1 lists the unread messages and FolderId -1 every inbox
   * folder (the default binding follows the vendor), or `none`: the target reads neither
   * (clarification M20).
   */
  inboxIdCodes: z.enum(readingsOf('inbox-id-codes')).default(defaultReading('inbox-id-codes')),
});

/**
 * How hard the suite may press the target (spec §8: rate limits are not shown), and how much of
 * an answer it reads. Defaults suit a typical server; lower them for a fragile or shared one.
 */
export const LimitsSchema = z.object({
  /** requests in flight against the target at once, across the whole run */
  concurrency: z.number().int().min(1).max(256).default(16),
  /** most requests started per second, across the whole run; unset: no limit */
  requestsPerSecond: z.number().positive().max(100_000).optional(),
  /** largest response body read, in MB (2^20 bytes); past it the exchange is broken */
  maxBodyMB: z.number().positive().max(1_024).default(16),
  /** largest response header block read, in KB (2^10 bytes); past it the exchange is broken */
  maxHeaderKB: z.number().int().min(1).max(1_024).default(64),
});
export type Limits = z.infer<typeof LimitsSchema>;
export const DEFAULT_LIMITS: Limits = LimitsSchema.parse({});
