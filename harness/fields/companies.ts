import { shared } from '../shared-fixture.js';
import type { FieldRead, FieldWrite } from '../../contract/fields.js';
import type { CompanyModel } from '../../contract/provisioning.js';
import { displayText, drawText } from '../../generators/unicode-text.js';
import { check, expectTokenIssued } from '../expect.js';
import { adminCredentialsOf, adminSession, deleteAtEnd, listAll, provisionedAdminSession, typeIdsOf } from '../fixtures/admin.js';
import { idpCode } from '../fixtures/identity-provider.js';
import { attemptCreate, company, expectAccepted, givenCompany, plainUserTypes } from '../fixtures/provisioning.js';
import type { RuleContext } from '../rule.js';

/**
 * The shared companies of the CompanyModel cells and the user of the (company id) cells
 * (contract/field-models.ts): a company provisioned with an administrator of non-ASCII names, one
 * provisioned and then updated with a new administrator e-mail address and names, and a user the
 * authorization_code grant provisions into the profile's company. Each is read through the
 * administration interface with its own company's key (clarification I2). Cancelled or deleted
 * when the worker ends.
 */

export interface CompanyRecord {
  readonly sent: Readonly<Record<string, unknown>>;
  /** an administration key of the company: its administrator's */
  readonly key: string;
  readonly adminEmail: string;
  readonly companyId: number;
  readonly userTypeId: number;
}

const objectOf = (json: unknown) => (json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined);

/** An administrator's CompanyId and UserTypeId, as View shows them to its company (where List must find it). */
async function placeOf(s: RuleContext, key: string, email: string): Promise<{ companyId: number; userTypeId: number }> {
  return s.given(`read ${email}'s CompanyId and UserTypeId (View a user account)`, async () => {
    const view = await s.admin.viewAccount(key, { Email: email });
    const shown = objectOf(view.json);
    const place = { companyId: Number(shown?.CompanyId), userTypeId: Number(shown?.UserTypeId) };
    if (view.status >= 300 || !Number.isInteger(place.companyId) || !Number.isInteger(place.userTypeId)) throw new Error(`${view.label} answered HTTP ${view.status} ${view.shown}`);
    return place;
  });
}

export function writtenCompany(t: RuleContext, write: FieldWrite): Promise<CompanyRecord> {
  return shared(t, `company:${write.slug}`, `a company written by ${write.label}`, write.operation, async (s) => {
    const seed = s.run.settings.seed;
    const names = (round: number) => ({ FirstName: drawText(displayText(s.prefix, 1), seed, `${s.prefix}.first${round}`), LastName: drawText(displayText(s.prefix, 1), seed, `${s.prefix}.last${round}`) });
    const model = company(s, 0);
    model.Admin = { ...model.Admin, ...names(1) };
    let admin = model.Admin;
    let types = model.UserTypes;
    if (write.slug === 'create') expectAccepted(await attemptCreate(s, model), 'spec §4.5: Provision a company, Command Create, with an administrator of non-ASCII names');
    else {
      await givenCompany(s, model, 'create the company to update');
      admin = { ...model.Admin, Email: `new.${model.Admin.Email}`, ...names(2) };
      // a second type where the profile names one: the company then has both (§2.4 UserTypes)
      const second = s.profile.provisioning?.secureContactUserTypeCode;
      types = [...plainUserTypes(s, 7), ...(second ? [{ UserTypeCode: second, LicenseQuantity: 2 }] : [])];
      expectAccepted(await s.clients.provisioning.update({ ...model, Admin: admin, UserTypes: types }), 'spec §4.5: Provision a company, Command Update, giving the administrator a new e-mail address and non-ASCII names');
    }
    const key = await provisionedAdminSession(s, { ...model, Admin: admin } as CompanyModel);
    const place = await placeOf(s, key, admin.Email);
    const sent = { 'Admin.Email': admin.Email, 'Admin.FirstName': admin.FirstName, 'Admin.LastName': admin.LastName, UserTypes: new Set(types.map((x) => x.UserTypeCode)).size };
    return { sent, key, adminEmail: admin.Email, ...place };
  });
}

/** What `read` shows of the company's administrator (by the names it shows fields under); undefined when it does not show it. */
export async function readCompany(t: RuleContext, read: FieldRead, c: CompanyRecord): Promise<{ shown?: Record<string, unknown>; where: string }> {
  if (read.operation === 'admin.ViewAccount') {
    const res = await t.admin.viewAccount(c.key, { Email: c.adminEmail });
    return { shown: res.status < 300 ? objectOf(res.json) : undefined, where: `${res.label} (HTTP ${res.status})` };
  }
  if (read.operation === 'admin.ListAccounts') {
    const { res, accounts } = await listAll(t, c.key, { CompanyId: c.companyId, UserTypeId: c.userTypeId });
    return { shown: accounts.find((a) => String(a.Email ?? '').toLowerCase() === c.adminEmail.toLowerCase()), where: `${res.label} for CompanyId ${c.companyId}, UserTypeId ${c.userTypeId}` };
  }
  if (read.operation === 'admin.GetUserTypes') {
    const res = await t.admin.userTypes(c.key);
    return { shown: res.status < 300 && Array.isArray(res.json) ? { UserTypes: new Set(typeIdsOf(t, res)).size } : undefined, where: `${res.label} (HTTP ${res.status})` };
  }
  const res = await t.rest.details({ sessionKey: c.key });
  return { shown: res.status < 300 ? objectOf(res.json) : undefined, where: `${res.label} (HTTP ${res.status})` };
}

export interface ProvisionedUser {
  readonly email: string;
  readonly sent: { '(company id)': number };
  readonly key: string;
  readonly userTypeId: number;
}

/** A user the authorization_code grant provisioned into the profile's company (identityProvider.autoProvisionCompanyId); deleted when the worker ends. */
export function autoProvisioned(t: RuleContext, write: FieldWrite): Promise<ProvisionedUser> {
  return shared(t, 'token:auto-provisioned', `a user provisioned by ${write.label}`, write.operation, async (s) => {
    const idp = s.profile.identityProvider!;
    const companyId = idp.autoProvisionCompanyId!;
    const email = `${s.prefix}.auto@example.com`.toLowerCase();
    deleteAtEnd(s, undefined, { Email: email });
    expectTokenIssued(await s.token.token({ grant_type: 'authorization_code', code: idpCode(s, email), resource_type: idp.resourceType, company_id: companyId }));
    const key = await adminSession(s);
    const own = await placeOf(s, key, adminCredentialsOf(s).email);
    if (own.companyId !== companyId) s.notApplicable(`the profile's administrator is of company ${own.companyId}, not of identityProvider.autoProvisionCompanyId (${companyId}): no administration key of that company to read the user with`);
    const { userTypeId } = await s.given('read the provisioned user’s UserTypeId (where List must find it)', async () => {
      const view = await s.admin.viewAccount(key, { Email: email });
      const typeId = Number(objectOf(view.json)?.UserTypeId);
      check(view.status < 300 && Number.isInteger(typeId), `${view.label} answered HTTP ${view.status} ${view.shown}`);
      return { userTypeId: typeId };
    });
    return { email, sent: { '(company id)': companyId }, key, userTypeId };
  });
}

/** What `read` shows of the provisioned user: by its company's administrator (View, List), or by another company's (View, `company`). */
export async function readProvisioned(t: RuleContext, read: FieldRead, user: ProvisionedUser, elsewhere?: CompanyRecord): Promise<{ shown?: Record<string, unknown>; where: string }> {
  if (read.operation === 'admin.ListAccounts') {
    const companyId = user.sent['(company id)'];
    const { res, accounts } = await listAll(t, user.key, { CompanyId: companyId, UserTypeId: user.userTypeId });
    return { shown: accounts.find((a) => String(a.Email ?? '').toLowerCase() === user.email), where: `${res.label} for CompanyId ${companyId}, UserTypeId ${user.userTypeId}` };
  }
  const res = await t.admin.viewAccount(elsewhere?.key ?? user.key, { Email: user.email });
  return { shown: res.status < 300 ? objectOf(res.json) : undefined, where: `${res.label} (HTTP ${res.status})${elsewhere ? `, as the administrator of company ${elsewhere.companyId}` : ''}` };
}
