import { buildCobrand } from '../../generators/company.js';
import { namePair } from '../../generators/company-name.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { attemptCreate, company, expectAccepted, expectErrors, givenCompany } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated, expectShown } from '../../harness/fixtures/provisioning-reads.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/** spec §2.4 CobrandModel, §7.3 IncompleteCobrandData and CobrandExists, §8 cobrand uniqueness. */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

const cobrandOf = (t: RuleContext, n: number) => buildCobrand({ prefix: t.prefix, n, seed: t.run.settings.seed });

rule(
  {
    ...base,
    id: 'provisioning.cobrand.incomplete',
    spec: [
      { anchor: '§7.3/IncompleteCobrandData', quote: 'Cobrand data other than SecureContacts is missing on create or update' },
      { anchor: '§2.4/CobrandModel', quote: 'All cobrand data except SecureContacts is required on create or update.' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a Cobrand without Color, or without Url, is refused on create with IncompleteCobrandData',
  },
  async (t) => {
    const { Color, Url } = cobrandOf(t, 0);
    for (const [i, Cobrand] of [{ Url }, { Color }].entries()) {
      const reply = await attemptCreate(t, company(t, i, { Cobrand }));
      expectErrors(reply, `spec §2.4: 'All cobrand data except SecureContacts is required on create or update'; Cobrand ${JSON.stringify(Cobrand)}`, 'IncompleteCobrandData');
    }
  },
);

rule(
  {
    ...base,
    id: 'provisioning.cobrand.first-8-characters-taken',
    spec: [
      { anchor: '§8/cobrand-uniqueness', quote: 'first 8 characters of the company must be unique among cobranded portals' },
      { anchor: '§7.3/CobrandExists', quote: 'Another company with the same first 8 characters already has a cobranded portal' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a cobrand for a company whose name shares its first 8 characters with a cobranded company is refused with CobrandExists, and the company is not made',
  },
  async (t) => {
    const [first, second] = namePair(t.prefix, 0, 8, ['Harbor Clinic', 'Harbor Dental']);
    await givenCompany(t, company(t, 0, { CompanyName: first, Cobrand: cobrandOf(t, 0) }), 'create a cobranded company');
    const reply = await attemptCreate(t, company(t, 1, { CompanyName: second, Cobrand: cobrandOf(t, 1) }));
    expectErrors(reply, `spec §8: 'first 8 characters of the company must be unique among cobranded portals'; "${first}" and "${second}"`, 'CobrandExists');
    await expectNotCreated(t, company(t, 1, { CompanyName: second }), `a cobranded "${second}"`);
  },
);

rule(
  {
    ...base,
    id: 'provisioning.cobrand.first-8-characters-differ-accepted',
    spec: [
      { anchor: '§8/cobrand-uniqueness', quote: 'first 8 characters of the company must be unique among cobranded portals' },
      { anchor: '§7.3/CobrandExists', quote: 'the same first 8 characters' },
      PROVISION,
    ],
    title: 'a cobrand for a company whose name differs within its first 8 characters from a cobranded company (same first 7) is accepted',
  },
  async (t) => {
    const [first, second] = namePair(t.prefix, 0, 7, ['Harbor Clinic', 'Harbor Dental']);
    await givenCompany(t, company(t, 0, { CompanyName: first, Cobrand: cobrandOf(t, 0) }), 'create a cobranded company');
    const model = company(t, 1, { CompanyName: second, Cobrand: cobrandOf(t, 1) });
    const reply = await attemptCreate(t, model);
    expectAccepted(reply, `spec §8: uniqueness is of the first 8 characters; "${first}" and "${second}" share 7`);
    expectShown(t, reply, model, ['Cobrand'], `the cobrand of "${second}"`);
  },
);
