import { keyAnswer } from './answers.js';
import { identified } from './accounts.js';
import type { AdminHandler } from './call.js';

/** spec §4.2 Get an encryption key (PSK) and Create a new encryption key (the company key of spec §4.5). */
export const keyHandlers: Record<string, AdminHandler> = {
  /** spec §4.2 Get an encryption key (PSK): the user's key, generated if absent. */
  'POST /account/getencryptionkey': async (call) => {
    const user = await identified(call);
    const key = call.policy.pskStable() ? call.state.accounts.userKey(user) : call.state.accounts.newUserKey(user);
    return keyAnswer(call.c, call.state.variant, call.policy.pskAnswer(key), 'EncryptionKey');
  },

  /** spec §4.2 Create a new encryption key: a new company key for the session's AutomationId; the old one stops working. */
  'POST /account/newencryptionkey': async (call) => {
    const { c, state, admin, sessionKey, policy } = call;
    // the identified user's company: the administrator's own, unless a party fault found another company's user
    const { companyId } = await identified(call);
    const own = companyId === admin.companyId;
    const automationId = (own ? state.accounts.sessionAutomationId(sessionKey) : undefined) ?? state.companies.defaultKey(companyId).automationId;
    const old = state.companies.key(companyId, automationId);
    // a new key not stored: the old one stays valid, the key answered opens nothing
    if (!policy.storesNewCompanyKey() && old) return keyAnswer(c, state.variant, Buffer.from(old.apiEncryptionKey, 'base64').reverse().toString('base64'), 'EncryptionKey');
    const key = state.companies.newKey(companyId, automationId, 'admin-new-company-key').apiEncryptionKey;
    if (old) state.accounts.seenKey(automationId, old.apiEncryptionKey);
    return keyAnswer(c, state.variant, key, 'EncryptionKey');
  },
};
