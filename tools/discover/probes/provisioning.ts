import type { CompanyModel, UserTypeModel } from '../../../contract/provisioning.js';
import { buildCobrand, buildCompany, buildDomain, buildSecureContact } from '../../../generators/company.js';
import { keyOf } from '../../../harness/clients/admin.js';
import type { ProvisioningReply } from '../../../harness/clients/provisioning.js';
import { finder, type DiscoveryContext } from '../context.js';
import type { Finding, Probe } from '../types.js';

const accepted = (r: ProvisioningReply) => r.res.status < 300 && !!r.model && r.errors.length === 0 && r.unrecognized.length === 0;

/** A valid company of discovery's own (generators/company.ts), cancelled at the end if the target makes it. */
function company(ctx: DiscoveryContext, n: number, overrides: Partial<CompanyModel> = {}, userTypes?: UserTypeModel[]): CompanyModel {
  const code = ctx.profile.provisioning?.userTypeCode;
  return buildCompany({ prefix: ctx.prefix, n, seed: 19, today: new Date(), userTypes: userTypes ?? (code ? [{ UserTypeCode: code, LicenseQuantity: 5 }] : []) }, overrides);
}

async function create(ctx: DiscoveryContext, model: CompanyModel): Promise<ProvisioningReply> {
  const reply = await ctx.clients().provisioning.create(model);
  if (accepted(reply)) {
    ctx.onCleanup(`cancel company ${model.CompanyName}`, async () => {
      const cancel = await ctx.clients().provisioning.cancel(model);
      if (!accepted(cancel)) throw new Error(`Cancel answered ${cancel.summary}`);
    });
  }
  return reply;
}

/** spec §2.4 ResponseModel 'not shown' (B5): Errors as the vendor enum's integers, or as names. */
export const provisioningErrors: Probe = {
  name: 'provisioning-errors',
  keys: ['provisioning.reportsErrorNames'],
  async run(ctx) {
    const f = finder(ctx, 'response-model');
    if (!ctx.profile.provisioning) return [f.ambiguous('provisioning.reportsErrorNames', 'every reading', 'the profile has no provisioning account; the default stays', [])];
    // a user type no target knows: refused (spec §7.3 UserTypeNotFound) under every reading, and nothing is made
    const reply = await create(ctx, company(ctx, 0, {}, [{ UserTypeCode: `${ctx.prefix}-NOTYPE`, LicenseQuantity: 1 }]));
    const at = ctx.mark();
    const errors = (reply.model?.Errors ?? []).filter((e) => e !== 0 && e !== 'NoError');
    if (errors.length > 0 && errors.every((e) => typeof e === 'number')) return [f.decided('provisioning.reportsErrorNames', false, 'B5: integer error codes of the vendor enum, GUID TransactionId', `a refused Create answered Errors ${JSON.stringify(errors)}: integers`, [at])];
    if (errors.length > 0 && errors.every((e) => typeof e === 'string')) return [f.decided('provisioning.reportsErrorNames', true, 'error names, numeric TransactionId, extra fields', `a refused Create answered Errors ${JSON.stringify(errors)}: names`, [at])];
    return [f.none('provisioning.reportsErrorNames', `a Create with an unknown UserTypeCode answered ${reply.summary}, no Errors of one kind`, ['provisioning.create.user-type-not-found', 'provisioning.errors.documented-names'], [at])];
  },
};

/**
 * spec §2.4 CompanyModel and ResponseModel (P11, P12, P13): whether a CompanyType field is read,
 * whether AutoSenderDomains is, and whether a Provision answer's Data shows the company.
 */
export const provisioningCompany: Probe = {
  name: 'provisioning-company',
  keys: ['provisioning.companyType', 'provisioning.autoSenderDomains', 'provisioning.companyInResponse'],
  async run(ctx) {
    const type = finder(ctx, 'company-type');
    const domains = finder(ctx, 'auto-sender-domains');
    const shown = finder(ctx, 'company-in-response');
    if (!ctx.profile.provisioning) return [type.ambiguous('provisioning.companyType', 'every reading', 'the profile has no provisioning account; the defaults stay', [])];
    const findings: Finding[] = [];

    const domain = buildDomain(ctx.prefix, 0);
    const first = await create(ctx, company(ctx, 1, { AutoSenderDomains: [domain] }));
    const firstAt = ctx.mark();
    if (!accepted(first)) return [shown.none('provisioning.companyInResponse', `a valid Create answered ${first.summary}`, ['provisioning.create.provisions-company'], [firstAt])];
    const data = first.data as Record<string, unknown> | undefined;
    const showsCompany = !!data && typeof data === 'object' && typeof data.CompanyName === 'string';
    findings.push(
      showsCompany
        ? shown.decided('provisioning.companyInResponse', true, 'Data decrypts to the company as stored', 'the Create answer’s Data decrypted to a CompanyModel', [firstAt])
        : shown.decided('provisioning.companyInResponse', false, 'Data carries nothing the suite can read', `the Create answer’s Data ${first.dataProblem ?? 'held no CompanyModel'}`, [firstAt]),
    );

    // spec §7.3 DomainAlreadyRegistered: a second company with the first's domain
    const second = await create(ctx, company(ctx, 2, { AutoSenderDomains: [domain] }));
    const secondAt = ctx.mark();
    if (second.errors.includes('DomainAlreadyRegistered')) findings.push(domains.decided('provisioning.autoSenderDomains', true, 'CompanyModel carries AutoSenderDomains', 'a second Create with the first company’s AutoSenderDomain was refused with DomainAlreadyRegistered', [firstAt, secondAt]));
    else if (accepted(second)) findings.push(domains.decided('provisioning.autoSenderDomains', false, 'it does not', 'a second Create with the first company’s AutoSenderDomain was accepted: the field is not read', [firstAt, secondAt]));
    else findings.push(domains.none('provisioning.autoSenderDomains', `a second Create with the first company’s AutoSenderDomain answered ${second.summary}`, ['provisioning.create.domain-already-registered'], [firstAt, secondAt]));

    // spec §7.3 CompanyTypeNotFound: a company type no target knows, in the CompanyType field
    const third = await create(ctx, company(ctx, 3, { CompanyType: `${ctx.prefix}-NoSuchType` } as Partial<CompanyModel>));
    const thirdAt = ctx.mark();
    const known = showsCompany && typeof data.CompanyType === 'string' ? data.CompanyType : undefined;
    if (third.errors.includes('CompanyTypeNotFound')) {
      // the field is read; a known value comes from the first company as stored, where the answer shows it
      findings.push(
        known
          ? type.decided('provisioning.companyType', { field: 'CompanyType', known }, 'a CompanyType field', `an unknown CompanyType was refused with CompanyTypeNotFound; the first company was stored with CompanyType "${known}"`, [firstAt, thirdAt])
          : type.ambiguous('provisioning.companyType', 'a CompanyType field', 'an unknown CompanyType was refused with CompanyTypeNotFound, but no answer shows a known company type to declare; add provisioning.companyType by hand', [thirdAt]),
      );
    } else if (accepted(third)) findings.push(type.decided('provisioning.companyType', undefined, 'another field, or none', 'a Create with an unknown CompanyType was accepted: no CompanyType field is read', [thirdAt]));
    else findings.push(type.none('provisioning.companyType', `a Create with an unknown CompanyType answered ${third.summary}`, ['provisioning.create.company-type-not-found'], [thirdAt]));
    return findings;
  },
};

/** spec §8 'the current number of users of that type' (P5): whether a SecureContact is one. */
export const secureContactsCount: Probe = {
  name: 'secure-contacts-count',
  keys: ['provisioning.secureContactsCountAsUsers'],
  async run(ctx) {
    const f = finder(ctx, 'users-of-a-type');
    const account = ctx.profile.provisioning;
    const code = account?.secureContactUserTypeCode;
    if (!account || !code) return [f.ambiguous('provisioning.secureContactsCountAsUsers', 'every reading', 'the profile names no secure-contact user type (provisioning.secureContactUserTypeCode); the key stays unset', [])];
    const plan = { prefix: ctx.prefix, n: 4, seed: 19 };
    const plain = account.userTypeCode ? [{ UserTypeCode: account.userTypeCode, LicenseQuantity: 5 }] : [];
    const model = company(ctx, 4, { Cobrand: buildCobrand(plan, buildSecureContact(plan, code)) }, [...plain, { UserTypeCode: code, LicenseQuantity: 2 }]);
    const made = await create(ctx, model);
    const madeAt = ctx.mark();
    if (!accepted(made)) return [f.none('provisioning.secureContactsCountAsUsers', `a Create with one SecureContact answered ${made.summary}`, ['provisioning.secure-contact.up-to-licenses-accepted'], [madeAt])];
    // lower the type's licenses below its one contact, resending the cobrand without SecureContacts (kept, spec §2.4)
    const update = await ctx.clients().provisioning.update({ ...model, UserTypes: [...plain, { UserTypeCode: code, LicenseQuantity: 0 }], Cobrand: { Color: model.Cobrand?.Color, Url: model.Cobrand?.Url } });
    const at = ctx.mark();
    if (update.errors.includes('LicenseQuantityLessThanNumberOfUsers')) return [f.decided('provisioning.secureContactsCountAsUsers', true, 'SecureContacts count as users of their type', 'lowering the LicenseQuantity to 0 below one SecureContact was refused with LicenseQuantityLessThanNumberOfUsers', [madeAt, at])];
    if (accepted(update)) return [f.decided('provisioning.secureContactsCountAsUsers', false, 'only accounts created with the type count', 'lowering the LicenseQuantity to 0 below one SecureContact was accepted', [madeAt, at])];
    return [f.none('provisioning.secureContactsCountAsUsers', `lowering the LicenseQuantity answered ${update.summary}`, ['provisioning.update.license-below-users'], [madeAt, at])];
  },
};

/**
 * A company of discovery's own and an administration session key for its administrator (its key
 * read through provisioning, spec §4.5; vendor-wire §3.1), for operations that would change the
 * vendor's own company: what they change is thrown away with the company. Undefined where the
 * profile has no provisioning account or the target refuses a step.
 */
export async function throwawayCompany(ctx: DiscoveryContext, n = 9): Promise<{ sessionKey: string; email: string } | undefined> {
  if (!ctx.profile.provisioning || !ctx.profile.interfaces.includes('provisioning')) return undefined;
  const model = company(ctx, n);
  if (!accepted(await create(ctx, model))) return undefined;
  const keys = await ctx.clients().provisioning.getEncryptionKey({ ReferenceId: model.ReferenceId });
  const pair = keys.data as { AutomationId?: unknown; ApiEncryptionKey?: unknown } | undefined;
  if (!accepted(keys) || typeof pair?.AutomationId !== 'string' || typeof pair.ApiEncryptionKey !== 'string') return undefined;
  ctx.redact.learn(pair.ApiEncryptionKey);
  const email = model.Admin.Email;
  const res = await ctx.clients().admin.sessionKey({ Email: email }, { automationId: pair.AutomationId, encryptionKey: pair.ApiEncryptionKey });
  const sessionKey = keyOf(res);
  if (!sessionKey) return undefined;
  ctx.redact.learn(sessionKey);
  return { sessionKey, email };
}
