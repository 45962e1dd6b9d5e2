import { z } from 'zod';

/**
 * The target profile (default-binding B8): what the suite needs to know about a target that the
 * spec leaves to the deployment. Every key is documented in .env.example and
 * docs/INTERPRETING.md; a wrong value is refused with a sentence that names the key.
 */

export const EDITIONS = ['securemail', 'direct'] as const;
export type Edition = (typeof EDITIONS)[number];

/** The specs/ folder names; summary.json reports each rule under one of these. */
export const INTERFACES = [
  'token',
  'admin',
  'messaging-rest',
  'messaging-soap',
  'provisioning',
  'directory',
  'smtp',
] as const;
export type InterfaceName = (typeof INTERFACES)[number];

const url = z.url({ protocol: /^https?$/ });

export const AccountSchema = z.object({
  /** user name or e-mail accepted as client_id (spec §2.1) and UserIdOrEmail (§2.3) */
  username: z.string().min(1),
  email: z.email(),
  password: z.string().min(1),
});
export type Account = z.infer<typeof AccountSchema>;

export const TotpAccountSchema = AccountSchema.extend({
  /** base32 RFC 6238 secret of the authenticator app (B2) */
  totpSecret: z.string().regex(/^[A-Z2-7]+=*$/i, 'a base32 string'),
});
export type TotpAccount = z.infer<typeof TotpAccountSchema>;

export const AccountsSchema = z.object({
  /** two users of one company (B8) */
  primary: AccountSchema.optional(),
  peer: AccountSchema.optional(),
  /** a user of another company (B8) */
  outsider: AccountSchema.optional(),
  /** MFA by authenticator app (spec §5.3) */
  mfaTotp: TotpAccountSchema.optional(),
  /** MFA by e-mail (spec §5.3); its one-time password arrives in its own inbox (B2) */
  mfaEmail: AccountSchema.optional(),
  disabled: AccountSchema.optional(),
  unverified: AccountSchema.optional(),
  expiredPassword: AccountSchema.optional(),
  ipRestricted: AccountSchema.optional(),
  nonApi: AccountSchema.optional(),
  /** accounts the suite may lock out by repeated bad secrets; each run uses up one (§7.1) */
  lockable: z.array(AccountSchema).optional(),
});
export type Accounts = z.infer<typeof AccountsSchema>;
export type AccountRole = Exclude<keyof Accounts, 'lockable'>;

export const IdentityProviderSchema = z.object({
  /** resource_type designating the external identity provider (B2) */
  resourceType: z.string().min(1).default('OpenIdConnect'),
  /** HS256 secret the test identity provider signs codes with (B2) */
  jwtSecret: z.string().min(1),
  /** company id for auto-provisioned users (spec §4.1) */
  autoProvisionCompanyId: z.number().int().optional(),
});

export const AdminCredentialsSchema = z.object({
  automationId: z.string().min(1),
  encryptionKey: z.string().min(1),
  email: z.email(),
});

export const ProvisioningCredentialsSchema = z.object({
  userName: z.string().min(1),
  platformCode: z.string().min(1),
  /** base64 provisioner key (AES-256 and HMAC-SHA512 key, vendor-wire §5) */
  key: z.string().min(1),
  email: z.email(),
});

export const UrlsSchema = z.object({
  token: url.optional(),
  admin: url.optional(),
  messagingRest: url.optional(),
  messagingSoap: url.optional(),
  provisioning: url.optional(),
  directory: url.optional(),
});

export const TokenChoicesSchema = z.object({
  /** scheme word of the Authorization header (spec §5.1 'not shown'; B2 default Bearer) */
  scheme: z.string().min(1).default('Bearer'),
  /** bad secrets that lock an account (spec §7.1 names the error, not the count) */
  lockoutThreshold: z.number().int().min(1).max(100).default(5),
  /** whether the access token is accepted on the messaging REST interface (B2) */
  bearerOnMessaging: z.boolean().default(true),
  /** where e-mailed one-time passwords can be read: the user's inbox (B2) or nowhere */
  emailOtpSource: z.enum(['inbox', 'none']).default('inbox'),
});

export const ProfileSchema = z.object({
  baseUrl: url,
  edition: z.enum(EDITIONS).default('securemail'),
  release: z.string().regex(/^\d+\.\d+$/, 'a release number such as 5.36').default('5.36'),
  /** {soap_namespace} of spec §4.4 (B4) */
  soapNamespace: z.string().min(1).default('https://ssl.certifiedmail.com/CMv4'),
  /** which interfaces the target offers */
  interfaces: z.array(z.enum(INTERFACES)).default([...INTERFACES]),
  urls: UrlsSchema.default({}),
  accounts: AccountsSchema.default({}),
  /** company ids of the primary and outsider accounts, where known */
  companies: z.object({ primary: z.number().int().optional(), outsider: z.number().int().optional() }).default({}),
  identityProvider: IdentityProviderSchema.optional(),
  admin: AdminCredentialsSchema.optional(),
  provisioning: ProvisioningCredentialsSchema.optional(),
  token: TokenChoicesSchema.default({ scheme: 'Bearer', lockoutThreshold: 5, bearerOnMessaging: true, emailOtpSource: 'inbox' }),
  /** session-key lifetime, declared only when short enough to test (spec §8 'not shown') */
  sessionKeyLifetimeSeconds: z.number().int().positive().optional(),
  /** free-form description shown in the report */
  description: z.string().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export type ProfileInput = z.input<typeof ProfileSchema>;

/** Keys whose values are secrets wherever they appear: never written to a report. */
export const SECRET_KEY = /pass(word)?$|secret|^key$|encryptionkey|token$|^otp$|sessionkey|^authorization$|^x-session-key$/i;

/** Every secret value in a profile, for redaction and for the report leak check. */
export function profileSecrets(profile: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (SECRET_KEY.test(key) && value.length > 0) found.push(value);
    } else if (Array.isArray(value)) {
      value.forEach((v) => walk(v, key));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(profile, '');
  return found;
}
