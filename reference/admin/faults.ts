/** Deliberate violations of the administration rules (issue 9, item 7); see reference/faults.ts. One per rule and per way it can be broken. */
import type { AlsoBreaks, FaultDef } from '../fault-def.js';

/** One fault; its id is a literal type (`admin.${id}`), so a misspelt id fails tsc. */
const f = <I extends string>(id: I, rule: string, breaks: string, alsoBreaks?: AlsoBreaks) => ({ id: `admin.${id}` as const, rule: `admin.${rule}`, breaks, ...(alsoBreaks ? { alsoBreaks } : {}) });

export const ADMIN_FAULTS = [
  f('session-key-empty', 'session-key.issued', 'Get a session key answers an empty string instead of a session key'),
  f('session-key-by-user-id-refused', 'session-key.identity-fields', 'an identity given by UserId alone is refused'),
  f('session-key-by-sso-refused', 'session-key.identity-fields', 'an identity given by SingleSignOnId alone is refused'),
  f('session-key-always-administrator', 'session-key.identity-fields', 'the key is the administrator’s whoever the identity names', {
    rules: ['admin.access.non-administrator-refused'],
    why: 'that rule gets an ordinary account’s key through Get a session key; the fault hands it the administrator’s, which administration rightly accepts',
  }),
  f('session-key-tamper-falls-back', 'session-key.tampered-refused', 'a payload that does not decrypt is replaced by the clear identity headers'),
  f('session-key-wrong-key-falls-back', 'session-key.wrong-key-refused', 'a payload sealed with another key is replaced by the clear identity headers'),
  f('session-key-hash-unchecked', 'session-key.wrong-hash-refused', 'X-Hash is not checked against the plaintext'),
  f('session-key-automation-id-unchecked', 'session-key.unknown-automation-id-refused', 'an unknown AutomationId falls back to any company whose key opens the payload'),
  f('session-key-past-unchecked', 'session-key.stale-timestamp-refused', 'a TimeStamp more than 5 s in the past is accepted'),
  f('session-key-future-unchecked', 'session-key.stale-timestamp-refused', 'a TimeStamp more than 5 s in the future is accepted'),
  f('session-key-unknown-identity-gets-admin', 'session-key.unknown-identity-refused', 'an identity naming nobody gets the administrator’s key'),
  f('session-key-other-company-identity', 'session-key.unknown-identity-refused', 'an identity of another company’s user is accepted'),
  f('session-key-admin-only', 'session-key.valid-on-messaging', 'an administration session key is not valid on the messaging interface', {
    rules: ['admin.session-key.identity-fields'],
    why: 'that rule learns whose key Get a session key issued through messaging Get your account details (spec §4.2 last sentence), the only interface that shows a non-administrator’s own account',
  }),
  f('no-key-accepted', 'access.no-key-refused', 'an operation without a session key runs as the administrator'),
  f('unknown-key-accepted', 'access.unknown-key-refused', 'an operation with an unknown session key runs as the administrator'),
  f('non-administrator-accepted', 'access.non-administrator-refused', 'a non-administrator’s session key is accepted on administration operations'),
  f('psk-regenerated', 'psk.generated-and-stable', 'Get an encryption key makes a new key on every call'),
  f('psk-empty', 'psk.generated-and-stable', 'Get an encryption key answers an empty key'),
  f('company-key-new-unusable', 'company-key.replaced', 'Create a new encryption key answers a key it does not store; the old key stays valid'),
  f('company-key-old-still-valid', 'company-key.replaced', 'the replaced company key still opens a session'),
  f('session-key-replaced-key-accepted', 'company-key.provisioning-replaced', 'a company key replaced through provisioning still opens an administration session'),
  f('create-not-stored', 'accounts.create', 'Create answers the AccountModel as sent but stores no account', {
    rules: ['admin.access.non-administrator-refused', 'admin.accounts.created-logs-on', 'admin.accounts.delete', 'admin.accounts.list-filters', 'admin.accounts.update-overwrites', 'admin.accounts.view-by-identity', 'admin.psk.generated-and-stable', 'admin.session-key.identity-fields', 'provisioning.update.license-below-admin-users'],
    why: 'each creates an account through Create a user account as a precondition (broken there) or judges the stored account',
  }),
  f('create-drops-last-name', 'accounts.create', 'Create stores LastName as null'),
  f('create-ignores-user-type', 'accounts.create', 'Create stores the company’s first user type whatever UserTypeId says', {
    rules: ['admin.accounts.list-filters'],
    why: 'that rule creates one account of each of two types to filter by; a Create that drops the type leaves both of one type',
  }),
  f('view-by-user-id-unsupported', 'accounts.view-by-identity', 'View ignores UserId'),
  f('view-by-sso-unsupported', 'accounts.view-by-identity', 'View ignores SingleSignOnId'),
  f('create-password-ignored', 'accounts.created-logs-on', 'Create stores a generated password instead of the one sent', {
    rules: ['admin.accounts.update-overwrites'],
    why: 'that rule proves the password is kept by logging on with the one set at creation, the only password the spec lets the suite know',
  }),
  f('update-keeps-blank', 'accounts.update-overwrites', 'Update keeps the old value of a field sent blank'),
  f('update-keeps-null', 'accounts.update-overwrites', 'Update keeps the old value of a field sent null'),
  f('update-resets-password', 'accounts.update-overwrites', 'Update replaces the password when none is sent'),
  f('delete-noop', 'accounts.delete', 'Delete answers success and deletes nothing'),
  f('delete-keeps-logon', 'accounts.delete', 'Delete hides the account from administration but it still logs on'),
  f('list-ignores-user-type', 'accounts.list-filters', 'List ignores UserTypeId'),
  f('list-ignores-company', 'accounts.list-filters', 'List ignores CompanyId and lists the administrator’s company'),
  f('user-types-empty', 'user-types.list', 'Get user types answers an empty list'),
  f('securemail-lacks-psk', 'edition.operations-offered', 'the secure-mail edition does not offer Get an encryption key', {
    rules: ['admin.psk.generated-and-stable'],
    why: 'the profile says the operation is offered, so the harness sends it and that rule, which judges it, fails on the missing operation too (issue 15: only a declared absence is not applicable)',
  }),
  { id: 'provisioning.license-ignores-admin-users', rule: 'provisioning.update.license-below-admin-users', breaks: 'users created through administration are not counted against their type’s LicenseQuantity' },
  f('smtp-credentials-no-password', 'smtp.credentials', 'Get company SMTP credentials answers an empty password'),
] as const satisfies readonly FaultDef[];
