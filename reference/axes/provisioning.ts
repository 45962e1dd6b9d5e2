import { axis } from './axis.js';

/** The readings of the provisioning silences (spec §2.4 'ResponseModel … not shown', vendor-wire §8.5). */
export const ERROR_FORM = axis('provisioning.error-form', 'response-model');
export const TRANSACTION_ID = axis('provisioning.transaction-id', 'transaction-id-format');
// default: echo the request IV, which both clients decrypt with (DMWEB-CS reads the response IV, DMWEB-JAVA reuses its own; clarifications V2)
export const RESPONSE_IV = axis('provisioning.response-iv', 'response-crypto');
export const HASH_OVER = axis('provisioning.response-hash', 'response-hash');
export const AUTOMATION_ID = axis('provisioning.automation-id', 'automation-id-format');

/** P16: spec §7.3 InvalidEmailAddress 'E-mail address not well-formed'; well formed by RFC 5322 dot-atom, or by a lenient `x@y.z` test. */
export const EMAIL_VALIDATION = axis('provisioning.email-validation', 'email-well-formed');
/** P5: spec §8 'the current number of users of that type'; whether a SecureContact is such a user (profile secureContactsCountAsUsers). */
export const SECURE_CONTACTS_COUNT = axis('provisioning.secure-contacts-count', 'users-of-a-type');
/** P6: spec §7.3 CouldNotAddUserToUserType 'in the administrative role'; whether the administrator's own address as a SecureContact is that. */
export const ADMIN_AS_SECURE_CONTACT = axis('provisioning.admin-as-secure-contact', 'administrative-role-contact');
/** P3: a SecureContact in a Cobrand without Url and Color fits both SecureContactRequiresCobrand and IncompleteCobrandData. */
export const CONTACT_WITHOUT_COBRAND = axis('provisioning.contact-without-cobrand-error', 'contact-without-cobrand');
/** P8: spec §8 sets no latest ExpirationDate; a server storing SQL smalldatetime ends at 06/06/2079. */
export const LATEST_EXPIRATION_DATE = axis('provisioning.latest-expiration-date', 'latest-expiration-date');
/** P17: spec §4.5 Cancel 'deletes a company', §3.3 Status Cancelled (2): the company stays with Status 2, or is gone. */
export const CANCEL_EFFECT = axis('provisioning.cancel-effect', 'cancel-effect');

/** P13: a Provision response's Data shows the company as stored, or nothing (profile companyInResponse). */
export const COMPANY_IN_RESPONSE = axis('provisioning.company-in-response', 'company-in-response');
/** P14: a new key replaces that AutomationId's key only, or invalidates every other AutomationId's key too. */
export const COMPANY_KEYS = axis('provisioning.company-keys', 'company-keys');
/** P1: Update and Cancel find the company by CompanyName, or by ReferenceId. */
export const COMPANY_NAME_KEY = axis('provisioning.company-name-key', 'company-name-key');
/** P2: SecureContacts as one SecureContactModel (a list taken too), or one model only. */
export const SECURE_CONTACTS_SHAPE = axis('provisioning.secure-contacts-shape', 'secure-contacts-shape');
/** P4: an Update whose Cobrand leaves out SecureContacts keeps the contacts, or removes them. */
export const CONTACTS_LEFT_OUT = axis('provisioning.contacts-left-out', 'contacts-left-out');
/** P7: today is not past, or is; one-digit month and day fields accepted. */
export const EXPIRATION_TODAY = axis('provisioning.expiration-today', 'expiration-today');
/** P9: Data that does not decrypt is BadCrypto or MalformedJsonString. */
export const UNDECRYPTABLE_DATA = axis('provisioning.undecryptable-data', 'undecryptable-data');
/** P10 / B5: a refusal is HTTP 200 with Errors, or a 4xx with the ResponseModel. */
export const REFUSAL_STATUS = axis('provisioning.refusal-status', 'provisioning-status');
/** P11: a company type in a CompanyType field, or no company type at all (profile companyType). */
export const COMPANY_TYPE = axis('provisioning.company-type', 'company-type');
/** P12: CompanyModel carries AutoSenderDomains, or not (profile autoSenderDomains). */
export const AUTO_SENDER_DOMAINS = axis('provisioning.auto-sender-domains', 'auto-sender-domains');

export const PROVISIONING_AXES = [
  COMPANY_IN_RESPONSE,
  COMPANY_KEYS,
  COMPANY_NAME_KEY,
  SECURE_CONTACTS_SHAPE,
  CONTACTS_LEFT_OUT,
  EXPIRATION_TODAY,
  UNDECRYPTABLE_DATA,
  REFUSAL_STATUS,
  COMPANY_TYPE,
  AUTO_SENDER_DOMAINS,
  ERROR_FORM,
  TRANSACTION_ID,
  RESPONSE_IV,
  HASH_OVER,
  AUTOMATION_ID,
  EMAIL_VALIDATION,
  SECURE_CONTACTS_COUNT,
  ADMIN_AS_SECURE_CONTACT,
  CONTACT_WITHOUT_COBRAND,
  LATEST_EXPIRATION_DATE,
  CANCEL_EFFECT,
];
