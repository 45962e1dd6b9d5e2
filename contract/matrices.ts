import { CREDENTIALS_MATRIX } from './credential-cells.js';
import type { Matrix } from './matrix.js';
import { PARTY_MATRIX } from './parties.js';

/**
 * Every matrix the suite derives its generated checks from (contract/matrix.ts), in the order
 * docs/coverage.md shows them.
 */
export const MATRICES: readonly Matrix[] = [PARTY_MATRIX, CREDENTIALS_MATRIX];
