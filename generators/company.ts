import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import type { CobrandModel, CompanyModel, SecureContactModel, UserModel, UserTypeModel } from '../contract/provisioning.js';
import { companyName } from './company-name.js';
import { shiftDate } from './expiration-date.js';
import { freshReferenceId } from './reference-id.js';

/**
 * Realistic companies and administrators (faker, seeded from the run seed so a run replays),
 * valid by every rule of spec §7.3 and §8 unless a test overrides a field: a future
 * ExpirationDate, a yearly billing interval, a well-formed admin e-mail address unique to the
 * test, and the profile's plain user type. Names and reference ids carry the run prefix.
 */

export interface CompanyPlan {
  /** the test's unique prefix (t.prefix) */
  prefix: string;
  /** numbers the test's companies: 0, 1, ... */
  n: number;
  /** run seed, so the same run builds the same companies */
  seed: number;
  today: Date;
  /** user types the company gets (spec §2.4 UserTypes) */
  userTypes?: UserTypeModel[];
}

/**
 * The English faker, seeded for `plan` and used at once: every builder below draws all it needs
 * synchronously right after this call, calling no other builder in between, so nothing another
 * plan seeded can reach its draws, and a plan's values are those of a fresh instance with its
 * seed (making one per plan binds some 400 methods: 0.3 s of CPU per vitest worker). The English
 * build, not the package's main entry, which loads all its locales (about 0.4 s of CPU in every
 * worker).
 */
function fakerFor(plan: Pick<CompanyPlan, 'prefix' | 'n' | 'seed'>): Faker {
  let h = plan.seed >>> 0;
  for (const ch of `${plan.prefix}/${plan.n}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  english.seed(h);
  return english;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 16) || 'x';

/** spec §2.4 UserModel: an administrator with an address no other test uses. */
export function buildAdmin(plan: Pick<CompanyPlan, 'prefix' | 'n' | 'seed'>, role = 'admin'): UserModel {
  const f = fakerFor(plan);
  const FirstName = f.person.firstName();
  const LastName = f.person.lastName();
  return {
    Email: `${slug(FirstName)}.${slug(LastName)}.${role}${plan.n}.${plan.prefix.toLowerCase()}@example.com`,
    FirstName,
    LastName,
    PhoneNumber: f.phone.number({ style: 'national' }),
  };
}

/** spec §2.4 CompanyModel, valid; Cobrand and AutoSenderDomains only when a test adds them. */
export function buildCompany(plan: CompanyPlan, overrides: Partial<CompanyModel> = {}): CompanyModel {
  // the administrator first: its builder seeds the faker again, so no draw of this one may follow it
  const Admin = buildAdmin(plan);
  const f = fakerFor(plan);
  return {
    ReferenceId: freshReferenceId(plan.prefix, plan.n),
    CompanyName: companyName(plan.prefix, plan.n, f.company.name()),
    ExpirationDate: shiftDate(plan.today, 365 + f.number.int({ min: 0, max: 720 })),
    Status: 0,
    Admin,
    UserTypes: plan.userTypes ?? [],
    BillingInterval: { Monthly: false, Years: 1 },
    ...overrides,
  };
}

/** spec §2.4 CobrandModel: a portal URL and a hex colour, optionally secure contacts. */
export function buildCobrand(plan: Pick<CompanyPlan, 'prefix' | 'n' | 'seed'>, secureContacts?: SecureContactModel): CobrandModel {
  const f = fakerFor({ ...plan, n: plan.n + 1000 });
  const cobrand: CobrandModel = { Color: f.color.rgb({ format: 'hex', casing: 'upper' }), Url: `https://${plan.prefix.toLowerCase()}${plan.n}.portal.example.com` };
  if (secureContacts) cobrand.SecureContacts = secureContacts;
  return cobrand;
}

/** spec §2.4 SecureContactModel of a user type, with its own unique address. */
export function buildSecureContact(plan: Pick<CompanyPlan, 'prefix' | 'n' | 'seed'>, userTypeCode: string): SecureContactModel {
  const admin = buildAdmin({ ...plan, n: plan.n + 2000 }, 'contact');
  return { DisplayName: `${admin.FirstName} ${admin.LastName}`, Email: admin.Email, UserTypeCode: userTypeCode };
}

/** An AutoSenderDomain (vendor-wire §5) unique to the test. */
export const buildDomain = (prefix: string, n: number): string => `${prefix.toLowerCase()}-${n}.senders.example.com`;
