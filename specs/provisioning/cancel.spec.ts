import { COMPANY_STATUS } from '../../contract/provisioning.js';
import { check } from '../../harness/expect.js';
import { companyInResponse, iface, provisioningAccount } from '../../harness/needs.js';
import { cancelNow, company, companyShown, expectAccepted, givenCompany } from '../../harness/fixtures/provisioning.js';
import { rule } from '../../harness/rule.js';

/** spec §4.5 Provision a company, Command Cancel; spec §3.3 company status Cancelled (2). */
rule(
  {
    interface: 'provisioning',
    operation: 'POST /Provisioning/ Cancel',
    level: 'must',
    needs: [iface('provisioning'), provisioningAccount, companyInResponse],
    id: 'provisioning.cancel.status-cancelled',
    section: '§3.3',
    title: 'Cancel of an existing company answers without errors and the company shows Status Cancelled (2)',
  },
  async (t) => {
    const model = company(t, 0);
    await givenCompany(t, model);
    const reply = await cancelNow(t, model);
    expectAccepted(reply, 'spec §4.5: Provision a company with Command Cancel cancels it');
    const shown = companyShown(reply);
    check(
      shown.Status === COMPANY_STATUS.Cancelled,
      `${reply.res.label}: Cancel answered without errors, but the company it shows has Status ${JSON.stringify(shown.Status)}; expected 2 (Cancelled, spec §3.3).`,
    );
  },
);
