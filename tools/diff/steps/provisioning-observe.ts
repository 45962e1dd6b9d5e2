import type { CompanyModel, SecureContactModel } from '../../../contract/provisioning.js';
import { buildCompany } from '../../../generators/company.js';
import { companyName, nameHead } from '../../../generators/company-name.js';
import { shiftDate } from '../../../generators/expiration-date.js';
import type { ProvisioningReply } from '../../../harness/clients/provisioning.js';
import type { DiffSession, Observation } from '../session.js';

/**
 * What the provisioning steps of `diff` build and how they observe an answer (spec §2.4, §4.5,
 * §7.3; vendor-wire §5). Everything a company is made of comes from the sequence's tag (`<run>`
 * in answers), so the two targets' answers compare; the decrypted Data is compared, never the
 * ciphertext.
 */

/** A company this sequence made, with the AutomationIds it has seen for it (oldest first). */
export interface MadeCompany {
  model: CompanyModel;
  automationIds: string[];
}

/** The provisioning family's record of the sequence (DiffSession.kept). */
export interface ProvisioningKept {
  /** numbers the companies the sequence builds: 0, 1, … */
  n: number;
  /** the valid companies made by `provCreate`, which later steps act on (`#0` the newest) */
  made: MadeCompany[];
}

export function kept(s: DiffSession): ProvisioningKept {
  let k = s.kept.get('provisioning') as ProvisioningKept | undefined;
  if (!k) s.kept.set('provisioning', (k = { n: 0, made: [] }));
  return k;
}

/** The k-th newest company made, if any. */
export function madeAt(s: DiffSession, k: number): MadeCompany | undefined {
  const { made } = kept(s);
  return made.length === 0 ? undefined : made[made.length - 1 - (k % made.length)];
}

/**
 * A valid CompanyModel (generators/company.ts) whose every field derives from the tag and n: its
 * name's head (spec §8: the first 8 characters, unique among cobranded portals) is replaced in
 * answers, the tag is `<run>`. The plain user type, and the secure-contact type with 2 licenses.
 */
export function companyOf(s: DiffSession, n: number, overrides: Partial<CompanyModel> = {}): CompanyModel {
  const p = s.profile.provisioning!;
  s.norm.word(nameHead(s.tag, n), '<head>');
  const userTypes = [
    ...(p.userTypeCode ? [{ UserTypeCode: p.userTypeCode, LicenseQuantity: 5 }] : []),
    ...(p.secureContactUserTypeCode ? [{ UserTypeCode: p.secureContactUserTypeCode, LicenseQuantity: 2 }] : []),
  ];
  return buildCompany(
    { prefix: s.tag, n, seed: 19, today: new Date(), userTypes },
    {
      CompanyName: companyName(s.tag, n, `Diff Company ${n}`),
      ExpirationDate: shiftDate(new Date(), 400),
      Admin: { Email: `admin${n}.${s.tag}@example.com`, FirstName: 'Dana', LastName: 'Differ', PhoneNumber: '555-0100' },
      ...overrides,
    },
  );
}

/** spec §2.4 SecureContactModel of the profile's secure-contact user type (undefined without one). */
export function contactOf(s: DiffSession, n: number, email = `contact${n}.${s.tag}@example.com`): SecureContactModel | undefined {
  const code = s.profile.provisioning?.secureContactUserTypeCode;
  return code ? { DisplayName: 'Casey Contact', Email: email, UserTypeCode: code } : undefined;
}

/** spec §2.4 CobrandModel: a portal URL and a hex colour. */
export const cobrandOf = (s: DiffSession, n: number, color = '#1A2B3C') => ({ Color: color, Url: `https://${s.tag}${n}.portal.example.com` });

/**
 * The form of a value the server chooses (a TransactionId, an AutomationId): the value goes, the
 * form stays (clarification DF1), since the form is a catalogued silence (response-model,
 * automation-id-format).
 */
export function formOf(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return '<number>';
  if (typeof v !== 'string') return `<${typeof v}>`;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return '<guid>';
  if (/^\d+$/.test(v)) return '<digits>';
  if (/^[0-9a-f]+$/i.test(v)) return `<hex ${v.length}>`;
  return '<text>';
}

/** Decrypted Data as compared: AutomationIds by their form, keys as secrets, the rest normalised. */
function dataOf(s: DiffSession, data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return s.norm.value(data);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (k === 'AutomationId') out[k] = formOf(v);
    else if (/key$/i.test(k) && typeof v === 'string' && v !== '') {
      // spec §2.4 ApiEncryptionKey: a secret, never compared or shown
      s.redact.learn(v);
      s.norm.word(v, '<secret>');
      out[k] = '<secret>';
    } else out[k] = s.norm.value(v, k);
  }
  return out;
}

/**
 * A provisioning answer as compared (spec §2.4 ResponseModel, whose fields the spec does not
 * show; B5): the status, the Errors as sent (codes or names: response-model; sorted, the spec
 * gives them no order), the TransactionId's form, and the decrypted Data. The response IV and
 * Hash are compared by what they are, never by value (clarification DP1, silence
 * response-crypto): the request's IV echoed or another, an HMAC-SHA512 of the plaintext or not.
 */
export function observeReply(s: DiffSession, step: string, reply: ProvisioningReply): Observation {
  const { res, model } = reply;
  if (!model) return s.observe(step, res);
  const { TransactionId, Errors, IV, Data, Hash, ...rest } = model;
  const body: Record<string, unknown> = {
    TransactionId: formOf(TransactionId),
    Errors: Errors ? [...Errors].sort() : (Errors ?? null),
    IV: IV ? (IV === reply.requestIv ? '<the request IV>' : '<another IV>') : null,
    Hash: Hash ? (reply.hashVerified ? '<HMAC-SHA512 of the plaintext>' : '<another hash>') : null,
    Data: reply.data !== undefined ? dataOf(s, reply.data) : Data ? '<Data that does not decrypt to JSON>' : null,
    ...(s.norm.value(rest) as Record<string, unknown>),
  };
  return { step, status: res.status, type: res.mediaType, body };
}

/** spec §4.5 / B5: a request carried out (HTTP 200-299, a ResponseModel without Errors). */
export const accepted = (r: ProvisioningReply): boolean => r.res.status < 300 && !!r.model && r.errors.length === 0 && r.unrecognized.length === 0;
