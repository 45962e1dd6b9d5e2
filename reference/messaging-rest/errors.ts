/** spec §7.2 error texts used by the REST adapter, sent as the body (B3). */
export const MESSAGING_ERRORS = {
  sessionExpired: 'SessionKey Expired',
  unverified: 'User account has not been verified',
  passwordExpired: 'Password expired. User must change their password to use this function',
  invalidCredentials: 'User credentials are invalid.',
  disabled: 'User Disabled',
  lockedOut: 'Too many invalid logon attempts. User automatically disabled',
  notApiUser: 'User is not authorized to use the Web Service API',
  notAuthenticated: 'User could not be authenticated',
} as const;

/** spec §7.2 'GetMIMEMessage' permission text, with its placeholders filled. */
export const noPermission = (sessionKey: string, mid: number) =>
  `The user associated with the SessionKey: ${sessionKey} does not have permission to access MID: ${mid}`;
