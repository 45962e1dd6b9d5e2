import { CREATE, generatedCells, limitRuleId } from '../../contract/limits.js';
import { limitTitle } from '../../harness/limit-edges.js';
import { iface, provisioningAccount } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { FIELD_LIMITS } from './limit-fields.js';
import { createEdges } from './limit-steps.js';
import { NAMED_ERROR, PROVISION } from './spec-refs.js';

/**
 * spec §4.5 Provision a company, Command Create, at the edges of the limits table
 * (contract/limits-provisioning.ts, limits-dates.ts) that no other rule tries: one generated rule
 * per limit, each edge just under, at or just over it. An accepted edge answers without errors
 * (and shows the value as sent, where the profile says Data carries the company, P13); a refused
 * edge names the limit's §7.3 error and leaves no company of its name behind.
 */
const READ = { anchor: '§2.4/ResponseModel', quote: 'Its fields: not shown.', silence: 'company-in-response' } as const;

for (const limit of FIELD_LIMITS) {
  const cells = generatedCells(limit.row, CREATE);
  if (cells.length === 0) continue;
  const refuses = cells.some((c) => !c.edge.accepted);
  rule(
    {
      interface: 'provisioning',
      operation: 'provisioning.Provision',
      level: 'must',
      id: limitRuleId(limit.row, CREATE),
      spec: [...limit.row.spec, PROVISION, { anchor: '§2.4/Command', quote: 'Create = 1' }, READ, ...(refuses ? [NAMED_ERROR] : [])],
      title: `Create: ${limitTitle(limit.row, cells, 'shown as sent where Data carries the company')}`,
      needs: [iface('provisioning'), provisioningAccount, ...(limit.needs ?? [])],
    },
    (t) => createEdges(t, limit, cells),
  );
}
