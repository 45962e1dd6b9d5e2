import { partyRulesOf } from '../../contract/parties.js';
import { judgeAdminParties } from '../../harness/fixtures/admin-parties.js';
import { adminCredentials, iface, provisioningAccount } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §1 'company user accounts', §2.2 IdentityModel and AccountIndexRequestModel, for every
 * administration operation that takes an account identity or a CompanyId: the administrator of
 * another company gets nothing of a company's accounts and changes nothing of them. The party
 * matrix (contract/parties.ts), one rule per operation and identifier, with its own fault.
 */
for (const cell of partyRulesOf('admin')) {
  rule(
    {
      id: cell.rule,
      interface: 'admin',
      level: 'must',
      spec: cell.spec,
      operation: cell.operation,
      title: cell.title,
      needs: [iface('admin'), adminCredentials, iface('provisioning'), provisioningAccount],
      company: cell.company,
    },
    (t) => judgeAdminParties(t, cell),
  );
}
