import type { CompanyModel } from '../../contract/provisioning.js';
import { buildCobrand, buildSecureContact } from '../../generators/company.js';
import { shiftDate } from '../../generators/expiration-date.js';
import { check } from '../../harness/expect.js';
import { adminCredentials, companyInResponse, iface, provisioningAccount, provisioningUserType, secureContactUserType, secureContactsCountAsUsers } from '../../harness/needs.js';
import { createUserOfType, onlyUserTypeIdOf, provisionedAdminSession } from '../../harness/fixtures/admin.js';
import { cancelAtEnd, cancelNow, company, companyShown, expectAccepted, expectErrors, givenCompany, plainUserTypes } from '../../harness/fixtures/provisioning.js';
import { expectShown } from '../../harness/fixtures/provisioning-reads.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/** spec §4.5 Provision a company, Command Update; §7.3 rows an Update can cause; §8 LicenseQuantity. */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const };
const needs = [iface('provisioning'), provisioningAccount];

/**
 * A company with one SecureContact of the secure-contact user type (LicenseQuantity 2): one user
 * provisioned for that type (spec §8 'the current number of users of that type').
 */
async function companyWithOneContact(t: RuleContext): Promise<CompanyModel> {
  const code = t.profile.provisioning!.secureContactUserTypeCode!;
  const plan = { prefix: t.prefix, n: 0, seed: t.run.settings.seed };
  const model = company(t, 0, { Cobrand: buildCobrand(plan, buildSecureContact(plan, code)) }, [...plainUserTypes(t), { UserTypeCode: code, LicenseQuantity: 2 }]);
  await givenCompany(t, model, 'create a company with one SecureContact');
  return model;
}

/** An Update that sets the secure-contact type's LicenseQuantity, resending the cobrand without SecureContacts (kept as they are, spec §2.4). */
function licenseUpdate(t: RuleContext, model: CompanyModel, licenses: number): CompanyModel {
  const code = t.profile.provisioning!.secureContactUserTypeCode!;
  return { ...model, UserTypes: [...plainUserTypes(t), { UserTypeCode: code, LicenseQuantity: licenses }], Cobrand: { Color: model.Cobrand?.Color, Url: model.Cobrand?.Url } };
}

rule(
  {
    ...base,
    needs: [...needs, companyInResponse],
    id: 'provisioning.update.provisions-changes',
    spec: [
      PROVISION,
      { anchor: '§2.4/Command', quote: 'Update = 2' },
      // the company is read from the answer only where the profile says it is there (clarification P13)
      { anchor: '§2.4/ResponseModel', quote: 'Its fields: not shown.', silence: 'company-in-response' },
      // named by CompanyName, the whole CompanyModel sent (clarification P1)
      { anchor: '§7.3/CompanyNotFound', quote: 'Company name matches no company on update', silence: 'company-name-key' },
    ],
    title: 'Update of an existing company, named by its CompanyName, answers without errors and the company shows the new Status and ExpirationDate',
  },
  async (t) => {
    const model = company(t, 0);
    await givenCompany(t, model);
    const changed = { ...model, Status: 1, ExpirationDate: shiftDate(new Date(), 900) };
    const reply = await t.clients.provisioning.update(changed);
    expectAccepted(reply, 'spec §4.5: Provision a company with Command Update updates it');
    const shown = companyShown(reply);
    check(
      shown.Status === 1 && shown.ExpirationDate === changed.ExpirationDate,
      `${reply.res.label}: Update answered without errors, but the company it shows has Status ${JSON.stringify(shown.Status)} and ExpirationDate ${JSON.stringify(shown.ExpirationDate)}; expected 1 (Trial) and "${changed.ExpirationDate}" (spec §4.5).`,
    );
  },
);

rule(
  {
    ...base,
    needs,
    id: 'provisioning.update.company-not-found',
    spec: [
      { anchor: '§7.3/CompanyNotFound', quote: 'Company name matches no company on update' },
      { anchor: '§7.3/CompanyNotFound', quote: 'Company name matches no company on update', silence: 'company-name-key' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Update naming no existing company is refused with CompanyNotFound',
  },
  async (t) => {
    const model = company(t, 0);
    const reply = await t.clients.provisioning.update(model);
    if (reply.model && reply.errors.length === 0) cancelAtEnd(t, model);
    expectErrors(reply, "spec §7.3 CompanyNotFound: 'Company name matches no company on update'", 'CompanyNotFound');
  },
);

rule(
  {
    ...base,
    // clarification P5: provisioning alone makes users of a type only as SecureContacts; the target says whether they count
    needs: [...needs, secureContactUserType, secureContactsCountAsUsers],
    id: 'provisioning.update.license-below-users',
    spec: [
      { anchor: '§8/LicenseQuantity', quote: 'not less than the current number of users of that type' },
      { anchor: '§7.3/LicenseQuantityLessThanNumberOfUsers', quote: 'Requested LicenseQuantity is below the count of users already provisioned for that type' },
      // secure contacts counted as users of their type is the profile's reading (clarification P5); the contacts left out are kept (P4)
      { anchor: '§8/LicenseQuantity', quote: 'the current number of users of that type', silence: 'users-of-a-type' },
      { anchor: '§2.4/CobrandModel', quote: 'All cobrand data except SecureContacts is required on create or update.', silence: 'contacts-left-out' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Update lowering a LicenseQuantity below the users already provisioned for that type (0 for 1) is refused with LicenseQuantityLessThanNumberOfUsers and leaves it as it was',
  },
  async (t) => {
    const model = await companyWithOneContact(t);
    const reply = await t.clients.provisioning.update(licenseUpdate(t, model, 0));
    expectErrors(reply, "spec §7.3: 'Requested LicenseQuantity is below the count of users already provisioned for that type'", 'LicenseQuantityLessThanNumberOfUsers');
    // no effect: where Data carries the company, a Cancel's answer still shows LicenseQuantity 2
    if (!t.profile.provisioning?.companyInResponse) return;
    const read = await cancelNow(t, model);
    expectAccepted(read, 'Cancel, whose answer shows the company as stored after the refused Update');
    expectShown(t, read, model, ['UserTypes'], 'the refused Update must leave the LicenseQuantity as it was');
  },
);

rule(
  {
    ...base,
    needs: [...needs, secureContactUserType],
    id: 'provisioning.update.license-equal-users-accepted',
    spec: [
      { anchor: '§8/LicenseQuantity', quote: 'not less than the current number of users of that type' },
      { anchor: '§8/LicenseQuantity', quote: 'the current number of users of that type', silence: 'users-of-a-type' },
      { anchor: '§2.4/CobrandModel', quote: 'All cobrand data except SecureContacts is required on create or update.', silence: 'contacts-left-out' },
      PROVISION,
    ],
    title: 'Update setting a LicenseQuantity equal to the users already provisioned for that type (1 for 1) is accepted',
  },
  async (t) => {
    const model = await companyWithOneContact(t);
    const updated = licenseUpdate(t, model, 1);
    const reply = await t.clients.provisioning.update(updated);
    expectAccepted(reply, "spec §8 LicenseQuantity: 'not less than the current number of users of that type'");
    expectShown(t, reply, updated, ['UserTypes'], 'LicenseQuantity 1 for 1 user');
  },
);

rule(
  {
    ...base,
    needs,
    id: 'provisioning.update.admin-email-in-other-company',
    spec: [
      { anchor: '§7.3/UserNotInCompany', quote: 'Update of a user whose e-mail address already exists in another company' },
      { anchor: '§2.4/CompanyModel', quote: 'Admin (UserModel)' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: "Update giving the administrator the e-mail address of another company's user is refused with UserNotInCompany",
  },
  async (t) => {
    const other = company(t, 0);
    const mine = company(t, 1);
    await givenCompany(t, other, 'create another company');
    await givenCompany(t, mine);
    const reply = await t.clients.provisioning.update({ ...mine, Admin: { ...mine.Admin, Email: other.Admin.Email } });
    expectErrors(reply, "spec §7.3 UserNotInCompany: 'Update of a user whose e-mail address already exists in another company'", 'UserNotInCompany');
  },
);

rule(
  {
    ...base,
    needs,
    id: 'provisioning.update.admin-email-applied',
    spec: [
      PROVISION,
      { anchor: '§2.4/Command', quote: 'Update = 2' },
      { anchor: '§2.4/CompanyModel', quote: 'Admin (UserModel)' },
      { anchor: '§7.3/UserNotInCompany', quote: 'Update of a user whose e-mail address already exists in another company' },
    ],
    title: "Update giving the administrator a new e-mail address takes effect: another company's Update to that address is then refused with UserNotInCompany",
  },
  async (t) => {
    // observed through a later outcome, not the response Data (which the profile may not carry, P13)
    const mine = company(t, 0);
    const other = company(t, 1);
    await givenCompany(t, mine);
    await givenCompany(t, other, 'create another company');
    const moved = { ...mine, Admin: { ...mine.Admin, Email: `new.${mine.Admin.Email}` } };
    expectAccepted(await t.clients.provisioning.update(moved), "spec §4.5: Provision a company with Command Update updates it");
    const reply = await t.clients.provisioning.update({ ...other, Admin: { ...other.Admin, Email: moved.Admin.Email } });
    expectErrors(
      reply,
      `spec §4.5 Update, then §7.3 UserNotInCompany: 'Update of a user whose e-mail address already exists in another company'; the first company's administrator was given ${moved.Admin.Email}`,
      'UserNotInCompany',
    );
  },
);

/**
 * provisioning.update.license-below-admin-users: spec §8 LicenseQuantity 'not less than the current number of users of that type', with a user
 * every reading counts: one created with the type's UserTypeId through the administration
 * interface (the secure-contact reading alone is the suite's choice P5, not the spec's).
 * Every identifier it uses in the new company is learnt from that company (clarification I1):
 * its key from provisioning, its CompanyId from its administrator's account, the TypeId from its
 * own Get user types; none is borrowed from the profile's company.
 */
rule(
  {
    interface: 'provisioning',
    operation: 'provisioning.Provision',
    level: 'must',
    needs: [iface('provisioning'), provisioningAccount, provisioningUserType, iface('admin'), adminCredentials],
    id: 'provisioning.update.license-below-admin-users',
    spec: [
      { anchor: '§8/LicenseQuantity', quote: 'not less than the current number of users of that type' },
      { anchor: '§7.3/LicenseQuantityLessThanNumberOfUsers', quote: 'Requested LicenseQuantity is below the count of users already provisioned for that type' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Update lowering a LicenseQuantity below the users created for that type through administration (0 for 1) is refused with LicenseQuantityLessThanNumberOfUsers',
  },
  async (t) => {
    const code = t.profile.provisioning!.userTypeCode!;
    const model = company(t, 1, {}, [{ UserTypeCode: code, LicenseQuantity: 5 }]);
    await givenCompany(t, model);
    const key = await provisionedAdminSession(t, model);
    const companyId = await t.given('read the company id of the new company’s administrator', async () => {
      const view = await t.admin.viewAccount(key, { Email: model.Admin.Email });
      const id = Number((view.json as { CompanyId?: unknown } | undefined)?.CompanyId);
      if (view.status >= 300 || !Number.isInteger(id)) throw new Error(`${view.label} answered HTTP ${view.status}`);
      return id;
    });
    const typeId = await onlyUserTypeIdOf(t, key, model.CompanyName, code);
    await createUserOfType(t, companyId, typeId, { sessionKey: key, renewKey: () => provisionedAdminSession(t, model) });
    const reply = await t.clients.provisioning.update({ ...model, UserTypes: [{ UserTypeCode: code, LicenseQuantity: 0 }] });
    expectErrors(reply, "spec §7.3: 'Requested LicenseQuantity is below the count of users already provisioned for that type'", 'LicenseQuantityLessThanNumberOfUsers');
  },
);
