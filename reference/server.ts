import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { ProfileInput } from '../contract/profile.js';
import { createApp } from './app.js';
import { systemClock, type Clock } from './core/clock.js';
import { Faults } from './faults.js';
import { seed } from './seed.js';
import { startGateway } from './smtp/gateway.js';
import { createState, type ReferenceState } from './state.js';
import { variantNamed, type Variant } from './variant.js';

export interface StartOptions {
  port?: number;
  host?: string;
  clock?: Clock;
  variant?: Variant;
  faults?: Faults;
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
  const state = createState({
    clock: options.clock ?? systemClock,
    variant: options.variant ?? variantNamed(process.env.REFERENCE_VARIANT),
    faults: options.faults ?? Faults.fromEnv(process.env),
    identityProvider: { resourceType: 'OpenIdConnect', jwtSecret: randomBytes(24).toString('base64url') },
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
      await gateway.close();
      await new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}
