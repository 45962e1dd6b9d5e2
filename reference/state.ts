import type { Clock } from './core/clock.js';
import { Credentials, DEFAULT_LIFETIMES, type Lifetimes } from './core/credentials.js';
import { Domain } from './core/domain.js';
import { Companies } from './core/companies.js';
import { SmtpSettings } from './core/smtp-settings.js';
import { provisioningChoices } from './provisioning/choices.js';
import { Provisioners } from './provisioning/provisioners.js';
import { MailCore } from './core/mail/index.js';
import { Faults } from './faults.js';
import type { Variant } from './variant.js';
import { mailChoices, type MailChoices } from './core/mail/choices.js';

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
  readonly faults: Faults;
  readonly variant: Variant;
  /** the variant's messaging readings, shared by both messaging adapters */
  readonly mail: MailChoices;
  readonly identityProvider: { resourceType: string; jwtSecret: string };
  /** counts every request served, for `npm run bench` */
  readonly stats: { requests: number };
}

export interface StateOptions {
  clock: Clock;
  variant: Variant;
  faults?: Faults;
  lockoutThreshold?: number;
  lifetimes?: Partial<Lifetimes>;
  identityProvider: { resourceType: string; jwtSecret: string };
}

export function createState(options: StateOptions): ReferenceState {
  const domain = new Domain(options.clock, options.variant, options.lockoutThreshold);
  const credentials = new Credentials(domain, { ...DEFAULT_LIFETIMES, ...options.lifetimes });
  return {
    domain,
    credentials,
    mailbox: new MailCore(domain, credentials, mailChoices(options.variant)),
    companies: new Companies(domain, provisioningChoices(options.variant).newAutomationId),
    provisioners: new Provisioners(),
    smtp: new SmtpSettings(domain),
    faults: options.faults ?? Faults.none(),
    variant: options.variant,
    mail: mailChoices(options.variant),
    identityProvider: options.identityProvider,
    stats: { requests: 0 },
  };
}
