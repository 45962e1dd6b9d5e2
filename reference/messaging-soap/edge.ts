import type { FaultCheck, FaultId } from '../faults.js';
import { reshapeWith, type RefusalCause, type RefusalEdge, type SoapFaultDef, type WrittenRefusal } from './answer-faults.js';
import type { SuccessAnswer } from './envelope.js';
import { MESSAGING_SOAP_FAULTS } from './faults.js';

/**
 * The SOAP form's edge (routes.ts): what it sends, as the faults on for the request patch it
 * (each patch declared beside its catalogue entry, faults.ts). A patch is asked for only where
 * its answer leaves, so a fault's footprint is the rules whose requests get that answer.
 */

const PATCHES: readonly (SoapFaultDef & { readonly id: FaultId })[] = MESSAGING_SOAP_FAULTS.filter((f) => 'answer' in f || 'refusal' in f);

/** The Result text `op` gives, as the faults on for this request patch it before it is written. */
export function patchResult(fault: FaultCheck, op: string, text: string | undefined): string | undefined {
  return PATCHES.reduce((t, f) => (f.answer?.result && f.answer.op === op && fault(f.id) ? f.answer.result(t) : t), text);
}

/** A success answer as written, as the faults on for this request reshape it. */
export function reshapeAnswer(fault: FaultCheck, a: SuccessAnswer): SuccessAnswer {
  return reshapeWith(PATCHES, fault, a);
}

/** A refusal as written, as the faults on for this request patch it. */
export function patchRefusal(fault: FaultCheck, cause: RefusalCause, edge: RefusalEdge, written: WrittenRefusal): WrittenRefusal {
  return PATCHES.reduce((r, f) => {
    const p = f.refusal;
    const applies = p && (p.causes === 'any' || p.causes.includes(cause)) && (p.op === undefined || p.op === edge.op);
    return applies && fault(f.id) ? p.patch(r, edge) : r;
  }, written);
}
