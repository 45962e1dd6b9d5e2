import { z } from 'zod';

/** The accounts a target profile hands the suite (default-binding B8). */

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
