import type { AccountRole } from '../../contract/profile.js';
import type { TokenErrorName } from '../../contract/token.js';
import { expectTokenError } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §7.1 rows that follow from the account's state, each checked with the right secret. */
const rows: Array<{ role: AccountRole; error: TokenErrorName; id: string; state: string }> = [
  { role: 'unverified', error: 'AccountUnverified', id: 'token.account.unverified', state: 'an account that has not been verified' },
  { role: 'ipRestricted', error: 'IpRestriction', id: 'token.account.ip-restricted', state: "an account whose permitted IP addresses exclude the caller's" },
  { role: 'expiredPassword', error: 'PasswordExpired', id: 'token.account.password-expired', state: 'an account whose password has expired' },
  { role: 'disabled', error: 'AccountDisabled', id: 'token.account.disabled', state: 'a disabled account' },
];

for (const row of rows) {
  rule(
    {
      id: row.id,
      section: '§7.1',
      interface: 'token',
      operation: 'token.Token',
      level: 'must',
      title: `client_credentials for ${row.state}, with the right secret, is refused with 401 ${row.error}`,
      needs: [iface('token'), account(row.role)],
    },
    async (t) => {
      expectTokenError(await t.token.clientCredentials(t.account(row.role)), row.error);
    },
  );
}
