import type { FaultId } from './faults.js';
import { MailError, type MailErrorCode } from './core/mail/errors.js';

/**
 * For the faults "refused, but made all the same" (issue 15 item 7: a refusal read back): runs
 * `attempt`; if it is refused with a code whose fault (one per adapter, so each form's fault stays
 * with its own rule) is on, `makeAnyway` runs before the refusal goes out.
 */
export function madeAnyway<T>(fault: (id: FaultId) => boolean, ids: Partial<Record<MailErrorCode, FaultId>>, attempt: () => T, makeAnyway: () => unknown): T {
  try {
    return attempt();
  } catch (e) {
    const id = e instanceof MailError ? ids[e.code] : undefined;
    if (id && fault(id)) makeAnyway();
    throw e;
  }
}
