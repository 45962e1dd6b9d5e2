/** Deliberate violations of the administration rules; see reference/faults.ts. One per rule and per way it can be broken, each a hook of the administration policy (policy.ts) answered otherwise. */
import type { AlsoBreaks, FaultDef } from '../fault-def.js';
import { TIMESTAMP_WINDOW_MS, type AdminPolicy } from './policy.js';

/** One fault; its id is a literal type (`admin.${id}`), so a misspelt id fails tsc. */
const f = <I extends string>(id: I, admin: Partial<AdminPolicy>, rule: string, breaks: string, alsoBreaks?: AlsoBreaks) => ({ id: `admin.${id}` as const, admin, rule: `admin.${rule}`, breaks, ...(alsoBreaks ? { alsoBreaks } : {}) });

const yes = () => true;
const no = () => false;

export const ADMIN_FAULTS = [
  f('session-key-empty', { sessionKeyAnswer: () => '' }, 'session-key.issued', 'Get a session key answers an empty string instead of a session key'),
  f('session-key-by-user-id-refused', { identifiesBy: (op, field) => !(op === 'admin.GetSessionKey' && field === 'UserId') }, 'session-key.identity-fields', 'an identity given by UserId alone is refused'),
  f('session-key-by-sso-refused', { identifiesBy: (op, field) => !(op === 'admin.GetSessionKey' && field === 'SingleSignOnId') }, 'session-key.identity-fields', 'an identity given by SingleSignOnId alone is refused'),
  f('session-key-always-administrator', { keyHolder: (named, admin) => admin ?? named }, 'session-key.identity-fields', 'the key is the administrator’s whoever the identity names', {
    rules: ['admin.access.non-administrator-refused'],
    why: 'that rule gets an ordinary account’s key through Get a session key; the fault hands it the administrator’s, which administration rightly accepts',
  }),
  f('session-key-tamper-falls-back', { refusesUndecryptableLogin: no }, 'session-key.tampered-refused', 'a payload that does not decrypt is replaced by the clear identity headers'),
  f('session-key-wrong-key-falls-back', { refusesUndecryptableLogin: no }, 'session-key.wrong-key-refused', 'a payload sealed with another key is replaced by the clear identity headers'),
  f('session-key-hash-unchecked', { checksLoginHash: no }, 'session-key.wrong-hash-refused', 'X-Hash is not checked against the plaintext'),
  f('session-key-automation-id-unchecked', { refusesUnknownAutomationId: no }, 'session-key.unknown-automation-id-refused', 'an unknown AutomationId falls back to any company whose key opens the payload'),
  f('session-key-past-unchecked', { timeStampInWindow: (skew) => skew <= TIMESTAMP_WINDOW_MS }, 'session-key.stale-timestamp-refused', 'a TimeStamp more than 5 s in the past is accepted'),
  f('session-key-future-unchecked', { timeStampInWindow: (skew) => skew >= -TIMESTAMP_WINDOW_MS }, 'session-key.stale-timestamp-refused', 'a TimeStamp more than 5 s in the future is accepted'),
  f('session-key-unknown-identity-gets-admin', { userForUnknownIdentity: (admin) => admin }, 'session-key.unknown-identity-refused', 'an identity naming nobody gets the administrator’s key'),
  f('session-key-other-company-identity', { findsOtherCompanysIdentity: yes }, 'session-key.unknown-identity-refused', 'an identity of another company’s user is accepted'),
  f('session-key-admin-only', { adminKeyOpensMessaging: no }, 'session-key.valid-on-messaging', 'an administration session key is not valid on the messaging interface', {
    rules: ['admin.session-key.identity-fields'],
    why: 'that rule learns whose key Get a session key issued through messaging Get your account details (spec §4.2 last sentence), the only interface that shows a non-administrator’s own account',
  }),
  f('no-key-accepted', { userForMissingKey: (admin) => admin }, 'access.no-key-refused', 'an operation without a session key runs as the administrator'),
  f('unknown-key-accepted', { userForUnknownKey: (admin) => admin }, 'access.unknown-key-refused', 'an operation with an unknown session key runs as the administrator'),
  f('non-administrator-accepted', { refusesNonAdministrator: no }, 'access.non-administrator-refused', 'a non-administrator’s session key is accepted on administration operations'),
  f('psk-regenerated', { pskStable: no }, 'psk.generated-and-stable', 'Get an encryption key makes a new key on every call'),
  f('psk-empty', { pskAnswer: () => '' }, 'psk.generated-and-stable', 'Get an encryption key answers an empty key'),
  f('company-key-new-unusable', { storesNewCompanyKey: no }, 'company-key.replaced', 'Create a new encryption key answers a key it does not store; the old key stays valid'),
  f('company-key-old-still-valid', { replacedCompanyKeyOpens: yes }, 'company-key.replaced', 'the replaced company key still opens a session'),
  f('session-key-replaced-key-accepted', { replacedCompanyKeyOpens: yes }, 'company-key.provisioning-replaced', 'a company key replaced through provisioning still opens an administration session'),
  f('create-not-stored', { createStoresAccount: no }, 'accounts.create', 'Create answers the AccountModel as sent but stores no account', {
    rules: ['admin.access.non-administrator-refused', 'admin.accounts.created-logs-on', 'admin.accounts.delete', 'admin.accounts.list-filters', 'admin.accounts.update-overwrites', 'admin.accounts.view-by-identity', 'admin.psk.generated-and-stable', 'admin.session-key.identity-fields', 'provisioning.update.license-below-admin-users'],
    why: 'each creates an account through Create a user account as a precondition (broken there) or judges the stored account',
  }),
  f('create-drops-last-name', { createStores: (field) => field !== 'LastName' }, 'accounts.create', 'Create stores LastName as null'),
  f('create-ignores-user-type', { createStores: (field) => field !== 'UserTypeId' }, 'accounts.create', 'Create stores the company’s first user type whatever UserTypeId says', {
    rules: ['admin.accounts.list-filters'],
    why: 'that rule creates one account of each of two types to filter by; a Create that drops the type leaves both of one type',
  }),
  f('view-by-user-id-unsupported', { identifiesBy: (op, field) => !(op === 'admin.ViewAccount' && field === 'UserId') }, 'accounts.view-by-identity', 'View ignores UserId'),
  f('view-by-sso-unsupported', { identifiesBy: (op, field) => !(op === 'admin.ViewAccount' && field === 'SingleSignOnId') }, 'accounts.view-by-identity', 'View ignores SingleSignOnId'),
  f('create-password-ignored', { createStores: (field) => field !== 'Password' }, 'accounts.created-logs-on', 'Create stores a generated password instead of the one sent', {
    rules: ['admin.accounts.update-overwrites'],
    why: 'that rule proves the password is kept by logging on with the one set at creation, the only password the spec lets the suite know',
  }),
  f('update-keeps-blank', { updateOverwrites: (as) => as !== 'blank' }, 'accounts.update-overwrites', 'Update keeps the old value of a field sent blank'),
  f('update-keeps-null', { updateOverwrites: (as) => as !== 'null' }, 'accounts.update-overwrites', 'Update keeps the old value of a field sent null'),
  f('update-resets-password', { updateKeepsPassword: no }, 'accounts.update-overwrites', 'Update replaces the password when none is sent'),
  f('delete-noop', { deletion: () => 'kept' }, 'accounts.delete', 'Delete answers success and deletes nothing'),
  f('delete-keeps-logon', { deletion: () => 'hidden' }, 'accounts.delete', 'Delete hides the account from administration but it still logs on'),
  f('list-ignores-user-type', { listFiltersBy: (filter) => filter !== 'UserTypeId' }, 'accounts.list-filters', 'List ignores UserTypeId'),
  f('list-ignores-company', { listFiltersBy: (filter) => filter !== 'CompanyId' }, 'accounts.list-filters', 'List ignores CompanyId and lists the administrator’s company'),
  f('user-types-empty', { userTypesAnswer: () => [] }, 'user-types.list', 'Get user types answers an empty list'),
  f('securemail-lacks-psk', { offersOperation: (op) => op !== 'admin.GetEncryptionKey' }, 'edition.operations-offered', 'the secure-mail edition does not offer Get an encryption key', {
    rules: ['admin.psk.generated-and-stable'],
    why: 'the profile says the operation is offered, so the harness sends it and that rule, which judges it, fails on the missing operation too (only a declared absence is not applicable: admin.unavailableOperations)',
  }),
  { id: 'provisioning.license-ignores-admin-users', admin: { createdUserUsesLicense: no }, rule: 'provisioning.update.license-below-admin-users', breaks: 'users created through administration are not counted against their type’s LicenseQuantity' },
  f('smtp-credentials-no-password', { smtpCredentialsAnswer: (credentials) => ({ ...credentials, Password: '' }) }, 'smtp.credentials', 'Get company SMTP credentials answers an empty password'),
] as const satisfies readonly FaultDef[];
