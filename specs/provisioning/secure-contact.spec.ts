import type { UserTypeModel } from '../../contract/provisioning.js';
import { buildCobrand, buildSecureContact } from '../../generators/company.js';
import { iface, provisioningAccount, provisioningUserType, secureContactUserType } from '../../harness/needs.js';
import { attemptCreate, company, expectAccepted, expectErrors, expectOneOf, plainUserTypes } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated, expectShown } from '../../harness/fixtures/provisioning-reads.js';
import { rule, type RuleContext } from '../../harness/rule.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/**
 * spec §2.4 SecureContactModel (inside CobrandModel), §7.3 Cobrand rows and
 * CouldNotAddUserToUserType, §8 'SecureContacts: no more than the licenses of the specified user
 * type'. The suite sends one SecureContactModel, the spec's and the vendor's form.
 */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const };
const needs = [iface('provisioning'), provisioningAccount, secureContactUserType];

const seedOf = (t: RuleContext, n: number) => ({ prefix: t.prefix, n, seed: t.run.settings.seed });
const scType = (t: RuleContext) => t.profile.provisioning!.secureContactUserTypeCode!;
const withSecureContactType = (t: RuleContext, licenses: number): UserTypeModel[] => [...plainUserTypes(t), { UserTypeCode: scType(t), LicenseQuantity: licenses }];

rule(
  {
    ...base,
    needs,
    id: 'provisioning.secure-contact.requires-cobrand',
    spec: [
      { anchor: '§7.3/SecureContactRequiresCobrand', quote: 'A SecureContact needs a cobrand to be specified' },
      { anchor: '§7.3/IncompleteCobrandData', quote: 'Cobrand data other than SecureContacts is missing on create or update' },
      // where both rows fit, either name (clarification P3)
      { anchor: '§2.4/CobrandModel', quote: 'All cobrand data except SecureContacts is required on create or update.', silence: 'contact-without-cobrand' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a SecureContact whose Cobrand has neither Url nor Color is refused with SecureContactRequiresCobrand or IncompleteCobrandData',
  },
  async (t) => {
    // clarification P3: spec §2.4 makes such a request fit both rows; either name is the spec's
    const Cobrand = { SecureContacts: buildSecureContact(seedOf(t, 0), scType(t)) };
    const reply = await attemptCreate(t, company(t, 0, { Cobrand }, withSecureContactType(t, 2)));
    expectOneOf(
      reply,
      "spec §7.3 SecureContactRequiresCobrand: 'A SecureContact needs a cobrand to be specified'; IncompleteCobrandData: 'Cobrand data other than SecureContacts is missing'",
      ['SecureContactRequiresCobrand', 'IncompleteCobrandData'],
    );
  },
);

rule(
  {
    ...base,
    needs: [iface('provisioning'), provisioningAccount, provisioningUserType],
    id: 'provisioning.secure-contact.not-allowed',
    spec: [
      { anchor: '§7.3/SecureContactProvisioningNotAllowed', quote: 'No user type of the company includes SecureContact functionality' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a SecureContact for a company none of whose user types includes SecureContact functionality is refused with SecureContactProvisioningNotAllowed',
  },
  async (t) => {
    const plain = plainUserTypes(t);
    const Cobrand = buildCobrand(seedOf(t, 0), buildSecureContact(seedOf(t, 0), plain[0]!.UserTypeCode));
    const reply = await attemptCreate(t, company(t, 0, { Cobrand }, plain));
    expectErrors(reply, "spec §7.3 SecureContactProvisioningNotAllowed: 'No user type of the company includes SecureContact functionality'", 'SecureContactProvisioningNotAllowed');
  },
);

rule(
  {
    ...base,
    needs,
    id: 'provisioning.secure-contact.more-than-licenses',
    spec: [
      { anchor: '§8/SecureContacts', quote: 'no more than the licenses of the specified user type' },
      { anchor: '§7.3/MoreSecureContactsThanLicenses', quote: 'More SecureContacts requested than licenses of the user type' },
      // one SecureContactModel is sent, the type given 0 licenses (clarification P2)
      { anchor: '§2.4/CobrandModel', quote: 'SecureContacts (SecureContactModel)', silence: 'secure-contacts-shape' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a SecureContact of a user type with no licenses left (LicenseQuantity 0) is refused with MoreSecureContactsThanLicenses and makes no company',
  },
  async (t) => {
    // the plain type's licenses must not count: the limit is per 'specified user type' (spec §8)
    const Cobrand = buildCobrand(seedOf(t, 0), buildSecureContact(seedOf(t, 0), scType(t)));
    const reply = await attemptCreate(t, company(t, 0, { Cobrand }, withSecureContactType(t, 0)));
    expectErrors(reply, "spec §8: 'no more than the licenses of the specified user type'; 1 SecureContact, LicenseQuantity 0", 'MoreSecureContactsThanLicenses');
    await expectNotCreated(t, company(t, 0), '1 SecureContact of 0 licenses');
  },
);

rule(
  {
    ...base,
    needs,
    id: 'provisioning.secure-contact.up-to-licenses-accepted',
    spec: [
      { anchor: '§8/SecureContacts', quote: 'no more than the licenses of the specified user type' },
      { anchor: '§2.4/CobrandModel', quote: 'SecureContacts (SecureContactModel)', silence: 'secure-contacts-shape' },
      PROVISION,
    ],
    title: 'as many SecureContacts as the licenses of their user type (1 of 1) are accepted, and shown where Data carries the company',
  },
  async (t) => {
    const Cobrand = buildCobrand(seedOf(t, 0), buildSecureContact(seedOf(t, 0), scType(t)));
    const model = company(t, 0, { Cobrand }, [{ UserTypeCode: scType(t), LicenseQuantity: 1 }]);
    const reply = await attemptCreate(t, model);
    const why = "spec §8: 'no more than the licenses of the specified user type'; 1 SecureContact, LicenseQuantity 1";
    expectAccepted(reply, why);
    expectShown(t, reply, model, ['UserTypes', 'Cobrand'], why);
  },
);

rule(
  {
    ...base,
    needs,
    id: 'provisioning.secure-contact.admin-refused',
    spec: [
      { anchor: '§7.3/CouldNotAddUserToUserType', quote: 'User already a paid user or in the administrative role' },
      // whether this contact is 'in the administrative role' is the target's reading (clarification P6)
      { anchor: '§7.3/CouldNotAddUserToUserType', quote: 'in the administrative role', silence: 'administrative-role-contact' },
      PROVISION,
      NAMED_ERROR,
    ],
    title:
      "a SecureContact with the administrator's own e-mail address is either accepted or refused naming CouldNotAddUserToUserType, the row for a user in the administrative role",
  },
  async (t) => {
    // clarification P6: whether this contact is 'in the administrative role' is the target's reading; if it refuses, the row is this one
    const model = company(t, 0, {}, withSecureContactType(t, 2));
    const contact = { ...buildSecureContact(seedOf(t, 0), scType(t)), Email: model.Admin.Email };
    const reply = await attemptCreate(t, { ...model, Cobrand: buildCobrand(seedOf(t, 0), contact) });
    if (reply.model && reply.res.status === 200 && reply.errors.length === 0 && reply.unrecognized.length === 0) return;
    expectErrors(reply, "spec §7.3 CouldNotAddUserToUserType: 'User already a paid user or in the administrative role'", 'CouldNotAddUserToUserType');
  },
);
