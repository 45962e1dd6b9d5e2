import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../reference/app.js';
import { ManualClock } from '../../reference/core/clock.js';
import { Faults } from '../../reference/faults.js';
import { seed } from '../../reference/seed.js';
import { start, type RunningReference } from '../../reference/server.js';
import { createState } from '../../reference/state.js';
import { defaultVariant, type Variant } from '../../reference/variant.js';

/** An in-process reference server (no socket): `app.request()` for fast self-tests. */
export function inProcessReference(faults: Faults = Faults.none(), variant: Variant = defaultVariant) {
  const clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));
  const state = createState({ clock, variant, faults, identityProvider: { resourceType: 'OpenIdConnect', jwtSecret: 'selftest-secret' } });
  const app = createApp(state);
  const profile = seed(state, 'http://reference.test');
  return { app, state, clock, profile };
}

/** A reference server on a port, started before the enclosing describe's tests and closed after them: call the getter inside a test. */
export function servedReference(): () => RunningReference {
  let ref: RunningReference | undefined;
  beforeAll(async () => {
    ref = await start();
  });
  afterAll(async () => {
    await ref?.close();
  });
  return () => ref!;
}
