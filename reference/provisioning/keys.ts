import type { ProvisioningErrorName } from '../../contract/provisioning.js';
import type { Companies, CompanyKey } from '../core/companies.js';
import type { ProvisioningPolicy } from './policy.js';
import type { AxisReader } from '../axes/axis.js';
import { COMPANY_KEYS } from '../axes/provisioning.js';

/**
 * spec §4.5 Get an encryption key / Create a new encryption key, over AutomationKeyModel. The
 * company is the one the AutomationId belongs to, else the one with the ReferenceId.
 */

type KeyOutcome = { errors: ProvisioningErrorName[]; data?: { ReferenceId: string; AutomationId: string; ApiEncryptionKey: string } };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function companyFor(companies: Companies, model: Record<string, unknown>) {
  const automationId = text(model.AutomationId);
  const referenceId = text(model.ReferenceId);
  const byAutomation = automationId ? companies.byAutomationId(automationId) : undefined;
  const record = byAutomation ? companies.provisioned(byAutomation.company.id) : referenceId ? companies.byReferenceId(referenceId) : undefined;
  if (!record || (automationId && !byAutomation) || (referenceId && record.referenceId !== referenceId)) return undefined;
  return { record, automationId };
}

const view = (referenceId: string, key: CompanyKey) => ({ ReferenceId: referenceId, AutomationId: key.automationId, ApiEncryptionKey: key.apiEncryptionKey });

export function getEncryptionKey(companies: Companies, model: Record<string, unknown>, policy: ProvisioningPolicy): KeyOutcome {
  const found = companyFor(companies, model);
  if (!found) return { errors: ['CompanyNotFound'] };
  const { record, automationId } = found;
  const keys: Record<ReturnType<ProvisioningPolicy['keyGot']>, () => CompanyKey | undefined> = {
    named: () => companies.key(record.companyId, automationId!),
    // the AutomationId only checked to exist; the key made last
    latest: () => companies.key(record.companyId, automationId!) && companies.latestKey(record.companyId),
    default: () => companies.defaultKey(record.companyId),
    fresh: () => companies.newKey(record.companyId),
  };
  const key = keys[policy.keyGot(automationId !== undefined)]();
  return key ? { errors: [], data: view(record.referenceId, key) } : { errors: ['CompanyNotFound'] };
}

export function newEncryptionKey(companies: Companies, model: Record<string, unknown>, policy: ProvisioningPolicy, variant?: AxisReader): KeyOutcome {
  const found = companyFor(companies, model);
  if (!found) return { errors: ['CompanyNotFound'] };
  const { record, automationId } = found;
  let key: CompanyKey;
  if (automationId) {
    if (!policy.newKeyStored()) {
      // a fresh key not stored: the old one stays valid
      const old = companies.key(record.companyId, automationId)!;
      key = { automationId, apiEncryptionKey: Buffer.from(old.apiEncryptionKey, 'base64').reverse().toString('base64') };
    } else key = companies.newKey(record.companyId, automationId, 'provisioning-new-company-key');
  } else if (!policy.newKeyGeneratesAutomationId()) key = companies.newKey(record.companyId, companies.defaultKey(record.companyId).automationId);
  else key = companies.newKey(record.companyId);
  // P14, the other reading: 'invalidates existing keys' means every other AutomationId's key too
  if (variant?.get(COMPANY_KEYS) === 'all') companies.keepOnly(record.companyId, key.automationId);
  return { errors: [], data: view(record.referenceId, key) };
}
