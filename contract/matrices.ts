import { CREDENTIALS_MATRIX } from './credential-cells.js';
import { LIMITS_MATRIX } from './limits.js';
import { FIELDS_MATRIX } from './field-matrix.js';
import type { Matrix } from './matrix.js';
import { LISTING_MATRIX } from './listing-matrix.js';
import { PARTY_MATRIX } from './parties.js';
import { SOAP_ANSWERS } from './soap-answers.js';

/**
 * Every matrix the suite derives its generated checks from (contract/matrix.ts), in the order
 * docs/coverage.md shows them.
 */
export const MATRICES: readonly Matrix[] = [PARTY_MATRIX, CREDENTIALS_MATRIX, SOAP_ANSWERS, LIMITS_MATRIX, FIELDS_MATRIX, LISTING_MATRIX];
