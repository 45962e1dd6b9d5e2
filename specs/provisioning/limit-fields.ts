import { EXPIRATION_DAY, EXPIRATION_DAY_30, EXPIRATION_DAY_FEBRUARY, EXPIRATION_DAY_LEAP_FEBRUARY, EXPIRATION_MONTH, EXPIRATION_NOT_PAST, type DateValue } from '../../contract/limits-dates.js';
import { BILLING_MONTHLY, BILLING_YEARLY, COMPANY_STATUS_LIMIT, LICENSE_QUANTITY, SECURE_CONTACTS, type BillingValue } from '../../contract/limits-provisioning.js';
import type { Limit } from '../../contract/limits.js';
import type { CompanyModel } from '../../contract/provisioning.js';
import { buildCobrand, buildSecureContact } from '../../generators/company.js';
import { edgeDate, shiftDate } from '../../generators/expiration-date.js';
import { plainUserTypes } from '../../harness/fixtures/provisioning.js';
import { secureContactUserType } from '../../harness/needs.js';
import type { Need, RuleContext } from '../../harness/rule.js';
import type { FieldLimit } from './limit-steps.js';

/**
 * The CompanyModel fields each edge of the provisioning limits sets (contract/limits-*.ts), for
 * the generated rules of limits-create.spec.ts and limits-update.spec.ts.
 */
export interface Generated<V> extends FieldLimit<V> {
  /** what the rules of this limit need besides the provisioning account */
  readonly needs?: readonly Need[];
}

/** One entry, its value type checked against its row's, then kept as data of any row. */
const field = <V>(f: Generated<V>): Generated<unknown> => f as Generated<unknown>;

const date = (row: Limit<DateValue>) => field({ row, fields: (_t, v: DateValue) => ({ ExpirationDate: edgeDate(new Date(), v) }), shows: ['ExpirationDate'] });
const billing = (row: Limit<BillingValue>, start: BillingValue) =>
  field({
    row,
    fields: (_t, v: BillingValue) => ({ BillingInterval: { Monthly: v.monthly, Years: v.years } }),
    shows: ['BillingInterval'],
    start: () => ({ BillingInterval: { Monthly: start.monthly, Years: start.years } }),
  });

const scCode = (t: RuleContext) => t.profile.provisioning!.secureContactUserTypeCode!;
const seed = (t: RuleContext, n: number) => ({ prefix: t.prefix, n, seed: t.run.settings.seed });
/** The secure-contact type with `licenses` licenses beside the plain one (spec §2.4 UserTypes). */
const withScType = (t: RuleContext, licenses: number): CompanyModel['UserTypes'] => [...plainUserTypes(t), { UserTypeCode: scCode(t), LicenseQuantity: licenses }];

export const FIELD_LIMITS: readonly Generated<unknown>[] = [
  field({
    row: COMPANY_STATUS_LIMIT,
    fields: (_t, v) => ({ Status: v.status }),
    shows: ['Status'],
    // Status 2 (Cancelled) last and alone: what follows a cancellation is not shown (§3.3)
    alone: (v) => v.status === 2,
    start: () => ({ Status: 1 }),
  }),
  date(EXPIRATION_MONTH),
  date(EXPIRATION_DAY),
  date(EXPIRATION_DAY_30),
  date(EXPIRATION_DAY_FEBRUARY),
  date(EXPIRATION_DAY_LEAP_FEBRUARY),
  field({ row: EXPIRATION_NOT_PAST, fields: (_t, v) => ({ ExpirationDate: shiftDate(new Date(), v.daysFromToday) }), shows: ['ExpirationDate'] }),
  billing(BILLING_MONTHLY, { monthly: false, years: 1 }),
  billing(BILLING_YEARLY, { monthly: true, years: 0 }),
  // one SecureContact of its own per edge (an address is one company's, §7.3 UserNotInCompany)
  field({
    row: SECURE_CONTACTS,
    fields: (t, v) => ({ UserTypes: withScType(t, v.licenses), Cobrand: buildCobrand(seed(t, 0), buildSecureContact(seed(t, 10 + v.licenses), scCode(t))) }),
    shows: ['UserTypes', 'Cobrand'],
    // each accepted edge adds its contact to a company of its own: whether a contact sent again is a new one is not shown
    alone: (v) => v.contacts <= v.licenses,
    start: (t) => ({ UserTypes: withScType(t, 2), Cobrand: buildCobrand(seed(t, 0)) }),
    kept: ['ExpirationDate', 'BillingInterval', 'UserTypes', 'SecureContacts'],
    needs: [secureContactUserType],
  }),
  // the type's one user is a SecureContact (clarification P5); the Update resends the cobrand without it (P4)
  field({
    row: LICENSE_QUANTITY,
    fields: (t, v) => ({ UserTypes: withScType(t, v.quantity), Cobrand: buildCobrand(seed(t, 0)) }),
    shows: ['UserTypes'],
    start: (t) => ({ UserTypes: withScType(t, 1), Cobrand: buildCobrand(seed(t, 0), buildSecureContact(seed(t, 0), scCode(t))) }),
    needs: [secureContactUserType],
  }),
];
