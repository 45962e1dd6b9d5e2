import { COMPANY_FIELDS } from '../../contract/field-models.js';
import type { FieldRule } from '../../contract/fields.js';
import type { InterfaceName } from '../../contract/profile.js';
import { account, adminCredentials, adminUserTypes, autoProvisioning, iface, identityProvider, mailboxXml, provisioningAccount, provisioningUserType, soapService } from '../needs.js';
import type { Need, RuleContext } from '../rule.js';
import { readAccount, writtenAccount } from './accounts.js';
import { autoProvisioned, readCompany, readProvisioned, writtenCompany } from './companies.js';
import { readFolder, writtenFolder } from './folders.js';
import { readMessage, writtenMessage } from './messages.js';
import { expectShown } from './rules.js';

/**
 * One generated rule of the matrix `fields`: the record its write wrote (a shared fixture,
 * harness/shared.ts), read once through its read, each of its cells held to what was sent.
 */
export async function roundTrip(t: RuleContext, r: FieldRule): Promise<void> {
  const { sent, shown, where } = await writeThenRead(t, r);
  expectShown(r, sent, shown, where);
}

type Read = { sent: Readonly<Record<string, unknown>>; shown?: Record<string, unknown>; where: string };

async function writeThenRead(t: RuleContext, { model, write, read }: FieldRule): Promise<Read> {
  switch (model.id) {
    case 'account': {
      const written = await writtenAccount(t, write, read);
      return { sent: written.sent, ...(await readAccount(t, read, written)) };
    }
    case 'company': {
      const written = await writtenCompany(t, write);
      return { sent: written.sent, ...(await readCompany(t, read, written)) };
    }
    case 'company-id': {
      const written = await autoProvisioned(t, write);
      const elsewhere = read.expects === 'absent' ? await writtenCompany(t, COMPANY_FIELDS.writes[0]!) : undefined;
      return { sent: written.sent, ...(await readProvisioned(t, read, written, elsewhere)) };
    }
    case 'folder': {
      const written = await writtenFolder(t, write);
      return { sent: written.sent, ...(await readFolder(t, read, written)) };
    }
    default: {
      const written = await writtenMessage(t, write);
      return { sent: written.sent, ...(await readMessage(t, read, written)) };
    }
  }
}

const interfaceOf = (operation: string) => operation.split('.')[0] as InterfaceName;

/** What a generated rule needs of the profile: its interfaces, and what its model's fixtures and read use. */
export function fieldNeeds({ model, write, read, cells }: FieldRule): Need[] {
  const operations = [write.operation, read.operation, ...(read.also ?? [])];
  const needs = [...new Set(operations.map(interfaceOf))].map((name) => (name === 'messaging-soap' ? soapService : iface(name)));
  if (read.operation === 'messaging-soap.GetMailboxXML') needs.push(mailboxXml);
  switch (model.id) {
    case 'account':
      needs.push(adminCredentials);
      if (read.operation === 'admin.ListAccounts') needs.push(adminUserTypes(1));
      if (cells.some((c) => c.field.name === 'UserTypeId')) needs.push(adminUserTypes(2));
      break;
    case 'company':
      needs.push(provisioningAccount);
      if (read.operation === 'admin.GetUserTypes') needs.push(provisioningUserType);
      break;
    case 'company-id':
      needs.push(identityProvider, autoProvisioning, adminCredentials);
      if (read.expects === 'absent') needs.push(iface('provisioning'), provisioningAccount);
      break;
    case 'folder':
      needs.push(account('primary'));
      break;
    default:
      needs.push(account('primary'), account('peer'), account('outsider'), iface('messaging-rest'));
  }
  return needs;
}
