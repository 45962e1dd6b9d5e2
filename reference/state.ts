import type { Clock } from './core/clock.js';
import { Credentials, DEFAULT_LIFETIMES, type Lifetimes } from './core/credentials.js';
import { Domain } from './core/domain.js';
import { Companies } from './core/companies.js';
import { SmtpSettings } from './core/smtp-settings.js';
import { AccountDirectory } from './core/accounts.js';
import { USER_TYPE_IDS } from './axes/admin.js';
import { Provisioners } from './provisioning/provisioners.js';
import { MailCore } from './core/mail/index.js';
import { Faults } from './faults.js';
import { Refusals } from './refusals.js';
import type { Variant } from './variant.js';
import type { MailReadings } from './core/mail/readings.js';
import { resolveReadings, type Readings } from './readings.js';
import type { Edition } from '../contract/profile.js';
import { PLATFORM, platformOf } from './axes/platform.js';

/** The edition and release the reference plays (spec §9 gates the SOAP form by them). */
export interface Platform {
  edition: Edition;
  release: string;
}

export const DEFAULT_PLATFORM: Platform = { edition: 'securemail', release: '5.36' };

/** Everything one reference server instance holds; route modules receive it whole. */
export interface ReferenceState {
  readonly domain: Domain;
  readonly credentials: Credentials;
  /** the messaging core (spec §3, §4.3): mailboxes, messages, sessions for both messaging adapters */
  readonly mailbox: MailCore;
  /** provisioned companies and company keys (spec §4.5); the administration interface reads keys here */
  readonly companies: Companies;
  /** provisioning accounts and platforms (spec §5.8) */
  readonly provisioners: Provisioners;
  /** company SMTP credentials and IP whitelists (spec §4.2, B7): administration writes, the gateway enforces */
  readonly smtp: SmtpSettings;
  /** administration's view of user accounts: AccountModel fields, user types, administrators, PSKs (spec §4.2) */
  readonly accounts: AccountDirectory;
  readonly faults: Faults;
  /** test-only refusals of whole operations (reference/refusals.ts, the precondition self-test) */
  readonly refusals: Refusals;
  readonly variant: Variant;
  /** the variant's readings, resolved once when the state is made (reference/readings.ts) */
  readonly readings: Readings;
  /** the variant's messaging readings, shared by both messaging adapters (readings.core.mail) */
  readonly mail: MailReadings;
  readonly identityProvider: { resourceType: string; jwtSecret: string };
  /** counts every request served, for `npm run bench`; with `served` set, also notes each request's rule and times */
  readonly stats: ServedStats;
  /** edition and release (REFERENCE_EDITION / REFERENCE_RELEASE), reflected in the generated profile */
  readonly platform: Platform;
}

/** One request as the reference served it: the rule that sent it (the rule channel) and when. */
export interface Served {
  readonly rule: string;
  readonly start: number;
  readonly end: number;
}

export interface ServedStats {
  requests: number;
  /** set to an empty list by whoever wants the requests noted (the bench's critical path); none by default */
  served?: Served[];
  /**
   * Set by the bench only: each answer is held this long before it is made, so the requests the
   * suite keeps in flight are in flight at the server too, where `served` counts them exactly.
   */
  holdMs?: number;
}

export interface StateOptions {
  clock: Clock;
  variant: Variant;
  faults?: Faults;
  refusals?: Refusals;
  lockoutThreshold?: number;
  lifetimes?: Partial<Lifetimes>;
  identityProvider: { resourceType: string; jwtSecret: string };
  platform?: Platform;
}

export function createState(options: StateOptions): ReferenceState {
  const readings = resolveReadings(options.variant);
  const domain = new Domain(options.clock, readings.core, options.lockoutThreshold);
  const credentials = new Credentials(domain, { ...DEFAULT_LIFETIMES, ...options.lifetimes });
  const companies = new Companies(domain, readings.provisioning.newAutomationId);
  return {
    domain,
    credentials,
    mailbox: new MailCore(domain, credentials, readings.core.mail),
    companies,
    accounts: new AccountDirectory(domain, companies, options.variant.get(USER_TYPE_IDS)),
    provisioners: new Provisioners(),
    smtp: new SmtpSettings(domain),
    faults: options.faults ?? Faults.none(),
    refusals: options.refusals ?? Refusals.none(),
    variant: options.variant,
    readings,
    mail: readings.core.mail,
    identityProvider: options.identityProvider,
    stats: { requests: 0 },
    // without one given, the variant's reading of the platform axis (securemail 5.36 by default)
    platform: options.platform ?? platformOf(options.variant.get(PLATFORM)),
  };
}
