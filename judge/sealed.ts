import { decrypt, open } from '../contract/wire/envelope-crypto.js';
import type { Observed } from './exchange.js';

/**
 * The provisioning RequestModel's encrypted Data (spec §4.5, §5 rule 8; vendor-wire §5; B5),
 * opened with the provisioner key the judge holds: decrypted with the request's IV and its Hash
 * checked against the plaintext.
 */
export type OpenedRequest =
  | { state: 'no-frame'; why: string }
  | { state: 'no-key' }
  | { state: 'undecryptable'; why: string }
  | { state: 'opened'; plaintext: string; hashOk: boolean; model?: unknown; malformed?: string };

export function openProvisioning(o: Observed, key: string | undefined): OpenedRequest {
  const frame = o.json?.ok ? (o.json.value as Record<string, unknown>) : undefined;
  if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return { state: 'no-frame', why: 'the body is not a JSON RequestModel' };
  const { IV, Data, Hash } = frame;
  if (typeof IV !== 'string' || typeof Data !== 'string') return { state: 'no-frame', why: 'the RequestModel has no IV and Data strings' };
  if (!key) return { state: 'no-key' };
  const opened = open(key, { iv: IV, data: Data, hash: typeof Hash === 'string' ? Hash : '' });
  if (!opened.ok && opened.reason === 'undecryptable') return { state: 'undecryptable', why: opened.detail };
  const plaintext = opened.ok ? opened.plaintext : decrypt(key, IV, Data);
  try {
    return { state: 'opened', plaintext, hashOk: opened.ok, model: JSON.parse(plaintext) as unknown };
  } catch (e) {
    return { state: 'opened', plaintext, hashOk: opened.ok, malformed: (e as Error).message };
  }
}
