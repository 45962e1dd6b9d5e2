import { randomBytes } from 'node:crypto';
import { base32Encode } from '../contract/wire/totp.js';
import type { Account, AccountRole, ProfileInput } from '../contract/profile.js';
import type { ReferenceState } from './state.js';
import type { User } from './core/domain.js';
import { AUTH_SCHEME } from './axes/token.js';
import { seedMessaging } from './messaging-rest/seed.js';
import { seedProvisioning } from './provisioning/seed.js';
import { seedAdmin } from './admin/seed.js';
import { seedSmtp } from './smtp/seed.js';
import { seedDirectory } from './directory/seed.js';

/** Accounts the reference server's generated profile hands to the suite (B8). */
const LOCKABLE_ACCOUNTS = 50;
/** A range loopback clients are never in, so the IP-restricted user is always refused. */
const FOREIGN_RANGE = '203.0.113.0/24';

const secret = () => `Pw-${randomBytes(12).toString('base64url')}`;

/**
 * Seeds one reference instance with fresh companies and users (new random passwords and MFA
 * secrets every start) and returns the matching target profile.
 */
export function seed(state: ReferenceState, baseUrl: string, gateway?: { host: string; port: number }): ProfileInput {
  const { domain } = state;
  const home = domain.addCompany('Reference Home Company');
  const other = domain.addCompany('Reference Other Company');

  const accounts: Partial<Record<AccountRole, Account>> & { lockable: Account[] } = { lockable: [] };
  const make = (name: string, companyId: number, fields: Partial<User> = {}): Account => {
    const account = { username: name, email: `${name}@reference.test`, password: secret() };
    domain.addUser({ companyId, ...account, firstName: name, lastName: 'Reference', ...fields });
    return account;
  };

  accounts.primary = make('primary', home.id);
  accounts.peer = make('peer', home.id);
  accounts.outsider = make('outsider', other.id);
  accounts.disabled = make('disabled', home.id, { disabled: true });
  accounts.unverified = make('unverified', home.id, { verified: false });
  accounts.expiredPassword = make('expired', home.id, { passwordExpired: true });
  accounts.ipRestricted = make('iprestricted', home.id, { allowedIps: [FOREIGN_RANGE] });
  accounts.nonApi = make('nonapi', home.id, { apiEnabled: false });
  accounts.mfaEmail = make('mfaemail', home.id, { mfa: { method: 'Email' } });
  const totpSecret = base32Encode(randomBytes(20));
  const mfaTotp = make('mfatotp', home.id, { mfa: { method: 'Auth', totpSecret } });
  for (let i = 1; i <= LOCKABLE_ACCOUNTS; i++) accounts.lockable.push(make(`lockable${i}`, home.id));

  return {
    baseUrl,
    edition: state.platform.edition,
    release: state.platform.release,
    // messaging-soap is listed whatever the release: where spec §9 withdraws it, its rules say so
    interfaces: ['token', 'admin', 'messaging-rest', 'messaging-soap', 'provisioning', 'directory', ...(gateway ? (['smtp'] as const) : [])],
    accounts: { ...accounts, mfaTotp: { ...mfaTotp, totpSecret } },
    companies: { primary: home.id, outsider: other.id },
    identityProvider: { ...state.identityProvider, autoProvisionCompanyId: home.id },
    token: { scheme: state.variant.get(AUTH_SCHEME), lockoutThreshold: domain.lockoutThreshold, bearerOnMessaging: true, emailOtpSource: 'inbox' },
    admin: seedAdmin(state, home.id),
    provisioning: seedProvisioning(state),
    messaging: seedMessaging(state, home.id, domain.findUser(accounts.primary.username)!),
    ...(gateway ? { smtp: seedSmtp(state, home.id, gateway) } : {}),
    directory: seedDirectory(),
    description: `embedded reference server (variant ${state.variant.describe()})`,
  };
}
