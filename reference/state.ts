import type { Clock } from './core/clock.js';
import { Credentials, DEFAULT_LIFETIMES, type Lifetimes } from './core/credentials.js';
import { Domain } from './core/domain.js';
import { Mailbox } from './core/mailbox.js';
import { Faults } from './faults.js';
import type { Variant } from './variant.js';

/** Everything one reference server instance holds; route modules receive it whole. */
export interface ReferenceState {
  readonly domain: Domain;
  readonly credentials: Credentials;
  readonly mailbox: Mailbox;
  readonly faults: Faults;
  readonly variant: Variant;
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
  return {
    domain,
    credentials: new Credentials(domain, { ...DEFAULT_LIFETIMES, ...options.lifetimes }),
    mailbox: new Mailbox(domain),
    faults: options.faults ?? Faults.none(),
    variant: options.variant,
    identityProvider: options.identityProvider,
    stats: { requests: 0 },
  };
}
