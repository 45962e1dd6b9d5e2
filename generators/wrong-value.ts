import { randomBytes, randomInt } from 'node:crypto';

/**
 * The one home of values the suite makes up to be wrong: a wrong client_secret or password, a
 * forged token, a one-time password that is not the current one, a key that is not the company's.
 * Such a value is no secret: RuleContext.wrong() registers it with the rule's redactor as
 * deliberate, so the evidence shows it in clear, marked `(deliberately wrong)`.
 *
 * Made up from nothing, never derived from a right value: `${password}-wrong` carries the
 * password inside it, and a TOTP code of another hour is a real code of that hour.
 */
export type WrongShape =
  /** `wrong-` and 8 hex digits: a password, a client secret, a token */
  | { kind: 'text' }
  /** `length` decimal digits that are none of `avoid` (a one-time password that is not a valid one) */
  | { kind: 'digits'; length: number; avoid?: ReadonlySet<string> }
  /** base64 of 32 random bytes: an AES-256 / HMAC-SHA512 key that is not the company's */
  | { kind: 'key' };

export function madeUpWrong(shape: WrongShape = { kind: 'text' }): string {
  switch (shape.kind) {
    case 'digits':
      for (;;) {
        const value = String(randomInt(10 ** shape.length)).padStart(shape.length, '0');
        if (!shape.avoid?.has(value)) return value;
      }
    case 'key':
      return randomBytes(32).toString('base64');
    default:
      return `wrong-${randomBytes(4).toString('hex')}`;
  }
}
