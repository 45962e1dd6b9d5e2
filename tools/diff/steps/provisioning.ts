import fc from 'fast-check';
import type { CompanyModel } from '../../../contract/provisioning.js';
import { buildDomain } from '../../../generators/company.js';
import { companyName, nameHead } from '../../../generators/company-name.js';
import { shiftDate } from '../../../generators/expiration-date.js';
import type { ProvisioningReply } from '../../../harness/clients/provisioning.js';
import type { DiffSession, Observation } from '../session.js';
import { skipped, type StepFamily } from './family.js';
import { accepted, cobrandOf, companyOf, contactOf, kept, madeAt, observeReply } from './provisioning-observe.js';

/**
 * The provisioning interface (spec §3.3, §4.5, §7.3, §8), through the suite's own provisioning
 * client (which seals each request and opens each answer, vendor-wire §5): create a company,
 * update, cancel it, read and renew its keys, and requests the spec has a name for refusing or
 * where it leaves the answer to the server (contract/silences/provisioning.ts). Companies are
 * named from the newest (`#0`), like the mailbox's items; every company a step makes is
 * cancelled when the sequence ends.
 */

/** Creates whose answer is a reading of a silence: the date, the address or the cobrand they send. */
type Odd = 'today' | 'one-digit-date' | 'far-date' | 'lenient-email' | 'admin-contact' | 'contact-only';
/** Requests every reading refuses, each with a §7.3 name. */
type Refused = 'reference-id' | 'bad-date' | 'undecryptable';
/** Updates of a made company. */
type Change = 'cobrand' | 'licenses' | 'rename';

export type ProvisioningOp =
  | { kind: 'provCreate' }
  | { kind: 'provCreateOdd'; what: Odd }
  | { kind: 'provRefused'; why: Refused }
  | { kind: 'provUpdate'; k: number; what: Change }
  | { kind: 'provCancel'; k: number }
  /** by the company's ReferenceId, or by the first AutomationId the sequence saw for it */
  | { kind: 'provKeyGet'; k: number; by: 'reference-id' | 'first-automation-id' }
  | { kind: 'provKeyNew'; k: number };

const PROVISION = ['provisioning.Provision'] as const;
const company = fc.nat({ max: 2 });

/** Cancels the company when the sequence ends (spec §2.4 Command Cancel); a company already cancelled may answer CompanyNotFound. */
function cancelAtClose(s: DiffSession, model: CompanyModel): void {
  s.onClose(() => s.clients.provisioning.cancel(model));
}

/** A Create; whatever the target makes is cancelled at the end. */
async function create(s: DiffSession, model: CompanyModel, tweak?: Parameters<DiffSession['clients']['provisioning']['create']>[1]): Promise<ProvisioningReply> {
  const reply = await s.clients.provisioning.create(model, tweak);
  if (accepted(reply)) cancelAtClose(s, model);
  return reply;
}

/** The create of an Odd kind: the field that puts it where the readings part. */
function oddCompany(s: DiffSession, n: number, what: Odd): CompanyModel | undefined {
  const admin = `admin${n}.${s.tag}@example.com`;
  switch (what) {
    // P7: today is not past, or is
    case 'today':
      return companyOf(s, n, { ExpirationDate: shiftDate(new Date(), 0) });
    // P7: 'mm/dd' with one-digit fields, a year ahead (lenient input: the third reading takes it)
    case 'one-digit-date':
      return companyOf(s, n, { ExpirationDate: `1/5/${new Date().getUTCFullYear() + 2}` });
    // P8: past the end of SQL smalldatetime (06/06/2079)
    case 'far-date':
      return companyOf(s, n, { ExpirationDate: '01/15/2080' });
    // P16: a leading dot is no RFC 5322 dot-atom, but a lenient validator's x@y.z
    case 'lenient-email':
      return companyOf(s, n, { Admin: { Email: `.${admin}`, FirstName: 'Dana', LastName: 'Differ' } });
    // P6: the administrator's own address as a SecureContact ('in the administrative role')
    case 'admin-contact': {
      const contact = contactOf(s, n, admin);
      return contact && companyOf(s, n, { Cobrand: { ...cobrandOf(s, n), SecureContacts: contact } });
    }
    // P3: a SecureContact in a Cobrand without Url and Color
    case 'contact-only': {
      const contact = contactOf(s, n);
      return contact && companyOf(s, n, { Cobrand: { SecureContacts: contact } as CompanyModel['Cobrand'] });
    }
  }
}

async function refused(s: DiffSession, why: Refused, step: string): Promise<Observation> {
  const n = kept(s).n++;
  switch (why) {
    // spec §7.3 ReferenceIdAlreadyUsed: a new company with the newest company's ReferenceId
    case 'reference-id': {
      const first = madeAt(s, 0);
      if (!first) return skipped(step);
      return observeReply(s, step, await create(s, companyOf(s, n, { ReferenceId: first.model.ReferenceId })));
    }
    // spec §7.3 InvalidDate: month 13 is no date under any reading
    case 'bad-date':
      return observeReply(s, step, await create(s, companyOf(s, n, { ExpirationDate: '13/45/2031' })));
    // spec §4.5, §7.3 BadCrypto or MalformedJsonString (P9): Data that is not whole AES blocks
    case 'undecryptable':
      return observeReply(s, step, await create(s, companyOf(s, n), { data: Buffer.alloc(20, 7).toString('base64') }));
  }
}

async function update(s: DiffSession, k: number, what: Change, step: string): Promise<Observation> {
  const made = madeAt(s, k);
  const p = s.profile.provisioning!;
  if (!made) return skipped(step);
  const m = made.model;
  switch (what) {
    // P4: a new Color, the Url kept, the SecureContacts left out: kept, or removed
    case 'cobrand': {
      const Url = m.Cobrand?.Url ?? cobrandOf(s, kept(s).n++).Url;
      return observeReply(s, step, await s.clients.provisioning.update({ ...m, Cobrand: { Color: '#3C2B1A', Url } }));
    }
    // P5: the secure-contact type's licenses lowered to 0 below its one contact (as discovery's probe)
    case 'licenses': {
      if (!p.secureContactUserTypeCode || !m.Cobrand) return skipped(step);
      const userTypes = m.UserTypes.map((t) => (t.UserTypeCode === p.secureContactUserTypeCode ? { ...t, LicenseQuantity: 0 } : t));
      return observeReply(s, step, await s.clients.provisioning.update({ ...m, UserTypes: userTypes, Cobrand: { Color: m.Cobrand.Color, Url: m.Cobrand.Url } }));
    }
    // P1: the company's ReferenceId with a new CompanyName: found by ReferenceId, or not found by name
    case 'rename': {
      const n = kept(s).n++;
      s.norm.word(nameHead(s.tag, n), '<head>');
      return observeReply(s, step, await s.clients.provisioning.update({ ...m, CompanyName: companyName(s.tag, n, `Renamed Company ${n}`) }));
    }
  }
}

async function keys(s: DiffSession, op: Extract<ProvisioningOp, { kind: 'provKeyGet' | 'provKeyNew' }>, step: string): Promise<Observation> {
  const made = madeAt(s, op.k);
  if (!made) return skipped(step);
  const ReferenceId = made.model.ReferenceId;
  const provisioning = s.clients.provisioning;
  let reply: ProvisioningReply;
  if (op.kind === 'provKeyNew') reply = await provisioning.newEncryptionKey({ ReferenceId });
  else if (op.by === 'reference-id') reply = await provisioning.getEncryptionKey({ ReferenceId });
  else {
    // P14: the first AutomationId seen, after a New for another one
    const AutomationId = made.automationIds[0];
    if (!AutomationId) return skipped(step);
    reply = await provisioning.getEncryptionKey({ ReferenceId, AutomationId });
  }
  const id = (reply.data as { AutomationId?: unknown } | undefined)?.AutomationId;
  if (accepted(reply) && typeof id === 'string' && !made.automationIds.includes(id)) made.automationIds.push(id);
  return observeReply(s, step, reply);
}

export const PROVISIONING: StepFamily<ProvisioningOp> = {
  operations: {
    provCreate: PROVISION,
    provCreateOdd: PROVISION,
    provRefused: PROVISION,
    provUpdate: PROVISION,
    provCancel: PROVISION,
    provKeyGet: ['provisioning.GetEncryptionKey'],
    provKeyNew: ['provisioning.NewEncryptionKey'],
  },
  // light weights: the mailbox moves dominate random sequences; the canonical part reaches every reading
  steps: [
    [1, fc.constant({ kind: 'provCreate' })],
    [
      1,
      fc.oneof(
        fc.constantFrom<Odd>('today', 'one-digit-date', 'far-date', 'lenient-email', 'admin-contact', 'contact-only').map((what) => ({ kind: 'provCreateOdd' as const, what })),
        fc.constantFrom<Refused>('reference-id', 'bad-date', 'undecryptable').map((why) => ({ kind: 'provRefused' as const, why })),
        fc.tuple(company, fc.constantFrom<Change>('cobrand', 'licenses', 'rename')).map(([k, what]) => ({ kind: 'provUpdate' as const, k, what })),
        company.map((k) => ({ kind: 'provCancel' as const, k })),
        fc.tuple(company, fc.constantFrom('reference-id' as const, 'first-automation-id' as const)).map(([k, by]) => ({ kind: 'provKeyGet' as const, k, by })),
        company.map((k) => ({ kind: 'provKeyNew' as const, k })),
      ),
    ],
  ],
  // one or two steps per reading of the provisioning silences, on one company made first
  canonical: [
    { kind: 'provCreate' },
    { kind: 'provRefused', why: 'reference-id' },
    { kind: 'provRefused', why: 'undecryptable' },
    { kind: 'provCreateOdd', what: 'today' },
    { kind: 'provCreateOdd', what: 'one-digit-date' },
    { kind: 'provCreateOdd', what: 'far-date' },
    { kind: 'provCreateOdd', what: 'lenient-email' },
    { kind: 'provCreateOdd', what: 'admin-contact' },
    { kind: 'provCreateOdd', what: 'contact-only' },
    { kind: 'provUpdate', k: 0, what: 'cobrand' },
    { kind: 'provUpdate', k: 0, what: 'licenses' },
    { kind: 'provUpdate', k: 0, what: 'rename' },
    { kind: 'provKeyGet', k: 0, by: 'reference-id' },
    { kind: 'provKeyNew', k: 0 },
    { kind: 'provKeyGet', k: 0, by: 'first-automation-id' },
    { kind: 'provCancel', k: 0 },
    { kind: 'provCancel', k: 0 },
  ],
  async run(s, op, step) {
    if (!s.profile.provisioning) return skipped(step);
    switch (op.kind) {
      case 'provCreate': {
        const st = kept(s);
        const n = st.n++;
        // a company with an AutoSenderDomain (P12) and a cobrand whose SecureContacts are a list (P2)
        const contact = contactOf(s, n);
        const model = companyOf(s, n, { AutoSenderDomains: [buildDomain(s.tag, n)], ...(contact ? { Cobrand: { ...cobrandOf(s, n), SecureContacts: [contact] as unknown as typeof contact } } : {}) });
        const reply = await create(s, model);
        if (accepted(reply)) st.made.push({ model, automationIds: [] });
        return observeReply(s, step, reply);
      }
      case 'provCreateOdd': {
        const model = oddCompany(s, kept(s).n++, op.what);
        return model ? observeReply(s, step, await create(s, model)) : skipped(step);
      }
      case 'provRefused':
        return refused(s, op.why, step);
      case 'provUpdate':
        return update(s, op.k, op.what, step);
      case 'provCancel': {
        const made = madeAt(s, op.k);
        return made ? observeReply(s, step, await s.clients.provisioning.cancel(made.model)) : skipped(step);
      }
      case 'provKeyGet':
      case 'provKeyNew':
        return keys(s, op, step);
    }
  },
};
