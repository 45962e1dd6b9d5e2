import type { AccountRole, InterfaceName, Profile } from '../contract/profile.js';
import type { Need } from './rule.js';

/** Capabilities a rule may need; a missing one makes the rule not applicable, never a fail. */

export const iface = (name: InterfaceName): Need => ({
  feature: `interface:${name}`,
  missing: (p) => (p.interfaces.includes(name) ? undefined : `the profile says the target does not offer the ${name} interface`),
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
    p.token.bearerOnMessaging && p.interfaces.includes('messaging-rest')
      ? undefined
      : 'the profile says the messaging REST interface does not take the access token (token.bearerOnMessaging)',
};
