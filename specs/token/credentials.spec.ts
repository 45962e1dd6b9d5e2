import { expectTokenError } from '../../harness/expect.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.credentials.invalid',
    spec: [
      { anchor: '§7.1/InvalidCredentials', quote: 'Invalid credentials' },
      { anchor: '§2.1/client_id', quote: 'The user name or e-mail address of the user' },
      { anchor: '§2.1/client_secret', quote: 'The password of the user' },
    ],
    title: 'a wrong client_secret, or an unknown client_id, is refused with 401 InvalidCredentials',
    needs: [iface('token'), account('primary')],
  },
  async (t) => {
    const primary = t.account('primary');
    expectTokenError(await t.token.clientCredentials({ username: primary.username, password: t.wrong('client_secret') }), 'InvalidCredentials');
    expectTokenError(await t.token.clientCredentials({ username: t.wrong('client_id', `${t.prefix}-nobody@example.invalid`), password: primary.password }), 'InvalidCredentials');
  },
);
