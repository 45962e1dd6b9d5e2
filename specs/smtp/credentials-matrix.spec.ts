import { cellRule, generatedCells } from '../../contract/credential-cells.js';
import { cellNeeds, checkCell } from '../../harness/fixtures/credentials.js';
import { rule } from '../../harness/rule.js';

/**
 * The cells of the credential matrix (contract/credential-cells.ts) where smtp takes the
 * credential: one generated rule each, its spec words, judged operations and title from the cell.
 */
for (const cell of generatedCells('smtp')) {
  const { spec, operation, title, company } = cellRule(cell);
  rule({ id: cell.rule!, spec, interface: 'smtp', operation, level: 'must', title, needs: cellNeeds(cell), ...(company ? { company } : {}) }, (t) => checkCell(t, cell));
}
