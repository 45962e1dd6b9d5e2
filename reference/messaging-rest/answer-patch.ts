import type { OperationId } from '../../contract/operations.js';
import type { User } from '../core/domain.js';
import type { FaultDef } from '../fault-def.js';

/** A success answer's JSON body. */
export type JsonBody = Record<string, unknown>;

/**
 * A fault's patch of what the REST form sends (edge.ts), declared beside its catalogue entry: the
 * JSON body of a success answer of `op`, as it leaves; `reader` is the user the call acts as.
 */
export interface RestAnswerPatch {
  readonly op: OperationId;
  readonly patch: (body: JsonBody, reader: User | undefined) => JsonBody;
}

/** A fault of the REST form's catalogue, with its patch at the edge where it is one. */
export interface RestFaultDef extends FaultDef {
  readonly answer?: RestAnswerPatch;
}
