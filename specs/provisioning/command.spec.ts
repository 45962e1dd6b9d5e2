import { iface, provisioningAccount } from '../../harness/needs.js';
import { attemptCreate, company, expectErrors } from '../../harness/fixtures/provisioning.js';
import { expectNotCreated } from '../../harness/fixtures/provisioning-reads.js';
import { rule } from '../../harness/rule.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/** spec §2.4 Command, §7.3 UnknownCommand. */
const base = { interface: 'provisioning' as const, operation: 'provisioning.Provision' as const, level: 'must' as const, needs: [iface('provisioning'), provisioningAccount] };

rule(
  {
    ...base,
    id: 'provisioning.command.unknown',
    spec: [
      { anchor: '§7.3/UnknownCommand', quote: 'Command other than Create (1), Update (2), Cancel (3)' },
      { anchor: '§2.4/Command', quote: 'Create = 1, Update = 2, Cancel = 3' },
      PROVISION,
      NAMED_ERROR,
    ],
    title: 'a Command other than Create (1), Update (2) or Cancel (3) is refused with UnknownCommand, and a CompanyModel sent with it makes no company',
  },
  async (t) => {
    for (const command of [0, 4, 99]) {
      const reply = await attemptCreate(t, company(t, 0), { command });
      expectErrors(reply, `spec §7.3 UnknownCommand; Command ${command}`, 'UnknownCommand');
    }
    await expectNotCreated(t, company(t, 0), 'Commands 0, 4 and 99');
  },
);
