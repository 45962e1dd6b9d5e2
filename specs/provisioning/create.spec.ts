import { buildAdmin, buildDomain } from '../../generators/company.js';
import { MALFORMED_EMAIL_BOUNDARIES, malformedEmail } from '../../generators/email-address.js';
import { autoSenderDomains, companyTypeField, iface, provisioningAccount } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { attemptCreate, cancelNow, company, expectAccepted, expectErrors, givenCompany, keyShown } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated } from '../../harness/fixtures/provisioning-reads.js';
import { rule } from '../../harness/rule.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/**
 * spec §4.5 Provision a company, Command Create, and the §7.3 conditions a Create can cause
 * (names and ReferenceIds in use, unknown status, company and user types, a malformed admin
 * e-mail address, a domain of another company). Billing interval and expiration date rules are
 * in create-dates.spec.ts. Each property rule runs its property (seeded, SMS_PROPERTY_RUNS),
 * then its stated boundaries.
 */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

rule(
  {
    ...base,
    id: 'provisioning.create.provisions-company',
    spec: [
      { anchor: '§2.4/UserModel', quote: 'Email, FirstName, LastName, PhoneNumber (strings)' },
      PROVISION,
      { anchor: '§2.4/Command', quote: 'Create = 1' },
      { anchor: '§4.5/get-encryption-key', quote: "with no AutomationId, returns the company's default key" },
    ],
    operation: ['provisioning.Provision', 'provisioning.GetEncryptionKey'],
    title: 'Create of a valid company answers without errors, and the company then has a default key under its ReferenceId',
  },
  async (t) => {
    const model = company(t, 0);
    expectAccepted(await attemptCreate(t, model), 'spec §4.5: Provision a company with Command Create provisions it');
    const key = await t.clients.provisioning.getEncryptionKey({ ReferenceId: model.ReferenceId });
    keyShown(key, "spec §4.5 Get an encryption key: 'with no AutomationId, returns the company's default key'");
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.company-name-exists',
    spec: [{ anchor: '§7.3/CompanyNameAlreadyExists', quote: 'Name matches an existing company on create' }, PROVISION, NAMED_ERROR],
    title: 'Create with the CompanyName of an existing company is refused with CompanyNameAlreadyExists',
  },
  async (t) => {
    const first = company(t, 0);
    await givenCompany(t, first);
    const reply = await attemptCreate(t, company(t, 1, { CompanyName: first.CompanyName }));
    expectErrors(reply, "spec §7.3 CompanyNameAlreadyExists: 'Name matches an existing company on create'", 'CompanyNameAlreadyExists');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.reference-id-used',
    spec: [{ anchor: '§7.3/ReferenceIdAlreadyUsed', quote: 'Create with a previously used ReferenceId' }, PROVISION, NAMED_ERROR],
    title: 'Create with the ReferenceId of an existing company is refused with ReferenceIdAlreadyUsed',
  },
  async (t) => {
    const first = company(t, 0);
    await givenCompany(t, first);
    const reply = await attemptCreate(t, company(t, 1, { ReferenceId: first.ReferenceId }));
    expectErrors(reply, "spec §7.3 ReferenceIdAlreadyUsed: 'Create with a previously used ReferenceId'", 'ReferenceIdAlreadyUsed');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.reference-id-used-after-cancel',
    spec: [
      { anchor: '§7.3/ReferenceIdAlreadyUsed', quote: 'Create with a previously used ReferenceId' },
      { anchor: '§2.4/Command', quote: 'Cancel = 3' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Create with the ReferenceId of a cancelled company is refused with ReferenceIdAlreadyUsed (it was previously used)',
  },
  async (t) => {
    const first = company(t, 0);
    await givenCompany(t, first);
    await t.given('cancel that company', async () => {
      const reply = await cancelNow(t, first);
      if (!reply.model || reply.errors.length) throw new Error(`Cancel answered ${reply.summary}`);
    });
    const reply = await attemptCreate(t, company(t, 1, { ReferenceId: first.ReferenceId }));
    expectErrors(reply, "spec §7.3 ReferenceIdAlreadyUsed: 'Create with a previously used ReferenceId'", 'ReferenceIdAlreadyUsed');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.unknown-company-status',
    spec: [
      { anchor: '§3.3/any-other-value-yields-error', quote: 'Any other value yields the error UnknownCompanyStatus.' },
      { anchor: '§7.3/UnknownCompanyStatus', quote: 'Status other than 0, 1, 2' },
      { anchor: '§2.4/CompanyModel', quote: 'Status (0 = Active, 1 = Trial, 2 = Cancelled)' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Create with a Status other than 0, 1 or 2 (here 3, -1, 7) is refused with UnknownCompanyStatus and makes no company',
  },
  async (t) => {
    // 3 is the vendor enum's NoUpdate (vendor-wire §5); spec §3.3 wins: 'Any other value yields the error UnknownCompanyStatus'
    for (const [i, Status] of [3, -1, 7].entries()) {
      const reply = await attemptCreate(t, company(t, i, { Status }));
      expectErrors(reply, `spec §3.3: 'Any other value yields the error UnknownCompanyStatus'; Status ${Status}`, 'UnknownCompanyStatus');
      await expectNotCreated(t, company(t, i), `Status ${Status}`);
    }
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.company-type-not-found',
    spec: [
      { anchor: '§7.3/CompanyTypeNotFound', quote: 'Company type not found on create' },
      // the company type's field is the profile's (clarification P11)
      { anchor: '§7.3/CompanyTypeNotFound', quote: 'Company type', silence: 'company-type' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Create naming a company type the target does not know is refused with CompanyTypeNotFound',
    needs: [...base.needs, companyTypeField],
  },
  async (t) => {
    const field = t.profile.provisioning!.companyType!.field;
    const reply = await attemptCreate(t, company(t, 0, { [field]: `${t.prefix}-NoSuchType` }));
    expectErrors(reply, "spec §7.3 CompanyTypeNotFound: 'Company type not found on create'", 'CompanyTypeNotFound');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.user-type-not-found',
    spec: [
      { anchor: '§7.3/UserTypeNotFound', quote: 'Not a valid user type' },
      { anchor: '§2.4/UserTypeModel', quote: 'UserTypeCode (string)' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Create with a UserTypeCode the target does not know is refused with UserTypeNotFound',
  },
  async (t) => {
    const reply = await attemptCreate(t, company(t, 0, {}, [{ UserTypeCode: `${t.prefix}-NOTYPE`, LicenseQuantity: 1 }]));
    expectErrors(reply, "spec §7.3 UserTypeNotFound: 'Not a valid user type'", 'UserTypeNotFound');
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.admin-email-malformed',
    spec: [
      { anchor: '§7.3/CouldNotCreateAdmin', quote: 'Administrative user could not be created; accompanied by a User error' },
      { anchor: '§7.3/InvalidEmailAddress', quote: 'E-mail address not well-formed' },
      // only addresses malformed under every reading are sent (clarification P16)
      { anchor: '§7.3/InvalidEmailAddress', quote: 'not well-formed', silence: 'email-well-formed' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'Create whose Admin e-mail address is not well formed is refused with CouldNotCreateAdmin accompanied by InvalidEmailAddress',
  },
  async (t) => {
    let n = 0;
    const attempt = async (Email: string) => {
      const i = n++;
      const reply = await attemptCreate(t, company(t, i, { Admin: { ...buildAdmin({ prefix: t.prefix, n: i, seed: t.run.settings.seed }), Email } }));
      expectErrors(reply, `spec §7.3 CouldNotCreateAdmin 'accompanied by a User error', InvalidEmailAddress 'not well-formed'; Admin.Email ${JSON.stringify(Email)}`, 'CouldNotCreateAdmin', 'InvalidEmailAddress');
    };
    await property(t, malformedEmail(), attempt);
    for (const email of MALFORMED_EMAIL_BOUNDARIES) await attempt(email);
  },
);

rule(
  {
    ...base,
    id: 'provisioning.create.domain-already-registered',
    spec: [
      { anchor: '§7.3/DomainAlreadyRegistered', quote: 'An AutoSenderDomain is already associated with another company' },
      // the domains' field is the profile's (clarification P12)
      { anchor: '§7.3/DomainAlreadyRegistered', quote: 'AutoSenderDomain', silence: 'auto-sender-domains' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: "Create with an AutoSenderDomain of another company is refused with DomainAlreadyRegistered",
    needs: [...base.needs, autoSenderDomains],
  },
  async (t) => {
    const domain = buildDomain(t.prefix, 0);
    await givenCompany(t, company(t, 0, { AutoSenderDomains: [domain] }));
    const reply = await attemptCreate(t, company(t, 1, { AutoSenderDomains: [domain] }));
    expectErrors(reply, "spec §7.3 DomainAlreadyRegistered: 'An AutoSenderDomain is already associated with another company'", 'DomainAlreadyRegistered');
  },
);
