import type { TokenErrorName } from '../../contract/token.js';

/** spec §7.1 descriptions, sent as error_description (B2). */
export const DESCRIPTIONS: Record<TokenErrorName, string> = {
  InvalidGrantType: 'Invalid grant type',
  InvalidResourceType: 'Invalid resource type',
  InvalidRequest: 'The request is invalid',
  IdTokenInvalid: 'Invalid id token',
  InvalidCredentials: 'Invalid credentials',
  AccountUnverified: 'User account has not been verified',
  IpRestriction: "The user's current IP address is not permitted",
  PasswordExpired: 'The user must change the password',
  AccountDisabled: 'Account is disabled',
  AccountLockedOut: 'Too many invalid login attempts; the account has been disabled',
  RefreshTokenInvalid: 'Refresh token invalid or expired',
  MFARequired: 'MFA required',
};

export const STRING_FIELDS = ['grant_type', 'scope', 'client_id', 'client_secret', 'refresh_token', 'code', 'resource_type', 'otp', 'mfa_method', 'user_token', 'mfa_token'];

export type Body = Record<string, unknown>;

/** A token-endpoint refusal: status and spec §7.1 name (extra fields for MFARequired, B2). */
export class TokenError {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly error: TokenErrorName,
    readonly extra: Record<string, string> = {},
  ) {}
}

export const str = (body: Body, field: string): string => (typeof body[field] === 'string' ? (body[field] as string) : '');
