import { randomBytes, randomUUID } from 'node:crypto';
import { codeForErrorName, vendorErrorName, type ProvisioningErrorName } from '../../contract/provisioning.js';
import type { Variant } from '../variant.js';
import { axis } from '../variant/axis.js';
import { EXTRA_FIELDS } from '../variant/common.js';

/**
 * The provisioning interface's legal alternatives (reference/variant.ts): where spec §2.4 says
 * the ResponseModel's fields are 'not shown' and vendor-wire §8.5 lists the response Hash, the
 * IV and the error form as unknown, `default` follows B5 / DMWEB-CS and `alt` differs.
 */
export interface ProvisioningChoices {
  /** B5: integers of the vendor enum, or (profile reportsErrorNames) the vendor's names */
  errorValue(name: ProvisioningErrorName): number | string;
  readonly errorsAsNames: boolean;
  transactionId(): string;
  /** DMWEB-CS reads the response IV; DMWEB-JAVA reuses the request IV: echoing it suits both */
  readonly responseIv: 'fresh' | 'request';
  /** vendor-wire §8.5: the response Hash's semantics are unknown */
  readonly hashOver: 'plaintext' | 'ciphertext';
  readonly extraFields: boolean;
  newAutomationId(): string;
}

/** The readings of the provisioning silences (spec §2.4 'ResponseModel … not shown', vendor-wire §8.5). */
export const ERROR_FORM = axis('provisioning.error-form', 'response-model', ['codes', 'names']);
export const TRANSACTION_ID = axis('provisioning.transaction-id', 'response-model', ['guid', 'numeric']);
// default: echo the request IV, which both clients decrypt with (DMWEB-CS reads the response IV, DMWEB-JAVA reuses its own; clarifications V2)
export const RESPONSE_IV = axis('provisioning.response-iv', 'response-crypto', ['request', 'fresh']);
export const HASH_OVER = axis('provisioning.response-hash', 'response-crypto', ['plaintext', 'ciphertext']);
export const AUTOMATION_ID = axis('provisioning.automation-id', 'automation-id-format', ['guid', 'hex24']);

export const PROVISIONING_AXES = [ERROR_FORM, TRANSACTION_ID, RESPONSE_IV, HASH_OVER, AUTOMATION_ID];

export function provisioningChoices(variant: Variant): ProvisioningChoices {
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
