import { randomBytes, randomUUID } from 'node:crypto';
import { codeForErrorName, vendorErrorName, type ProvisioningErrorName } from '../../contract/provisioning.js';
import type { Variant } from '../variant.js';

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

export function provisioningChoices(variant: Variant): ProvisioningChoices {
  if (variant.name === 'alt') {
    return {
      errorValue: vendorErrorName,
      errorsAsNames: true,
      transactionId: () => String(Date.now()) + randomBytes(2).readUInt16BE().toString().padStart(5, '0'),
      responseIv: 'request',
      hashOver: 'ciphertext',
      extraFields: true,
      newAutomationId: () => randomBytes(12).toString('hex').toUpperCase(),
    };
  }
  return {
    errorValue: codeForErrorName,
    errorsAsNames: false,
    transactionId: () => randomUUID(),
    responseIv: 'fresh',
    hashOver: 'plaintext',
    extraFields: false,
    newAutomationId: () => randomUUID(),
  };
}
