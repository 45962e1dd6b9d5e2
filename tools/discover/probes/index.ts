import type { ProbeName } from '../../../contract/silences/discovery.js';
import type { Probe } from '../types.js';
import { adminOperations, adminTimestamp, adminUserTypes } from './admin.js';
import { changePassword, folderNameUnit, inboxIdCodes, mailFolders, mailTrash, searchFirstPage } from './mail.js';
import { provisioningCompany, provisioningErrors, secureContactsCount } from './provisioning.js';
import { smtpSubnet } from './smtp.js';
import { resourceType, tokenScheme } from './token.js';

/**
 * Every probe, by the name contract/silences/discovery.ts gives it (typed by PROBE_NAMES, so a
 * name without a probe fails tsc; a self-test checks each probe carries its own name). Run in this order: the admin
 * TimeStamp form first, since every later administration exchange speaks it.
 */
export const PROBES: Readonly<Record<ProbeName, Probe>> = {
  'token-scheme': tokenScheme,
  'resource-type': resourceType,
  'admin-timestamp': adminTimestamp,
  'admin-user-types': adminUserTypes,
  'admin-operations': adminOperations,
  'provisioning-errors': provisioningErrors,
  'provisioning-company': provisioningCompany,
  'secure-contacts-count': secureContactsCount,
  'mail-folders': mailFolders,
  'mail-trash': mailTrash,
  'folder-name-unit': folderNameUnit,
  'change-password': changePassword,
  'search-first-page': searchFirstPage,
  'inbox-id-codes': inboxIdCodes,
  'smtp-subnet': smtpSubnet,
};
