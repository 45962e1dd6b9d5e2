import type { ProfileInput } from '../../contract/profile.js';
import type { Switch } from './client.js';
import { callSwitches } from './switches-calls.js';
import { WIRE_SWITCHES } from './switches-wire.js';

/**
 * The deviant client's switches, one per client rule (as reference/faults.ts has a fault per
 * server rule): under its switch the client breaks exactly what that rule judges, once, in the
 * session that exercises it. The self-test (selftest/client-rules.test.ts) proves each rule fails
 * under its switch and passes with the switch off, and that every rule has one.
 */
export function clientSwitches(profile: ProfileInput): Switch[] {
  return [...callSwitches(profile), ...WIRE_SWITCHES];
}
