import { SILENCES } from '../../contract/silences/index.js';
import type { CliResult } from './cli.js';

/**
 * Under a variant, a rule may be not applicable only because the reference's profile declares a
 * reading under which the rule cannot be checked (a profile key of the silences catalogue, e.g.
 * messaging.trashAdvance "server"): that is what the suite must do for such a target too.
 */
export const DECLARED_READINGS = SILENCES.flatMap((s) => (s.profileKey ? [s.profileKey] : []));
export const declaredReading = (line: string) => / notApplicable /.test(line) && DECLARED_READINGS.some((key) => line.includes(`(${key}`) || line.includes(` ${key})`) || line.includes(`${key};`));

/** The rules of a run that did not pass, one line each. */
export const failing = (run: CliResult) => run.summary().rules.filter((r) => r.outcome !== 'pass').map((r) => `${r.id}: ${r.outcome} ${r.reason ?? ''}`);
