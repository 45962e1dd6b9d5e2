import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The vendor's encrypted payload (vendor-wire §3.1 and §5; B3, B5): AES-256-CBC with PKCS#7
 * padding over the UTF-8 plaintext, a random 16-byte IV, and HMAC-SHA512 of the PLAINTEXT, all
 * keyed by one pre-shared base64 key of 32 bytes (the provisioner key for provisioning, the
 * company EncryptionKey for the administration Get a session key). Every value on the wire is
 * base64. Shared by the suite's clients and the reference server.
 */
export interface Envelope {
  /** base64 of the 16-byte IV */
  iv: string;
  /** base64 of the ciphertext */
  data: string;
  /** base64 of HMAC-SHA512(key, plaintext) */
  hash: string;
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes standard base64 strictly (Buffer.from silently skips bad characters). */
export function decodeBase64(text: string, what: string): Buffer {
  if (typeof text !== 'string' || !STRICT_BASE64.test(text)) throw new EnvelopeError(`${what} is not base64`);
  return Buffer.from(text, 'base64');
}

function keyBytes(keyB64: string): Buffer {
  const key = decodeBase64(keyB64, 'the key');
  if (key.length !== 32) throw new EnvelopeError(`the key decodes to ${key.length} bytes, not 32 (AES-256)`);
  return key;
}

/** A fresh key in the vendor's form: base64 of 32 random bytes. */
export function newKey(): string {
  return randomBytes(32).toString('base64');
}

export function hmac(keyB64: string, plaintext: string | Buffer): string {
  return createHmac('sha512', keyBytes(keyB64)).update(plaintext).digest('base64');
}

/** Encrypts and hashes `plaintext`; `iv` may be fixed for known-answer tests. */
export function encrypt(keyB64: string, plaintext: string, iv: Buffer = randomBytes(16)): Envelope {
  if (iv.length !== 16) throw new EnvelopeError('the IV must be 16 bytes');
  const cipher = createCipheriv('aes-256-cbc', keyBytes(keyB64), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), data: data.toString('base64'), hash: hmac(keyB64, plaintext) };
}

/** Decrypts `data`; throws EnvelopeError when it is not base64, the IV is wrong or padding fails. */
export function decrypt(keyB64: string, ivB64: string, dataB64: string): string {
  const iv = decodeBase64(ivB64, 'the IV');
  if (iv.length !== 16) throw new EnvelopeError(`the IV decodes to ${iv.length} bytes, not 16`);
  const data = decodeBase64(dataB64, 'the data');
  if (data.length === 0 || data.length % 16 !== 0) throw new EnvelopeError('the data is not a whole number of AES blocks');
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyBytes(keyB64), iv);
    const plain = Buffer.concat([decipher.update(data), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (e) {
    if (e instanceof EnvelopeError) throw e;
    throw new EnvelopeError('the data does not decrypt with this key and IV');
  }
}

/** Whether `hashB64` is HMAC-SHA512(key, plaintext), compared in constant time. */
export function verify(keyB64: string, plaintext: string | Buffer, hashB64: string): boolean {
  let given: Buffer;
  try {
    given = decodeBase64(hashB64, 'the hash');
  } catch {
    return false;
  }
  const expected = Buffer.from(hmac(keyB64, plaintext), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Opened = { ok: true; plaintext: string } | { ok: false; reason: 'undecryptable' | 'hash-mismatch'; detail: string };

/** Decrypts and checks the hash over the plaintext: the receiving side of the envelope. */
export function open(keyB64: string, envelope: Envelope): Opened {
  let plaintext: string;
  try {
    plaintext = decrypt(keyB64, envelope.iv, envelope.data);
  } catch (e) {
    return { ok: false, reason: 'undecryptable', detail: (e as Error).message };
  }
  if (!verify(keyB64, plaintext, envelope.hash)) return { ok: false, reason: 'hash-mismatch', detail: 'the hash is not HMAC-SHA512 of the plaintext' };
  return { ok: true, plaintext };
}
