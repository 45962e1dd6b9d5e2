import { z } from 'zod';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** Every string in a JSON value, at any depth. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

rule(
  {
    id: 'messaging-rest.account.details',
    spec: [
      { anchor: '§4.3/get-account-details', quote: 'Get your account details | (session) | account details' },
    ],
    interface: 'messaging-rest',
    operation: 'messaging-rest.GetAccountDetails',
    level: 'must',
    title: "Get your account details returns the session's own account: its details carry the user's e-mail address",
    needs: [iface('messaging-rest'), account('primary')],
  },
  async (t) => {
    const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
    // spec §4.3: 'fields not shown'; vendor-wire §1.2 calls it EmailAddress, any field will do
    const details = expectBody(await t.rest.details(primary.auth), z.looseObject({}), 'the account details (a JSON object)');
    check(
      strings(details).some((s) => s.toLowerCase() === primary.email.toLowerCase()),
      `GET /Account/Details: the details of ${primary.label} should name the account's e-mail address ${primary.email} (e.g. EmailAddress, vendor-wire §1.2); they do not.`,
    );
  },
);
