import type { AccountRole, InterfaceName, Profile } from '../contract/profile.js';
import type { Need } from './rule.js';
import { absence, interfaceAbsence } from '../contract/operations.js';
import { trashStageExact } from '../contract/trash-mechanism.js';

/**
 * Capabilities a rule may need; a missing one makes the rule not applicable, never a fail.
 * Whether the target offers an operation is not a need: the harness asks the profile before
 * every request (contract/operations.ts `absence`, harness/http.ts). `iface` and the SOAP needs
 * below are views of that one answer, declared up front so a rule is not applicable before it
 * sends anything.
 */

export const iface = (name: InterfaceName): Need => ({
  feature: `interface:${name}`,
  missing: (p) => interfaceAbsence(p, name),
});

export const account = (role: AccountRole): Need => ({
  feature: `account:${role}`,
  missing: (p) => (p.accounts[role] ? undefined : `the profile has no "${role}" account (accounts.${role})`),
});

export const lockableAccounts: Need = {
  feature: 'account:lockable',
  missing: (p) => (p.accounts.lockable?.length ? undefined : 'the profile lists no accounts the suite may lock out (accounts.lockable)'),
};

export const identityProvider: Need = {
  feature: 'identity-provider',
  missing: (p) => (p.identityProvider ? undefined : 'the profile describes no test identity provider (identityProvider)'),
};

export const autoProvisioning: Need = {
  feature: 'identity-provider:auto-provisioning',
  missing: (p) =>
    p.identityProvider?.autoProvisionCompanyId !== undefined ? undefined : 'the profile names no company for auto-provisioned users (identityProvider.autoProvisionCompanyId)',
};

export const emailOtpReadable: Need = {
  feature: 'mfa:email-otp-source',
  missing: (p) => (p.token.emailOtpSource === 'inbox' ? undefined : 'the profile says e-mailed one-time passwords cannot be read (token.emailOtpSource)'),
};

export const bearerOnMessaging: Need = {
  feature: 'token:bearer-on-messaging-rest',
  missing: (p: Profile) =>
    p.token.bearerOnMessaging && !interfaceAbsence(p, 'messaging-rest')
      ? undefined
      : 'the profile says the messaging REST interface does not take the access token (token.bearerOnMessaging)',
};

/** Provisioning (spec §4.5, §5.8): the account, and the target's choices the rules rely on (B8). */
export const provisioningAccount: Need = {
  feature: 'provisioning:account',
  missing: (p) => (p.provisioning ? undefined : 'the profile has no provisioning account (provisioning.userName, platformCode, key, email)'),
};

export const provisioningUserType: Need = {
  feature: 'provisioning:user-type',
  missing: (p) => (p.provisioning?.userTypeCode ? undefined : 'the profile names no user type without SecureContact functionality (provisioning.userTypeCode)'),
};

export const secureContactUserType: Need = {
  feature: 'provisioning:secure-contact-user-type',
  missing: (p) =>
    p.provisioning?.secureContactUserTypeCode ? undefined : 'the profile names no user type with SecureContact functionality (provisioning.secureContactUserTypeCode)',
};

export const companyTypeField: Need = {
  feature: 'provisioning:company-type',
  missing: (p) =>
    p.provisioning?.companyType ? undefined : "the profile names no CompanyModel field for a company type (provisioning.companyType); spec §2.4 shows none",
};

export const autoSenderDomains: Need = {
  feature: 'provisioning:auto-sender-domains',
  missing: (p) => (p.provisioning?.autoSenderDomains === false ? 'the profile says CompanyModel carries no AutoSenderDomains (provisioning.autoSenderDomains)' : undefined),
};

/** P5: users of a type that provisioning alone can make are SecureContacts; the target says whether they count. */
export const secureContactsCountAsUsers: Need = {
  feature: 'provisioning:secure-contacts-count-as-users',
  missing: (p) =>
    p.provisioning?.secureContactsCountAsUsers === true
      ? undefined
      : p.provisioning?.secureContactsCountAsUsers === false
        ? 'the profile says SecureContacts are not users of their type (provisioning.secureContactsCountAsUsers), and provisioning alone makes no other users of a type'
        : 'the profile does not say whether SecureContacts are users of their type (provisioning.secureContactsCountAsUsers; clarification P5)',
};

export const companyInResponse: Need = {
  feature: 'provisioning:company-in-response',
  missing: (p) =>
    p.provisioning?.companyInResponse ? undefined : "the profile does not say a Provision response's Data carries the company (provisioning.companyInResponse)",
};

/**
 * A message delivered as plain text over TLS to accounts.primary (spec §4.3 Get unread): one the
 * suite delivers through the SMTP gateway (interfaces smtp and admin), or the one the profile names.
 */
export const plainTextTlsMessage: Need = {
  feature: 'messaging:plain-text-tls-message',
  missing: (p) =>
    p.messaging.plainTextTlsMessageId !== undefined || (!interfaceAbsence(p, 'smtp') && p.smtp && !interfaceAbsence(p, 'admin') && p.admin)
      ? undefined
      : 'the profile names no plain-text TLS message (messaging.plainTextTlsMessageId) and no SMTP gateway with an administration identity to deliver one (smtp, admin)',
};

export const passwordChangeAccounts: Need = {
  feature: 'messaging:password-change-accounts',
  missing: (p) => (p.messaging.passwordChangeAccounts?.length ? undefined : 'the profile lists no accounts whose password the suite may change (messaging.passwordChangeAccounts)'),
};

export const expiredPasswordAccounts: Need = {
  feature: 'messaging:expired-password-accounts',
  missing: (p) => (p.messaging.expiredPasswordAccounts?.length ? undefined : 'the profile lists no expired-password accounts the suite may renew (messaging.expiredPasswordAccounts)'),
};

export const messagingLockableAccounts: Need = {
  feature: 'messaging:lockable-accounts',
  missing: (p) => (p.messaging.lockableAccounts?.length ? undefined : 'the profile lists no accounts the messaging suite may lock out (messaging.lockableAccounts)'),
};

export const shortSession: Need = {
  feature: 'messaging:short-session',
  missing: (p) => (p.messaging.shortSession ? undefined : 'the profile names no account with a short session-key lifetime (messaging.shortSession)'),
};

export const trashAdvancedByDelete: Need = {
  feature: 'messaging:trash-advanced-by-delete',
  missing: (p) =>
    trashStageExact(p.messaging.trashAdvance)
      ? undefined
      : 'the profile says the server, not a further delete, moves messages on from Trash (messaging.trashAdvance; clarification M4)',
};

/** spec §9: the SOAP messaging calls exist up to release 5.36 (secure mail) and 6.2 (direct); a view of the gate. */
export const soapService: Need = {
  feature: 'messaging-soap:release',
  missing: (p) => interfaceAbsence(p, 'messaging-soap'),
};

/** spec §9: GetMailboxXML is gone from securemail 5.37 and direct 6.2 on; a view of the gate. */
export const mailboxXml: Need = {
  feature: 'messaging-soap:mailbox-xml',
  missing: (p) => absence(p, 'messaging-soap.GetMailboxXML'),
};

/** The administration interface and its company credentials (spec §4.2, §5 rule 5; B8). */
export const adminCredentials: Need = {
  feature: 'admin:credentials',
  missing: (p) => (p.admin ? undefined : 'the profile has no administration credentials (admin.automationId, encryptionKey, email)'),
};

/**
 * A company-wide setting the rule changes: declared by name, and allowed only
 * where the profile says the suite may change company settings (admin.allowCompanyChanges).
 */
export const companyChange = (setting: string): Need => ({
  feature: `company-change:${setting}`,
  missing: (p) => (p.admin?.allowCompanyChanges ? undefined : `the rule changes the company's ${setting}, and the profile does not allow company changes (admin.allowCompanyChanges)`),
});

/** TypeIds of the administrator's company's user types (admin.userTypeIds), at least `count`. */
export const adminUserTypes = (count: number): Need => ({
  feature: `admin:user-types:${count}`,
  missing: (p) =>
    (p.admin?.userTypeIds?.length ?? 0) >= count ? undefined : `the profile names fewer than ${count} user type id(s) of the administrator's company (admin.userTypeIds)`,
});

/** The SMTP gateway's host and port (spec §1, B1, B7). */
export const smtpGateway: Need = {
  feature: 'smtp:gateway',
  missing: (p) => interfaceAbsence(p, 'smtp') ?? (p.smtp ? undefined : 'the profile names no SMTP gateway (smtp.host and smtp.port)'),
};

/** A provider the directory holds, with a search that names it (spec §4.6 'not shown'; B6). */
export const knownProvider: Need = {
  feature: 'directory:known-provider',
  missing: (p) => (p.directory.knownProvider ? undefined : 'the profile names no provider the directory holds (directory.knownProvider)'),
};
