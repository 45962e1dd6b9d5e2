import { COBRAND_UNIQUENESS } from '../../contract/limits-provisioning.js';
import { generatedCells, limitRuleId, UPDATE } from '../../contract/limits.js';
import { buildCobrand } from '../../generators/company.js';
import { namePair } from '../../generators/company-name.js';
import { shiftDate } from '../../generators/expiration-date.js';
import { cancelNow, company, expectAccepted, expectErrors, givenCompany } from '../../harness/fixtures/provisioning.js';
import { expectShown } from '../../harness/fixtures/provisioning-reads.js';
import { limitTitle } from '../../harness/limit-edges.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { FIELD_LIMITS } from './limit-fields.js';
import { updateEdges } from './limit-steps.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/**
 * spec §4.5 Provision a company, Command Update, at the edges of the limits table
 * (contract/limits-provisioning.ts, limits-dates.ts): §8 says ExpirationDate, Billing interval,
 * Cobrand uniqueness and SecureContacts apply to 'Provision a company', LicenseQuantity to its
 * update. One generated rule per limit updates one company of its own: accepted edges first
 * (each shown as sent, where Data carries the company, P13), then the refused ones, each beside a
 * valid change, and a Cancel whose answer must show the company as it was.
 */
const READ = { anchor: '§2.4/ResponseModel', quote: 'Its fields: not shown.', silence: 'company-in-response' } as const;
// named by CompanyName, the whole CompanyModel sent (clarification P1)
const NAMED = { anchor: '§7.3/CompanyNotFound', quote: 'Company name matches no company on update', silence: 'company-name-key' } as const;
const base = { interface: 'provisioning', operation: 'provisioning.Provision', level: 'must' } as const;
const refs = (refuses: boolean) => [PROVISION, { anchor: '§2.4/Command', quote: 'Update = 2' } as const, READ, NAMED, ...(refuses ? [NAMED_ERROR] : [])];

for (const limit of FIELD_LIMITS) {
  const cells = generatedCells(limit.row, UPDATE);
  if (cells.length === 0) continue;
  rule(
    {
      ...base,
      id: limitRuleId(limit.row, UPDATE),
      spec: [...limit.row.spec, ...refs(cells.some((c) => !c.edge.accepted))],
      title: `Update: ${limitTitle(limit.row, cells, 'shown as sent where Data carries the company')}`,
      needs: [iface('provisioning'), provisioningAccount, ...(limit.needs ?? [])],
    },
    (t) => updateEdges(t, limit, cells),
  );
}

/**
 * §8 cobrand uniqueness on Update: a company that gets a cobrand while another company, whose
 * name shares its first 7 (under) or 8 (at) characters, has one. Each edge is a company of its own.
 */
const cobrandCells = generatedCells(COBRAND_UNIQUENESS, UPDATE);
rule(
  {
    ...base,
    id: limitRuleId(COBRAND_UNIQUENESS, UPDATE),
    spec: [...COBRAND_UNIQUENESS.spec, ...refs(true)],
    title: `Update: ${limitTitle(COBRAND_UNIQUENESS, cobrandCells, 'shown as sent where Data carries the company')}`,
    needs: [iface('provisioning'), provisioningAccount],
  },
  async (t) => {
    const seed = (n: number) => ({ prefix: t.prefix, n, seed: t.run.settings.seed });
    const displays: [string, string] = ['Harbor Clinic', 'Harbor Dental'];
    const first = namePair(t.prefix, 0, 8, displays)[0];
    await givenCompany(t, company(t, 0, { CompanyName: first, Cobrand: buildCobrand(seed(0)) }), 'create a cobranded company');
    for (const [k, { edge }] of cobrandCells.entries()) {
      const name = namePair(t.prefix, 0, edge.value.shared, displays)[1];
      const model = company(t, 1 + k, { CompanyName: name });
      await givenCompany(t, model, `create a company without a cobrand, sharing ${edge.value.shared} characters of its name`);
      const why = `spec §8 '${COBRAND_UNIQUENESS.spec[0].quote}'; "${first}" and "${name}"`;
      const cobranded = { ...model, Cobrand: buildCobrand(seed(1 + k)) };
      if (edge.accepted) {
        const reply = await t.clients.provisioning.update(cobranded);
        expectAccepted(reply, why);
        expectShown(t, reply, cobranded, ['Cobrand'], why);
        continue;
      }
      expectErrors(await t.clients.provisioning.update({ ...cobranded, ExpirationDate: shiftDate(new Date(), 500) }), why, 'CobrandExists');
      if (!t.profile.provisioning?.companyInResponse) continue;
      const reply = await cancelNow(t, model);
      expectAccepted(reply, 'Cancel, whose answer shows the company as stored after the refused Update');
      expectShown(t, reply, model, ['Cobrand', 'ExpirationDate'], `the refused Update (${edge.shows}) must leave the company without a cobrand, as it was`);
    }
  },
);
