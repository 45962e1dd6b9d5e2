import { randomBytes, randomUUID } from 'node:crypto';
import { ALT_MAIL_CHOICES, DEFAULT_MAIL_CHOICES, type MailChoices } from './core/mail/choices.js';

/**
 * REFERENCE_VARIANT: the reference server's choices wherever the spec and default-binding leave
 * room. `default` follows the binding's examples; `alt` makes other legal choices, so that a
 * suite that only passes its own reference cannot hide behind one reading (issue 2, item 11).
 */
export interface Variant {
  readonly name: 'default' | 'alt';
  /** first id and step of every id sequence (ids are opaque ints; spec §2 gives no range) */
  readonly idStart: number;
  readonly idStep: number;
  /** session keys: 32 upper-case hex (vendor-wire §1) or a GUID */
  newSessionKey(): string;
  /** access and refresh tokens: opaque, or JWT-shaped */
  newAccessToken(): string;
  newRefreshToken(): string;
  /** B2 tolerates extra JSON fields in every response */
  readonly extraFields: boolean;
  /** IdTokenInvalid is listed under 400 and 401 (spec §7.1) */
  readonly idTokenInvalidStatus: 400 | 401;
  /** the attempt that crosses the lockout threshold: its own error is not documented */
  readonly lockingAttemptError: 'AccountLockedOut' | 'InvalidCredentials';
  /** whether /token/challenge hands back new tokens or the ones it was given (B2: either) */
  readonly challengeRotatesTokens: boolean;
  /** envelope around a documented error text (B3 tolerates several) */
  wrapErrorText(text: string): unknown;
  /** order of unrelated list items */
  order<T>(items: T[]): T[];
  /** the messaging choices where spec §2.3/§4.3 are silent (reference/core/mail/choices.ts) */
  readonly mail: MailChoices;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const defaultVariant: Variant = {
  name: 'default',
  idStart: 1001,
  idStep: 1,
  newSessionKey: () => hex(16).toUpperCase(),
  newAccessToken: () => randomBytes(32).toString('base64url'),
  newRefreshToken: () => randomBytes(32).toString('base64url'),
  extraFields: false,
  idTokenInvalidStatus: 401,
  lockingAttemptError: 'AccountLockedOut',
  challengeRotatesTokens: false,
  wrapErrorText: (text) => text,
  order: (items) => items,
  mail: DEFAULT_MAIL_CHOICES,
};

const jwtShaped = () =>
  [Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url'), randomBytes(48).toString('base64url'), hex(32)].join('.');

export const altVariant: Variant = {
  name: 'alt',
  idStart: 7_340_033,
  idStep: 17,
  newSessionKey: () => randomUUID(),
  newAccessToken: jwtShaped,
  newRefreshToken: () => `rt_${hex(24)}`,
  extraFields: true,
  idTokenInvalidStatus: 400,
  lockingAttemptError: 'InvalidCredentials',
  challengeRotatesTokens: true,
  wrapErrorText: (text) => ({ Message: text, Code: 'E' + text.length }),
  order: (items) => [...items].reverse(),
  mail: ALT_MAIL_CHOICES,
};

export function variantNamed(name: string | undefined): Variant {
  if (name === undefined || name === '' || name === 'default') return defaultVariant;
  if (name === 'alt') return altVariant;
  throw new Error(`REFERENCE_VARIANT is "${name}"; set it to default or alt.`);
}
