import { randomBytes } from 'node:crypto';
import type { ProfileInput } from '../../contract/profile.js';
import type { ReferenceState } from '../state.js';
import { lackedOperations, timeStampForms, userTypeIdField } from './readings.js';

/**
 * The administration block of the reference's generated profile (B8): an administrator of the
 * home company, the company's AutomationId and EncryptionKey (the pair provisioning would hand
 * out, vendor-wire §3.1), and the variant's readings the profile declares.
 */
export function seedAdmin(state: ReferenceState, companyId: number): NonNullable<ProfileInput['admin']> {
  const admin = state.domain.addUser({
    companyId,
    username: 'administrator',
    email: 'administrator@reference.test',
    password: `Pw-${randomBytes(12).toString('base64url')}`,
    firstName: 'Company',
    lastName: 'Administrator',
  });
  state.accounts.makeAdministrator(admin);
  const key = state.companies.defaultKey(companyId);
  return {
    automationId: key.automationId,
    encryptionKey: key.apiEncryptionKey,
    email: admin.email,
    timeStampFormat: timeStampForms(state.variant).declared,
    allowCompanyChanges: true,
    userTypeIds: state.accounts.companyTypes(companyId).map((t) => t.typeId),
    // the home company's own ids (axis admin.user-type-ids: they may be numbered per company)
    userTypeIdsByCode: Object.fromEntries(state.accounts.companyTypes(companyId).map((t) => [t.code, t.typeId])),
    userTypeIdField: userTypeIdField(state.variant),
    unavailableOperations: lackedOperations(state.variant, state.platform.edition),
  };
}
