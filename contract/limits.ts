import type { Matrix, MatrixCell } from './matrix.js';
import { limitFaultId, limitRuleId, type Edge, type Limit, type LimitOperation } from './limit-types.js';
import { MESSAGING_LIMITS } from './limits-messaging.js';
import { PROVISIONING_LIMITS } from './limits-provisioning.js';

export * from './limit-types.js';

/**
 * Every limit and comparison spec §2, §7.3 and §8 state, as data (rows in limits-messaging.ts and
 * limits-provisioning.ts, their shape in limit-types.ts). The generated rules
 * (specs/<interface>/limits*.spec.ts) try each edge in each operation; the reference generates
 * one fault per edge from the same rows (reference/messaging-rest/faults-limits.ts,
 * reference/provisioning/faults-limits.ts), and the matrix `limits` (contract/matrices.ts) shows
 * every cell, with its rule and fault, or why it has none.
 */

export const LIMITS: readonly Limit[] = [...MESSAGING_LIMITS, ...PROVISIONING_LIMITS];

export interface LimitCell<V = unknown> {
  readonly limit: Limit<V>;
  readonly operation: LimitOperation;
  readonly edge: Edge<V>;
  /** the rule that checks the cell and the fault that breaks exactly it; neither where `status` says why */
  readonly rule?: string;
  readonly fault?: string;
  /** whether the fault is the reference's generated one (else one of its catalogue) */
  readonly generatedFault: boolean;
  readonly status: 'enforced' | 'not observable' | 'not applicable';
  readonly reason?: string;
}

/** Every cell of one limit: each operation it applies to × each edge. */
export function cellsOf<V>(row: Limit<V>): LimitCell<V>[] {
  return row.appliesTo.flatMap((applies) =>
    row.edges.map((edge): LimitCell<V> => {
      const given = applies.cells?.[edge.edge];
      const base = { limit: row, operation: applies.operation, edge };
      if (given && 'status' in given) return { ...base, generatedFault: false, status: given.status, reason: given.reason };
      const rule = given?.rule ?? limitRuleId(row, applies.operation);
      const fault = given?.fault ?? limitFaultId(row, applies.operation, edge.edge);
      return { ...base, rule, fault, generatedFault: given?.fault === undefined, status: 'enforced' };
    }),
  );
}

/** The cells the generated rule of `row` in `op` checks (empty: the operation has no generated rule). */
export const generatedCells = <V>(row: Limit<V>, op: LimitOperation): LimitCell<V>[] =>
  cellsOf(row).filter((c) => c.operation === op && c.rule === limitRuleId(row, op));

/** Every cell of every limit. */
export const LIMIT_CELLS: readonly LimitCell[] = LIMITS.flatMap((row) => cellsOf(row));

/** The matrix of docs/coverage.md: limit × operation × edge. */
export const LIMITS_MATRIX: Matrix = {
  id: 'limits',
  title: 'Limits at the edge: every limit of spec §2, §7.3 and §8, just under, at and just over, in every operation that accepts the field',
  anchors: [...new Set(LIMITS.flatMap((row) => row.spec.map((r) => r.anchor)))],
  axes: ['limit', 'operation', 'edge'],
  cells: LIMIT_CELLS.map(
    (c): MatrixCell => ({
      at: [c.limit.id, c.operation, `${c.edge.edge}: ${c.edge.shows}`],
      status: c.status,
      ...(c.rule ? { rule: c.rule } : {}),
      ...(c.fault ? { fault: c.fault } : {}),
      ...(c.reason ? { reason: c.reason } : {}),
    }),
  ),
};
