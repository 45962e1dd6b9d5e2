import { axis } from '../variant/axis.js';

/**
 * More provisioning readings where spec §2.4, §4.5, §7.3 and §8 leave room (clarifications
 * P1-P14), one axis each; the catalogue entry of each silence says how the suite stays neutral.
 */

/** P10: the HTTP status of a refusal (B5: 200 with Errors). */
export const REFUSAL_STATUS = axis('provisioning.refusal-status', 'provisioning-status', [200, 400]);
/** P9: Data that cannot be decrypted. */
export const UNDECRYPTABLE = axis('provisioning.undecryptable-data', 'undecryptable-data', ['BadCrypto', 'MalformedJsonString']);
/** P13: whether a Provision response's Data carries the company (declared: provisioning.companyInResponse). */
export const COMPANY_IN_RESPONSE = axis('provisioning.company-in-response', 'company-in-response', [true, false]);
/** P11: the CompanyModel field naming a company type (declared: provisioning.companyType.field). */
export const COMPANY_TYPE_FIELD = axis('provisioning.company-type-field', 'company-type', ['CompanyType', 'Type']);
/** P12: whether CompanyModel carries AutoSenderDomains (declared: provisioning.autoSenderDomains). */
export const AUTO_SENDER_DOMAINS = axis('provisioning.auto-sender-domains', 'auto-sender-domains', [true, false]);
/** P7: whether today's date is in the past. */
export const TODAY = axis('provisioning.today', 'expiration-today', ['not-past', 'past']);
/** P1: which field names the company on Update and Cancel. */
export const COMPANY_LOOKUP = axis('provisioning.company-lookup', 'company-name-key', ['name', 'reference-id']);
/** P4: an Update whose Cobrand leaves SecureContacts out keeps the contacts, or removes them. */
export const CONTACTS_LEFT_OUT = axis('provisioning.contacts-left-out', 'contacts-left-out', ['kept', 'removed']);
/** P14: New with an AutomationId replaces that AutomationId's key, or every key of the company. */
export const KEY_INVALIDATION = axis('provisioning.key-invalidation', 'company-keys', ['this-automation-id', 'all']);
/** P2: SecureContacts in the response's company: a list, or one SecureContactModel where there is one. */
export const CONTACTS_SHAPE = axis('provisioning.contacts-shape', 'secure-contacts-shape', ['list', 'object']);

export const PROVISIONING_READINGS = [
  REFUSAL_STATUS,
  UNDECRYPTABLE,
  COMPANY_IN_RESPONSE,
  COMPANY_TYPE_FIELD,
  AUTO_SENDER_DOMAINS,
  TODAY,
  COMPANY_LOOKUP,
  CONTACTS_LEFT_OUT,
  KEY_INVALIDATION,
  CONTACTS_SHAPE,
];
