import { randomBytes, randomUUID } from 'node:crypto';
import type { AxisReader } from './axes/axis.js';
import type { CredentialShapes } from './core/readings.js';
import { ERROR_ENVELOPE, EXTRA_FIELDS, LIST_ORDER, SESSION_KEY_FORMAT, TOKEN_FORMAT } from './axes/common.js';

/** What the common axes mean in bytes: the helpers every interface module shapes answers with. */

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const jwtShaped = () =>
  [Buffer.from('{"alg":"RS256","typ":"JWT"}').toString('base64url'), randomBytes(48).toString('base64url'), hex(32)].join('.');

/**
 * The shapes of the credentials the core issues, read once: a session key of 32 upper-case hex
 * characters (vendor-wire §1) or a GUID; tokens opaque or JWT-shaped (spec §2.1 'not shown').
 */
export function credentialShapes(v: AxisReader): CredentialShapes {
  const guid = v.get(SESSION_KEY_FORMAT) === 'guid';
  const jwt = v.get(TOKEN_FORMAT) === 'jwt-shaped';
  return {
    sessionKey: () => (guid ? randomUUID() : hex(16).toUpperCase()),
    accessToken: () => (jwt ? jwtShaped() : randomBytes(32).toString('base64url')),
    refreshToken: () => (jwt ? `rt_${hex(24)}` : randomBytes(32).toString('base64url')),
  };
}

/** B2/B3: fields a client must ignore, added to a response object when the variant says so. */
export function withExtraFields<T extends object>(v: AxisReader, body: T, extra: Record<string, unknown> = { ServerRelease: 'reference-variant' }): T {
  return v.get(EXTRA_FIELDS) ? { ...body, ...extra } : body;
}

/** The order of unrelated list items (never documented). */
export function ordered<T>(v: AxisReader, items: readonly T[], idOf?: (item: T) => number): T[] {
  switch (v.get(LIST_ORDER)) {
    case 'reversed':
      return [...items].reverse();
    case 'by-id-descending':
      return idOf ? [...items].sort((a, b) => idOf(b) - idOf(a)) : [...items].reverse();
    default:
      return [...items];
  }
}

/** B3: a documented error text in one of the envelopes the binding tolerates. */
export type ErrorBody = { kind: 'json'; body: unknown } | { kind: 'text'; body: string };

export function errorEnvelope(v: AxisReader, text: string): ErrorBody {
  switch (v.get(ERROR_ENVELOPE)) {
    case 'message-object':
      return { kind: 'json', body: { Message: text } };
    case 'error-object':
      return { kind: 'json', body: { error: text } };
    case 'plain-text':
      return { kind: 'text', body: text };
    default:
      return { kind: 'json', body: text };
  }
}
