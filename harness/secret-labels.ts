import { SECRET_KEY } from '../contract/profile.js';

/**
 * What a secret is and whose, so the placeholder that stands for it in the evidence names it
 * (`[redacted: password of primary]`, `$SMS_PRIMARY_PASSWORD` in a curl line) and the exchange
 * that carries it names its actor: the profile account or party whose credential made the call.
 */
export interface SecretLabel {
  /** the field it came from: password, SessionKey, access_token, encryptionKey… */
  what: string;
  /** the profile account or party it belongs to: primary, lockable[0], admin, provisioning… */
  owner?: string;
  /** where the vendor finds its value: a profile key, or the answer that handed it out */
  source?: string;
}

/** A value that names an owner without being secret: a profile account's user name or e-mail, a party's user name. */
const IDENTIFIER_KEY = /^(username|userName|email|automationId)$/;

/** The parts of a profile path that only group owners (accounts.primary → primary). */
const GROUPING = new Set(['accounts', 'messaging']);

export interface ProfileCredentials {
  secrets: Array<{ value: string; label: SecretLabel }>;
  identifiers: Array<{ value: string; owner: string }>;
}

/** Every secret of a profile with what it is and whose, and the identifiers that name an owner. */
export function profileCredentials(profile: unknown): ProfileCredentials {
  const out: ProfileCredentials = { secrets: [], identifiers: [] };
  const walk = (value: unknown, path: Array<string | number>): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    else if (typeof value === 'string' && value.length > 0) {
      const key = String(path[path.length - 1] ?? '');
      const owner = ownerOf(path.slice(0, -1));
      if (SECRET_KEY.test(key)) out.secrets.push({ value, label: { what: key, owner, source: `profile ${pathText(path)}` } });
      else if (IDENTIFIER_KEY.test(key) && owner) out.identifiers.push({ value, owner });
    }
  };
  walk(profile, []);
  return out;
}

/** ['accounts', 'lockable', 0] → 'lockable[0]'; ['admin'] → 'admin'; [] → undefined. */
function ownerOf(path: Array<string | number>): string | undefined {
  const rest = path.length > 1 && GROUPING.has(String(path[0])) ? path.slice(1) : path;
  return rest.length ? pathText(rest) : undefined;
}

const pathText = (path: Array<string | number>) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${p}`)).join('');

/** The words a placeholder shows: "password of primary". */
export const labelWords = (l: SecretLabel) => (l.owner ? `${l.what} of ${l.owner}` : l.what);

/** A shell variable for a label: SMS_PRIMARY_PASSWORD, SMS_LOCKABLE_0_PASSWORD, SMS_SESSIONKEY. */
export const labelVariable = (l: SecretLabel) =>
  `SMS_${[l.owner, l.what]
    .filter(Boolean)
    .join('_')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase()}`;
