import { newKey } from '../../contract/wire/envelope-crypto.js';
import type { ProfileInput } from '../../contract/profile.js';
import type { ReferenceState } from '../state.js';
import { AUTO_SENDER_DOMAINS, COMPANY_IN_RESPONSE, COMPANY_TYPE, SECURE_CONTACTS_COUNT } from '../axes/provisioning.js';
import { COMPANY_TYPE_FIELD } from './routes.js';

/**
 * A provisioning account for the suite (B8): a fresh provisioner key every start, one platform
 * it may provision and one it may not, and the user types and company type the reference knows.
 */
export function seedProvisioning(state: ReferenceState): NonNullable<ProfileInput['provisioning']> {
  const account = state.provisioners.add({
    userName: 'reference-provisioner',
    email: 'provisioner@reference.test',
    key: newKey(),
    platforms: ['REF-SECUREMAIL'],
  });
  state.provisioners.add({ userName: 'reference-direct-provisioner', email: 'direct-provisioner@reference.test', key: newKey(), platforms: ['REF-DIRECT'] });
  const userTypes = [...state.companies.userTypes.values()];
  return {
    userName: account.userName,
    platformCode: account.platforms[0]!,
    key: account.key,
    email: account.email,
    otherPlatformCode: 'REF-DIRECT',
    userTypeCode: userTypes.find((t) => !t.secureContact)!.code,
    secureContactUserTypeCode: userTypes.find((t) => t.secureContact)!.code,
    companyType: state.variant.get(COMPANY_TYPE) === 'none' ? undefined : { field: COMPANY_TYPE_FIELD, known: [...state.companies.companyTypes][0]! },
    autoSenderDomains: state.variant.get(AUTO_SENDER_DOMAINS),
    reportsErrorNames: state.readings.provisioning.errorsAsNames,
    companyInResponse: state.variant.get(COMPANY_IN_RESPONSE),
    secureContactsCountAsUsers: state.variant.get(SECURE_CONTACTS_COUNT),
  };
}
