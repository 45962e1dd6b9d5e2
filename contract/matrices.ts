import type { Matrix } from './matrix.js';
import { SOAP_ANSWERS } from './soap-answers.js';

/**
 * Every matrix the suite derives its generated checks from (contract/matrix.ts), in the order
 * docs/coverage.md shows them.
 */
export const MATRICES: readonly Matrix[] = [SOAP_ANSWERS];
