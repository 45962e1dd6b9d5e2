import { axis } from '../variant/axis.js';

/** The token interface's readings where spec §4.1, §5.3 and §7.1 leave room (clarifications T2-T4). */

/** spec §7.1 lists IdTokenInvalid under both 400 and 401. */
export const ID_TOKEN_INVALID_STATUS = axis('token.id-token-invalid-status', 'id-token-invalid-status', [401, 400]);
/** T4: the error of the attempt that reaches the lockout threshold is not documented. */
export const LOCKING_ATTEMPT_ERROR = axis('token.locking-attempt-error', 'lockout-threshold-attempt', ['AccountLockedOut', 'InvalidCredentials']);
/** T2 / B2: /token/challenge may hand back new tokens or the ones it was given. */
export const CHALLENGE_ROTATES = axis('token.challenge-rotates-tokens', 'challenge-response', [false, true]);

export const TOKEN_AXES = [ID_TOKEN_INVALID_STATUS, LOCKING_ATTEMPT_ERROR, CHALLENGE_ROTATES];
