import { z } from 'zod';

/** spec §2.1: the grant_type values the token endpoint uses. */
export const GRANT_TYPES = ['client_credentials', 'refresh_token', 'authorization_code', 'mfa_otp'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** spec §4.1 table: required fields per grant (company_id only when auto-provisioning). */
export const REQUIRED_FIELDS: Record<GrantType, readonly string[]> = {
  client_credentials: ['client_id', 'client_secret'],
  refresh_token: ['refresh_token'],
  authorization_code: ['code', 'resource_type'],
  mfa_otp: ['mfa_method', 'mfa_token', 'user_token', 'otp'],
};

/** spec §2.1: mfa_method is either Email or Auth. */
export const MFA_METHODS = ['Email', 'Auth'] as const;

/** spec §2.1 token request body; the company id's JSON name is company_id (B2). */
export const TokenRequestSchema = z.object({
  grant_type: z.string(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  refresh_token: z.string().optional(),
  code: z.string().optional(),
  resource_type: z.string().optional(),
  otp: z.string().optional(),
  mfa_method: z.string().optional(),
  user_token: z.string().optional(),
  mfa_token: z.string().optional(),
  company_id: z.number().int().optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** spec §7.1: every error name with the HTTP status(es) it is listed under. */
export const TOKEN_ERRORS = {
  InvalidGrantType: [400],
  InvalidResourceType: [400],
  InvalidRequest: [400],
  IdTokenInvalid: [400, 401],
  InvalidCredentials: [401],
  AccountUnverified: [401],
  IpRestriction: [401],
  PasswordExpired: [401],
  AccountDisabled: [401],
  AccountLockedOut: [401],
  RefreshTokenInvalid: [401],
  MFARequired: [401],
} as const satisfies Record<string, readonly number[]>;
export type TokenErrorName = keyof typeof TOKEN_ERRORS;

/** A §7.1 error name in kebab case, for ids: `MFARequired` → `mfa-required`. */
export const tokenErrorSlug = (name: TokenErrorName): string => (name.match(/[A-Z]+(?![a-z])|[A-Z][a-z]*|\d+/g) ?? [name]).join('-').toLowerCase();

/** The rule observe judges answers naming `name` by (judge/observe/server-checks.ts): its status is one §7.1 lists it under. */
export const tokenTrafficRuleId = (name: TokenErrorName): string => `token.traffic.${tokenErrorSlug(name)}-status`;

/** spec §4.1 'Failure: HTTP 400 or 401 with an error property' (B2 adds error_description). */
export const TokenErrorBodySchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

/**
 * Success body (spec §4.1: 'not shown'). B2: only a non-empty access_token is required;
 * refresh_token is read where present; anything else is tolerated.
 */
export const TokenSuccessBodySchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

/** B2: a MFARequired error also carries the tokens that continue the flow. */
export const MfaRequiredBodySchema = TokenErrorBodySchema.extend({
  error: z.literal('MFARequired'),
  mfa_token: z.string().min(1),
  user_token: z.string().min(1),
});

/** B2: POST /token/challenge answers with the tokens to use in the mfa_otp grant. */
export const ChallengeResponseSchema = z.looseObject({
  mfa_token: z.string().min(1),
  user_token: z.string().min(1),
});

/** spec §4.1: allowed response types. */
export const TOKEN_MEDIA_TYPES = ['application/json', 'text/json'] as const;

/**
 * The §7.1 row that names a bad value of a required field (clarification T8). A missing field
 * is an invalid request (InvalidRequest) or, for these fields, may be named by this row; fields
 * without a row of their own (grant_type aside, the mfa_otp fields) are InvalidRequest only.
 */
export const FIELD_ERRORS: Readonly<Record<string, TokenErrorName>> = {
  client_id: 'InvalidCredentials',
  client_secret: 'InvalidCredentials',
  refresh_token: 'RefreshTokenInvalid',
  code: 'IdTokenInvalid',
  resource_type: 'InvalidResourceType',
};

/** The §7.1 names a request missing `fields` may be refused with (T8): InvalidRequest, or a missing field's own row. */
export function missingFieldErrors(fields: readonly string[]): TokenErrorName[] {
  return ['InvalidRequest', ...new Set(fields.flatMap((f) => (FIELD_ERRORS[f] ? [FIELD_ERRORS[f]] : [])))];
}
