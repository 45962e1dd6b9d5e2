import type { Limit, LimitCell } from '../contract/limits.js';

/**
 * Words for the generated rules of the limits table (contract/limits.ts): titles that state what
 * each edge must do, so a rule's card says which edges it tries.
 */
const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/** "<title>: <edges> are accepted and read back; <edges> are refused with <error> and leave no effect". */
export function limitTitle(row: Limit, cells: readonly LimitCell[], read = 'read back'): string {
  const accepted = cells.filter((c) => c.edge.accepted).map((c) => c.edge.shows);
  const refused = cells.filter((c) => !c.edge.accepted).map((c) => c.edge.shows);
  const parts = [
    accepted.length ? `${list(accepted)} ${accepted.length > 1 ? 'are' : 'is'} accepted and ${read}` : '',
    refused.length ? `${list(refused)} ${refused.length > 1 ? 'are' : 'is'} refused with ${JSON.stringify(row.refusal)} and ${refused.length > 1 ? 'leave' : 'leaves'} no effect` : '',
  ].filter(Boolean);
  return `${row.title}: ${parts.join('; ')}`;
}
