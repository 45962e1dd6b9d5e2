import { silence } from './types.js';

/**
 * Every identifier the suite reads from one answer and sends back in another request, with its
 * scope: where the spec (or the default binding) says in which contexts it is valid, and where it
 * leaves that open. The suite reuses an identifier only in a context its
 * scope covers; where the spec is silent, a reference axis takes the other scope (clarification I1).
 */
export const IDENTIFIER_SILENCES = [
  silence({
    id: 'user-type-id-scope',
    anchors: ['§2.2/UserTypeModel'],
    section: '§2.2',
    sentence: 'UserTypeModel | Returned as a list of user types provisioned for a company. Its fields: not shown.',
    readings: ['global', 'per-company'],
    says: { global: 'one TypeId per user type for the whole platform', 'per-company': 'each company numbers its own user types (a TypeId names a type of that company only)' },
    neutral:
      'a TypeId is used only in the company whose Get user types listed it: the profile’s admin.userTypeIds and admin.userTypeIdsByCode name the profile administrator’s company; in a company a rule provisioned, the TypeId is read from that company’s own Get user types (one type provisioned, one listed; otherwise not applicable: a code cannot be matched to an id, A4).',
    profileKey: 'admin.userTypeIds, admin.userTypeIdsByCode',
    clarification: 'I1',
  }),
  silence({
    id: 'message-id-scope',
    anchors: ['§5/access-message-mid-limited-sender'],
    section: '§5',
    sentence: 'Access to a message by MID is limited to its sender and recipients (see GetMIMEMessage errors).',
    readings: ['platform'],
    says: { platform: 'one MID names the message for its sender and every recipient, in both forms of the messaging interface (§1 item 3, §2.3 "Message id | MID, int")' },
    neutral:
      'a MID answered to the sender is used by the sender and the recipients, over REST and SOAP, in any of their sessions; another user’s use of it is asserted refused (§5 item 9).',
    inert: 'the spec fixes the scope (one id per message, shared by its sender and recipients, one row of §2.3 for both forms); a server that scoped it otherwise would not keep §5 item 9, so there is no other reading to vary.',
    clarification: 'I2',
  }),
  silence({
    id: 'folder-id-scope',
    anchors: ['§2.3/folder-id'],
    section: '§2.3',
    sentence: 'Folder id | FolderId (REST) or FID (SOAP), int',
    readings: ['platform', 'per-user'],
    says: { platform: 'a folder id names one folder of one user’s mailbox across the platform, the same in REST and SOAP and in every session of that user', 'per-user': 'folder ids are numbered per user: the same id names a folder in several users’ mailboxes, each user’s own' },
    neutral:
      'a folder id is used by the user whose folder list or create answer gave it; system folders are found by name (silence folder-ids). The party rules (contract/parties.ts) send the owner’s folder id as another user’s and judge only what the owner’s folder gives away or loses, never the answer’s status: under per-user numbering the id may name a folder of the caller’s own. A cell that deletes the owner’s folder or moves into it holds the parties’ folders and uses an owner’s folder id that names none of theirs, so the caller’s own message must stay where it was (P1).',
    clarification: 'P1',
  }),
  silence({
    id: 'company-id-scope',
    anchors: ['§2.2/AccountIndexRequestModel'],
    section: '§2.2',
    sentence: 'AccountIndexRequestModel | CompanyId (int), UserTypeId (int)',
    readings: ['platform'],
    says: { platform: 'a CompanyId names a company of the platform in every interface that shows one' },
    neutral:
      'a CompanyId is read from an account of the company (Create / View under that company’s administration key) and sent back under that key only; the profile declares its companies’ ids (companies.primary, companies.outsider; token auto-provisioning: identityProvider.autoProvisionCompanyId). Provisioning shows no CompanyId (§2.4).',
    profileKey: 'companies',
    inert: 'every CompanyId the suite sends is either declared by the profile or read from the same company under the same key, so no scoping a server could choose changes what the suite sees.',
    clarification: 'I2',
  }),
  silence({
    id: 'automation-id-scope',
    anchors: ['§5/administration-client-configured-base-address'],
    section: '§5',
    sentence: 'The administration client is configured with a base address and two company-level credential strings; their names and roles: not shown.',
    readings: ['provisioned', 'other'],
    says: { provisioned: 'the AutomationKeyModel that provisioning hands out (AutomationId, ApiEncryptionKey) is that pair (B3: vendor-wire §3.1)', other: 'administration credentials issued some other way' },
    neutral:
      'the profile declares its administrator’s pair (admin.automationId, encryptionKey); a rule that administers a company it provisioned uses the pair that company’s Get an encryption key answers, as B3 adopts vendor-wire §3.1 ("Provisioning returns exactly this pair").',
    profileKey: 'admin.automationId, admin.encryptionKey',
    inert: 'B3 fixes the reading for the default binding; a target outside it has no provisioned-company administration to test, and those rules need both interfaces.',
    clarification: 'I2',
  }),
  silence({
    id: 'session-key-scope',
    anchors: ['§4.6/any-session-key-administration-messaging'],
    section: '§4.6',
    sentence: 'Any session key from the administration or messaging interface is used.',
    readings: ['every-interface'],
    says: { 'every-interface': 'a key from administration Get a session key or messaging Log on works on every session-key interface (B3), for the user it was issued to, until Log out (§5 item 4)' },
    neutral:
      'a key is sent only for the user it was issued to; a messaging key of a user who is not the administrator is asserted refused by administration (A6); keys of one company are never sent for another company’s data except where the refusal is the rule.',
    inert: 'B3 and §4.6 fix the scope; the reference’s faults (a key that works on one interface only) prove the rules that rely on it.',
    clarification: 'I2',
  }),
  silence({
    id: 'reference-id-scope',
    anchors: ['§7.3/ReferenceIdAlreadyUsed'],
    section: '§7.3',
    sentence: 'ReferenceIdAlreadyUsed | Create with a previously used ReferenceId',
    readings: ['platform', 'per-provisioner'],
    says: { platform: 'a ReferenceId is unique across the platform', 'per-provisioner': 'unique per provisioner (UserName)' },
    neutral:
      'every ReferenceId the suite creates carries the run prefix and is new everywhere; the reuse rule reuses one of its own with the same provisioner, which both readings refuse; Get an encryption key names the suite’s own company by it.',
    inert: 'the suite provisions with one UserName and never reuses a ReferenceId across provisioners, so the two scopes cannot be told apart by anything it sends.',
    clarification: 'I2',
  }),
  silence({
    id: 'account-identity-scope',
    anchors: ['§2.2/AccountModel', '§2.2/IdentityModel'],
    section: '§2.2',
    sentence: 'AccountModel | … CompanyId (int), … Email (string), … SingleSignOnId (string), UserId (string), UserTypeId (int)',
    readings: ['company'],
    says: { company: 'an account is named by UniqueId, Email, UserId or SingleSignOnId within the administrator’s company' },
    neutral:
      'accounts the suite creates get run-prefixed, lower-case addresses and user ids no other account has in any company, and are named back only under the key of the company that created them.',
    inert: 'every identity the suite sends is unique on the platform and used under its own company’s key, so a server scoping identities per company or globally answers the same.',
    clarification: 'I2',
  }),
] as const;
