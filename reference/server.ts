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
import { createState, type Platform, type ReferenceState } from './state.js';
import { startGateway } from './smtp/gateway.js';
import type { SmtpSink } from './smtp/tap.js';
import { defaultVariant, type Variant } from './variant.js';
import { PLATFORM, platformOf } from './axes/platform.js';
import { RESOURCE_TYPE_NAME } from './axes/token.js';

export interface StartOptions {
  port?: number;
  host?: string;
  clock?: Clock;
  variant?: Variant;
  faults?: Faults;
  /** test-only refusals (reference/refusals.ts); default none */
  refusals?: Refusals;
  /** edition and release to play (spec §9); default the variant's reading of the platform axis */
  platform?: Platform;
  /** where to write, on close, which rules reached each fault's check */
  footprintFile?: string;
  /** where to write, on close, the refusals made */
  refusalLog?: string;
  /** port of the SMTP gateway (0 = a free port) */
  smtpPort?: number;
}

export interface RunningReference {
  url: string;
  /** where the SMTP gateway listens */
  smtp: { host: string; port: number };
  profile: ProfileInput;
  state: ReferenceState;
  /** records the SMTP gateway's sessions, command by command, into `sink` (serve --judge); the returned function stops it */
  recordSmtp(sink: SmtpSink): () => void;
  close(): Promise<void>;
}

/**
 * Starts a seeded reference server (port 0 = a free port) and returns its generated profile.
 * It reads no environment: what is not given is the default (reference/config.ts reads the
 * environment's REFERENCE_* settings into these options).
 */
export async function start(options: StartOptions = {}): Promise<RunningReference> {
  const variant = options.variant ?? defaultVariant;
  const state = createState({
    clock: options.clock ?? systemClock,
    variant,
    faults: options.faults ?? Faults.none(),
    refusals: options.refusals ?? Refusals.none(),
    identityProvider: { resourceType: variant.get(RESOURCE_TYPE_NAME), jwtSecret: randomBytes(24).toString('base64url') },
    platform: options.platform ?? platformOf(variant.get(PLATFORM)),
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
    recordSmtp: (sink) => gateway.record(sink),
    close: async () => {
      if (options.footprintFile) writeFileSync(options.footprintFile, JSON.stringify(state.faults.footprint()));
      if (options.refusalLog) writeFileSync(options.refusalLog, JSON.stringify(state.refusals.log()));
      await gateway.close();
      await new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      });
    },
  };
}
