import { partyRulesOf } from '../../contract/parties.js';
import { judgeParties } from '../../harness/fixtures/parties.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §5 item 9 and §2.3 'Folder id', for every REST operation that takes a MID or a folder id
 * and for every party that does not own it: the party matrix (contract/parties.ts), one rule per
 * operation and identifier, each party a cell with its own reference fault.
 */
for (const cell of partyRulesOf('messaging-rest')) {
  rule(
    {
      id: cell.rule,
      interface: 'messaging-rest',
      level: 'must',
      spec: cell.spec,
      operation: cell.operation,
      title: cell.title,
      needs: [iface('messaging-rest'), account('primary'), account('peer'), account('outsider')],
    },
    (t) => judgeParties(t, cell),
  );
}
