import { shared } from '../shared-fixture.js';
import type { AccountRole } from '../../contract/profile.js';
import { MailSession } from '../fixtures/mailbox.js';
import { SoapSession } from '../fixtures/soap-session.js';
import type { RuleContext } from '../rule.js';

/**
 * Messaging sessions the field round trips share (harness/shared.ts): one REST and one SOAP log-on
 * per profile account and worker, logged out when the worker ends. Always a precondition of the
 * rule that asks (no rule of the matrix judges a log-on).
 */

export function restSession(t: RuleContext, role: AccountRole): Promise<MailSession> {
  return shared(t, `session:rest:${role}`, `log on as ${role} (REST)`, 'messaging-rest.LogOn', (s) => MailSession.open(s, role), []);
}

export function soapSession(t: RuleContext, role: AccountRole): Promise<SoapSession> {
  return shared(t, `session:soap:${role}`, `log on as ${role} (SOAP)`, 'messaging-soap.Logon', (s) => SoapSession.open(s, role), []);
}

/** The user's Inbox id, as its REST folder list names it (profile messaging.systemFolderNames). */
export async function inboxOf(t: RuleContext, role: AccountRole): Promise<number> {
  const session = await restSession(t, role);
  return shared(t, `inbox:${role}`, `find ${role}'s Inbox`, 'messaging-rest.ListFolders', async () => (await session.systemFolders()).inbox, []);
}
