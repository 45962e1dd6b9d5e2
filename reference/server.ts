import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { ProfileInput } from '../contract/profile.js';
import { createApp } from './app.js';
import { systemClock, type Clock } from './core/clock.js';
import { Faults } from './faults.js';
import { Refusals } from './refusals.js';
import { seed } from './seed.js';
import { createState, DEFAULT_PLATFORM, type Platform, type ReferenceState } from './state.js';
import { EDITIONS, type Edition } from '../contract/profile.js';
import { startGateway } from './smtp/gateway.js';
import { defaultVariant, variantNamed, type Variant } from './variant.js';
import { PLATFORM, platformOf } from './axes/platform.js';
import { RESOURCE_TYPE_NAME } from './axes/token.js';

export interface StartOptions {
  port?: number;
  host?: string;
  clock?: Clock;
  variant?: Variant;
  faults?: Faults;
  /** test-only refusals (reference/refusals.ts); default from REFERENCE_REFUSE / REFERENCE_REFUSE_ROUND */
  refusals?: Refusals;
  /** edition and release to play (spec §9); default REFERENCE_EDITION / REFERENCE_RELEASE, else securemail 5.36 */
  platform?: Platform;
  /** port of the SMTP gateway (0 = a free port) */
  smtpPort?: number;
}

export interface RunningReference {
  url: string;
  /** where the SMTP gateway listens */
  smtp: { host: string; port: number };
  profile: ProfileInput;
  state: ReferenceState;
  close(): Promise<void>;
}

/** Starts a seeded reference server (port 0 = a free port) and returns its generated profile. */
export async function start(options: StartOptions = {}): Promise<RunningReference> {
  const variant = options.variant ?? variantNamed(process.env.REFERENCE_VARIANT);
  const state = createState({
    clock: options.clock ?? systemClock,
    variant,
    faults: options.faults ?? Faults.fromEnv(process.env),
    refusals: options.refusals ?? Refusals.fromEnv(process.env),
    identityProvider: { resourceType: variant.get(RESOURCE_TYPE_NAME), jwtSecret: randomBytes(24).toString('base64url') },
    platform: options.platform ?? platformFromEnv(process.env, variant),
  });
  const app = createApp(state);
  const host = options.host ?? '127.0.0.1';
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  // the SMTP gateway (spec §1, B7) on a port of its own beside HTTP
  const gateway = await startGateway(state, host, options.smtpPort ?? 0);
  return {
    url,
    smtp: { host: gateway.host, port: gateway.port },
    profile: seed(state, url, gateway),
    state,
    close: async () => {
      const footprintFile = process.env.REFERENCE_FAULT_FOOTPRINT;
      if (footprintFile) writeFileSync(footprintFile, JSON.stringify(state.faults.footprint()));
      const refusalLog = process.env.REFERENCE_REFUSE_LOG;
      if (refusalLog) writeFileSync(refusalLog, JSON.stringify(state.refusals.log()));
      await gateway.close();
      await new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}

/**
 * REFERENCE_EDITION (securemail | direct) and REFERENCE_RELEASE (e.g. 5.36): the platform the
 * reference plays, so a run can see spec §9's gating (the SOAP form up to securemail 5.36 and
 * direct 6.2). The generated profile carries them. A wrong value is refused in one sentence.
 * Where neither is set, the variant's reading of the platform axis (reference/axes/platform.ts).
 */
export function platformFromEnv(env: NodeJS.ProcessEnv, variant: Variant = defaultVariant): Platform {
  const edition = (env.REFERENCE_EDITION ?? '').trim();
  const release = (env.REFERENCE_RELEASE ?? '').trim();
  if (edition !== '' && !(EDITIONS as readonly string[]).includes(edition)) {
    throw new Error(`REFERENCE_EDITION is "${edition}"; set it to ${EDITIONS.join(' or ')}.`);
  }
  if (release !== '' && !/^\d+\.\d+$/.test(release)) throw new Error(`REFERENCE_RELEASE is "${release}"; set it to a release number such as 5.36.`);
  if (edition === '' && release === '') return platformOf(variant.get(PLATFORM));
  const chosen = (edition || DEFAULT_PLATFORM.edition) as Edition;
  return { edition: chosen, release: release || (chosen === 'direct' ? '6.2' : DEFAULT_PLATFORM.release) };
}
