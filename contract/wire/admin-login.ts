import { encrypt, open, type Envelope } from './envelope-crypto.js';

/**
 * The administration *Get a session key* payload (spec §4.2, §5 rule 5; vendor-wire §3.1; B3):
 * the LoginModel JSON, AES-256-CBC encrypted under the company EncryptionKey, HMAC-SHA512 of
 * the plaintext in X-Hash, the IV in X-Iv, the AutomationId in X-Company-Automation-Id. Shared
 * by the suite's admin client and the reference server.
 */
export interface LoginIdentity {
  Email?: string;
  UserId?: string;
  SingleSignOnId?: string;
}

/** The two TimeStamp forms the vendor's clients send (vendor-wire §3.1): ISO-8601, or `MM/dd/yyyy hh:mm:ss a` in UTC. */
export const TIMESTAMP_FORMATS = ['iso', 'us'] as const;
export type TimeStampFormat = (typeof TIMESTAMP_FORMATS)[number];

const two = (n: number) => String(n).padStart(2, '0');

export function formatTimeStamp(at: Date, format: TimeStampFormat): string {
  if (format === 'iso') return at.toISOString();
  const h = at.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}/${at.getUTCFullYear()} ${two(h12)}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

const US = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?(Z|[+-]\d{2}:\d{2})?$/;

/** Reads a TimeStamp in one of `accepted` forms (UTC where no zone is given); undefined when it is in none. */
export function parseTimeStamp(value: unknown, accepted: readonly TimeStampFormat[] = TIMESTAMP_FORMATS): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (accepted.includes('iso') && ISO.test(text)) {
    const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`;
    // .NET writes seven fraction digits; Date reads three
    const at = new Date(zoned.replace(/(\.\d{3})\d+/, '$1'));
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  const m = accepted.includes('us') ? US.exec(text) : null;
  if (!m) return undefined;
  const [, mo, d, y, hh, mi, ss, ap] = m;
  const hour = (Number(hh) % 12) + (ap!.toUpperCase() === 'PM' ? 12 : 0);
  if (Number(hh) < 1 || Number(hh) > 12) return undefined;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(ss)));
  return at.getUTCMonth() === Number(mo) - 1 && at.getUTCDate() === Number(d) ? at : undefined;
}

export interface SealedLogin {
  /** the request body: the base64 ciphertext as a JSON string literal (vendor-wire §3.1 step 5) */
  body: string;
  headers: Record<string, string>;
  /** the plaintext JSON, for redaction only */
  plaintext: string;
  envelope: Envelope;
}

/** Builds the Get a session key request for `identity` (vendor-wire §3.1 steps 1-6). */
export function sealLogin(automationId: string, encryptionKey: string, identity: LoginIdentity, timeStamp: string): SealedLogin {
  const plaintext = JSON.stringify({ Identity: identity, IpAddress: null, TimeStamp: timeStamp });
  const envelope = encrypt(encryptionKey, plaintext);
  const headers: Record<string, string> = {
    'x-company-automation-id': automationId,
    'x-iv': envelope.iv,
    'x-hash': envelope.hash,
  };
  // the clear headers only mirror the encrypted identity (CS-ADMIN sends X-Email alone): a value
  // an HTTP field cannot carry as text (RFC 9110 §5.5: visible ASCII) travels in the payload only
  const mirror = (name: string, value: string | undefined) => {
    if (value && /^[\x20-\x7e]*$/.test(value)) headers[name] = value;
  };
  mirror('x-email', identity.Email);
  mirror('x-user-id', identity.UserId);
  mirror('x-single-sign-on-id', identity.SingleSignOnId);
  return { body: JSON.stringify(envelope.data), headers, plaintext, envelope };
}

/** The receiving side: the body (JSON string literal or bare base64) decrypted and its hash checked. */
export function openLogin(encryptionKey: string, body: string, iv: string, hash: string): ReturnType<typeof open> {
  return open(encryptionKey, { iv, data: loginData(body), hash });
}

/** The base64 ciphertext of a Get a session key body: a JSON string literal, or bare (DMWEB-CS 3.5). */
export function loginData(body: string): string {
  const data = body.trim();
  if (!data.startsWith('"')) return data;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'string' ? parsed : '';
  } catch {
    return '';
  }
}
