import { CHANGES, CREDENTIALS, ACCEPTOR_DEFS } from '../contract/credentials.js';
import { CREDENTIAL_CELLS, stateChange, type CredentialCell } from '../contract/credential-cells.js';
import type { CredentialPolicy } from './core/credential-policy.js';
import type { FaultDef } from './fault-def.js';

/**
 * Teeth by construction: one fault per enforced cell of the credential matrix
 * (contract/credential-cells.ts), generated from the cell. Each answers the cell's one question
 * of the core's credential policy otherwise, and only for the cell's credential, interface and
 * state: a key that does not open the interface, a change that does not end the credential
 * there, a replacement that does not open it. The rule that enforces the cell must fail under it.
 */

export type CredentialFaultId = `credentials.${string}`;

function overrideOf(cell: CredentialCell): Partial<CredentialPolicy> {
  const here = (kind: string, at: string) => kind === cell.credential && at === cell.acceptor;
  const state = stateChange(cell.state);
  if (!state) return { opens: (kind, at) => !here(kind, at) };
  if (state.replacement) return { replacementOpens: (change, kind, at) => !(change === state.change && here(kind, at)) };
  return { ends: (change, kind, at) => !(change === state.change && here(kind, at)) };
}

/** What the server does wrong under the cell's fault, in one sentence. */
function breaksOf(cell: CredentialCell): string {
  const credential = CREDENTIALS[cell.credential].label;
  const acceptor = ACCEPTOR_DEFS[cell.acceptor].label;
  const change = cell.change ? CHANGES[cell.change].label : '';
  if (cell.state === 'issued') return `${credential} is refused by ${acceptor}`;
  if (cell.state.startsWith('issued-by-')) return `${credential} that ${change} hands out is refused by ${acceptor}`;
  return `after ${change}, ${credential} as it was before still opens ${acceptor}`;
}

export const CREDENTIAL_FAULTS: readonly (FaultDef & { readonly id: CredentialFaultId })[] = CREDENTIAL_CELLS.flatMap((cell) =>
  cell.fault && cell.rule ? [{ id: cell.fault as CredentialFaultId, rule: cell.rule, breaks: breaksOf(cell), credentials: overrideOf(cell) }] : [],
);
