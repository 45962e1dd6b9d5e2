import { COMPANY_STATUS } from '../../contract/provisioning.js';
import { check } from '../../harness/expect.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { cancelNow, company, expectAccepted, givenCompany } from '../../harness/fixtures/provisioning.js';
import { rule } from '../../harness/rule.js';
import { PROVISION } from './spec-refs.js';

/**
 * spec §4.5 Provision a company: Command Cancel 'deletes a company'; spec §3.3 company status
 * Cancelled (2). Clarification P17: a cancelled company either stays with Status 2 or is gone.
 * What every reading shares is checked through outcomes, not only through the response Data.
 */
rule(
  {
    interface: 'provisioning',
    operation: 'provisioning.Provision',
    level: 'must',
    needs: [iface('provisioning'), provisioningAccount],
    id: 'provisioning.cancel.status-cancelled',
    spec: [
      { anchor: '§3.3/values-active-0-trial-1', quote: 'Cancelled (2)' },
      PROVISION,
      { anchor: '§2.4/Command', quote: 'Cancel = 3' },
      // a cancelled company either stays with Status 2 or is gone (clarification P17)
      { anchor: '§4.5/provision-company', quote: 'Provisions, updates or deletes a company.', silence: 'cancel-effect' },
    ],
    title: 'Cancel of an existing company answers without errors and takes effect: the company is gone (an Update of it is CompanyNotFound) or shows Status Cancelled (2)',
  },
  async (t) => {
    const model = company(t, 0);
    await givenCompany(t, model);
    const reply = await cancelNow(t, model);
    expectAccepted(reply, 'spec §4.5: Provision a company with Command Cancel cancels it');
    const shown = t.profile.provisioning?.companyInResponse && reply.data && typeof reply.data === 'object' ? (reply.data as Record<string, unknown>) : undefined;
    if (shown) {
      check(
        shown.Status === COMPANY_STATUS.Cancelled,
        `${reply.res.label}: Cancel answered without errors, but the company it shows has Status ${JSON.stringify(shown.Status)}; expected 2 (Cancelled, spec §3.3).`,
      );
    }
    // an Update that keeps it cancelled: a deleted company is not found; a kept one must have shown Status 2 above
    const after = await t.clients.provisioning.update({ ...model, Status: COMPANY_STATUS.Cancelled });
    if (after.errors.includes('CompanyNotFound')) return;
    if (!shown) {
      t.notApplicable(
        'the company is still found after Cancel (an Update of it was not CompanyNotFound), and the profile says Provision responses do not show the company (provisioning.companyInResponse), so its Status cannot be read (clarification P17)',
      );
    }
  },
);
