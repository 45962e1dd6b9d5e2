import { createUserOfType, onlyUserTypeIdOf, provisionedAdminSession } from '../../harness/fixtures/admin.js';
import { company, expectErrors, givenCompany } from '../../harness/fixtures/provisioning.js';
import { adminCredentials, iface, provisioningAccount, provisioningUserType } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §8 LicenseQuantity 'not less than the current number of users of that type', with a user
 * every reading counts: one created with the type's UserTypeId through the administration
 * interface (issue 8: the secure-contact reading alone is the suite's choice P5, not the spec's).
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
    section: '§8',
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
