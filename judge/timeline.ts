import { decrypt } from '../contract/wire/envelope-crypto.js';
import { descendantsNamed, parseXml } from '../contract/wire/xml.js';
import type { Observed } from './exchange.js';
import type { JudgeSettings } from './settings.js';

/**
 * What the recording shows the service handed out and took back, in order (spec §4.1, §4.2, §5):
 * session keys issued by a log-on and ended by a log-out, access tokens, the MFA tokens of a
 * MFARequired or challenge answer, and company keys answered by a key operation. The sequence
 * rules ask it "was this credential issued before this request? ended before it?".
 */
export interface Timeline {
  /** the seq of the answer that issued the session key, if one did */
  keyIssued(key: string): number | undefined;
  /** the seq of the successful log-out that ended it, if one did */
  keyEnded(key: string): number | undefined;
  tokenIssued(token: string): number | undefined;
  /** the seq of the answer that gave this user_token and mfa_token together */
  mfaIssued(userToken: string, mfaToken: string): number | undefined;
  /** the company keys known for an AutomationId: the given one and any answered since */
  companyKeys(automationId: string): string[];
}

const ok = (o: Observed) => o.x.status !== undefined && o.x.status >= 200 && o.x.status < 300;
const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const field = (v: unknown, name: string) => (v && typeof v === 'object' ? text((v as Record<string, unknown>)[name]) : undefined);

function soapResult(o: Observed, local: string): string | undefined {
  const parsed = parseXml(o.x.answer ?? '');
  return parsed.ok ? text(descendantsNamed(parsed.root, local)[0]?.text.trim()) : undefined;
}

/** The AutomationKeyModel a provisioning key answer carries, decrypted with the provisioner key (B5). */
function provisionedKey(o: Observed, key: string | undefined): { AutomationId?: string; ApiEncryptionKey?: string } | undefined {
  const a = o.answerJson as Record<string, unknown> | undefined;
  if (!key || !a || typeof a.Data !== 'string' || typeof a.IV !== 'string') return undefined;
  try {
    return JSON.parse(decrypt(key, a.IV, a.Data)) as { AutomationId?: string; ApiEncryptionKey?: string };
  } catch {
    return undefined;
  }
}

export function timelineOf(observed: readonly Observed[], settings: JudgeSettings): Timeline {
  const issued = new Map<string, number>();
  const ended = new Map<string, number>();
  const tokens = new Map<string, number>();
  const mfa = new Map<string, number>();
  const keys = new Map<string, Set<string>>(Object.entries(settings.companyKeys).map(([id, k]) => [id, new Set([k])]));
  /** session key → the AutomationId of the log-on that issued it */
  const companyOfKey = new Map<string, string>();
  const learn = (id: string | undefined, key: string | undefined) => {
    if (id && key) keys.set(id, new Set([...(keys.get(id) ?? []), key]));
  };
  const note = <K>(map: Map<K, number>, k: K | undefined, seq: number) => {
    if (k !== undefined && !map.has(k)) map.set(k, seq);
  };
  for (const o of observed) {
    const seq = o.x.seq;
    switch (o.op) {
      case 'messaging-rest.LogOn':
        if (ok(o)) note(issued, field(o.answerJson, 'SessionKey'), seq);
        break;
      case 'messaging-soap.Logon':
        if (o.x.status === 200) note(issued, soapResult(o, 'LogonResult'), seq);
        break;
      case 'admin.GetSessionKey': {
        const key = ok(o) ? text(o.answerJson) : undefined;
        note(issued, key, seq);
        if (key) companyOfKey.set(key, o.x.headers['x-company-automation-id'] ?? '');
        break;
      }
      case 'admin.NewEncryptionKey':
        if (ok(o) && o.key) learn(companyOfKey.get(o.key), text(o.answerJson));
        break;
      case 'provisioning.GetEncryptionKey':
      case 'provisioning.NewEncryptionKey': {
        const model = ok(o) ? provisionedKey(o, settings.provisionerKey) : undefined;
        learn(model?.AutomationId, model?.ApiEncryptionKey);
        break;
      }
      case 'messaging-rest.LogOut':
      case 'messaging-soap.Logout':
        if (ok(o) && o.key) note(ended, o.key, seq);
        break;
      case 'token.Token':
      case 'token.Challenge': {
        const a = o.answerJson;
        if (o.op === 'token.Token' && ok(o)) note(tokens, field(a, 'access_token'), seq);
        const user = field(a, 'user_token');
        const token = field(a, 'mfa_token');
        if (user && token) note(mfa, `${user}\u0000${token}`, seq);
        break;
      }
      default:
        break;
    }
  }
  return {
    keyIssued: (k) => issued.get(k),
    keyEnded: (k) => ended.get(k),
    tokenIssued: (t) => tokens.get(t),
    mfaIssued: (u, m) => mfa.get(`${u}\u0000${m}`),
    companyKeys: (id) => [...(keys.get(id) ?? [])],
  };
}
