import { createHmac } from 'node:crypto';

/** B2: authenticator-app one-time passwords are RFC 6238 TOTP (SHA-1, 6 digits, 30 s). */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('not a base32 string');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** RFC 4226 HOTP value for one counter. */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return code.toString().padStart(DIGITS, '0');
}

/** RFC 6238 TOTP for a base32 secret at a given time. */
export function totp(base32Secret: string, at: Date = new Date()): string {
  return hotp(base32Decode(base32Secret), Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS));
}

/** Accepts the current step and one step either side, for clock drift (RFC 6238 §5.2). */
export function verifyTotp(base32Secret: string, code: string, at: Date = new Date()): boolean {
  const step = Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
  const secret = base32Decode(base32Secret);
  return [step - 1, step, step + 1].some((s) => hotp(secret, s) === code);
}
