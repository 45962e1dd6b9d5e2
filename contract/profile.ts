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

import { AccountsSchema } from './profile-accounts.js';
import {
  AdminCredentialsSchema,
  DirectoryChoicesSchema,
  IdentityProviderSchema,
  LimitsSchema,
  MessagingChoicesSchema,
  ProvisioningCredentialsSchema,
  SmtpGatewaySchema,
  TokenChoicesSchema,
  UrlsSchema,
} from './profile-blocks.js';

export * from './profile-accounts.js';
export * from './profile-blocks.js';


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
  /** the SMTP gateway's host and port (B1, B7) and what its rules need */
  smtp: SmtpGatewaySchema.optional(),
  /** directory fixtures (spec §4.6, B6) */
  directory: DirectoryChoicesSchema.prefault({}),
  token: TokenChoicesSchema.default({ scheme: 'Bearer', lockoutThreshold: 5, bearerOnMessaging: true, emailOtpSource: 'inbox' }),
  /** messaging REST and SOAP fixtures and choices */
  messaging: MessagingChoicesSchema.prefault({}),
  /** request concurrency, rate and size limits (docs/INTERPRETING.md, limits) */
  limits: LimitsSchema.prefault({}),
  /** free-form description shown in the report */
  description: z.string().optional(),
  /** the address of the interface spec; report section links go to `<specUrl>#7.1`, or replace `{section}` in it */
  specUrl: url.optional(),
  /** an expectations file for this target (known, accepted deviations; docs/INTERPRETING.md) */
  expectations: z.string().min(1).optional(),
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
