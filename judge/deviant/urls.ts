import type { ProfileInput } from '../../contract/profile.js';
import type { InterfaceName } from '../../contract/profile.js';
import { settingsFromProfile } from '../settings.js';

/** The absolute base of each HTTP interface the profile names (B1). */
export function basesOf(profile: ProfileInput): Record<Exclude<InterfaceName, 'smtp'>, string> {
  const origin = new URL(profile.baseUrl).origin;
  const b = settingsFromProfile(profile).bases;
  return {
    token: `${origin}${b.token}`,
    admin: `${origin}${b.admin}`,
    'messaging-rest': `${origin}${b['messaging-rest']}`,
    'messaging-soap': `${origin}${b['messaging-soap']}`,
    provisioning: `${origin}${b.provisioning}`,
    directory: `${origin}${b.directory}`,
  };
}

/** The directory search of B6: all 14 parameters, empty where unused. */
export const DIRECTORY_PARAMS = ['City', 'Fax', 'FirstName', 'LastName', 'Npi', 'OrganizationName', 'OrganizationNpi', 'OrganizationSpecialty', 'Phone', 'Role', 'Specialty', 'State', 'Street', 'Zip'] as const;

export const searchUrl = (base: string, lastName: string) => `${base}/Search?${DIRECTORY_PARAMS.map((p) => `${p}=${encodeURIComponent(p === 'LastName' ? lastName : '')}`).join('&')}`;
