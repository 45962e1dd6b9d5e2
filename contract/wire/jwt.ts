import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * B2: the test identity provider's code is a JWT signed with HS256 (RFC 7519 / RFC 7515),
 * carrying at least `email` and `sub`.
 */
export interface IdTokenClaims {
  email: string;
  sub: string;
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export function signHs256(claims: IdTokenClaims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(signature)}`;
}

/** Returns the claims of a well-signed, unexpired token, or undefined. */
export function verifyHs256(token: string, secret: string, now: Date = new Date()): IdTokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return undefined;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as IdTokenClaims;
    if (typeof claims.email !== 'string' || typeof claims.sub !== 'string') return undefined;
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now.getTime()) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
