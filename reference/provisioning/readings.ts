import { randomBytes, randomUUID } from 'node:crypto';
import { codeForErrorName, vendorErrorName, type ProvisioningErrorName } from '../../contract/provisioning.js';
import type { AxisReader } from '../axes/axis.js';
import { EXTRA_FIELDS } from '../axes/common.js';
import { AUTOMATION_ID, ERROR_FORM, HASH_OVER, RESPONSE_IV, TRANSACTION_ID } from '../axes/provisioning.js';
import type { Reading } from '../../contract/silences/index.js';

/**
 * The provisioning interface's legal alternatives (reference/variant.ts): where spec §2.4 says
 * the ResponseModel's fields are 'not shown' and vendor-wire §8.5 lists the response Hash, the
 * IV and the error form as unknown, `default` follows B5 / DMWEB-CS and `alt` differs.
 */
export interface ProvisioningReadings {
  /** B5: integers of the vendor enum, or (profile reportsErrorNames) the vendor's names */
  errorValue(name: ProvisioningErrorName): number | string;
  readonly errorsAsNames: boolean;
  transactionId(): string;
  /** DMWEB-CS reads the response IV; DMWEB-JAVA reuses the request IV: echoing it suits both */
  readonly responseIv: Reading<'response-crypto'>;
  /** vendor-wire §8.5: the response Hash's semantics are unknown */
  readonly hashOver: Reading<'response-hash'>;
  readonly extraFields: boolean;
  newAutomationId(): string;
}

export function provisioningReadings(variant: AxisReader): ProvisioningReadings {
  const errorsAsNames = variant.get(ERROR_FORM) === 'names';
  return {
    errorValue: errorsAsNames ? vendorErrorName : codeForErrorName,
    errorsAsNames,
    transactionId:
      variant.get(TRANSACTION_ID) === 'numeric' ? () => String(Date.now()) + randomBytes(2).readUInt16BE().toString().padStart(5, '0') : () => randomUUID(),
    responseIv: variant.get(RESPONSE_IV),
    hashOver: variant.get(HASH_OVER),
    extraFields: variant.get(EXTRA_FIELDS),
    newAutomationId: variant.get(AUTOMATION_ID) === 'hex24' ? () => randomBytes(12).toString('hex').toUpperCase() : () => randomUUID(),
  };
}
