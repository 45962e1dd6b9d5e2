import type { AxisReader } from './axes/axis.js';
import { IDS } from './axes/common.js';
import { mailReadings, SESSION_LIFETIME } from './axes/mail.js';
import { credentialShapes } from './common-readings.js';
import type { CoreReadings } from './core/readings.js';
import { provisioningReadings, type ProvisioningReadings } from './provisioning/readings.js';
import { smtpReadings, type SmtpReadings } from './smtp/readings.js';
import { LOCKING_ATTEMPT_ERROR } from './token/readings.js';

/**
 * The variant's readings, resolved ONCE when a server starts (reference/state.ts): the core's
 * (reference/core/readings.ts) and those of the interfaces that were resolved in several places.
 * Each axis is looked up here and nowhere in the core.
 */
export interface Readings {
  readonly core: CoreReadings;
  readonly provisioning: ProvisioningReadings;
  readonly smtp: SmtpReadings;
}

export function resolveReadings(variant: AxisReader): Readings {
  const smtp = smtpReadings(variant);
  return {
    core: {
      ids: variant.get(IDS),
      credentialShapes: credentialShapes(variant),
      sessionLifetime: variant.get(SESSION_LIFETIME),
      lockingAttemptError: variant.get(LOCKING_ATTEMPT_ERROR),
      smtp,
      mail: mailReadings(variant),
    },
    provisioning: provisioningReadings(variant),
    smtp,
  };
}
