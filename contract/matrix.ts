/**
 * A structure the spec implies (who may touch what, what a state change takes away, every field
 * of a model, every limit, every listing), laid out as cells. The checks are derived from a
 * matrix's data, one generated rule per enforced cell, so no cell is checked only where someone
 * once wrote a rule for it; `npm run docs` shows every matrix in docs/coverage.md, each cell
 * enforced (by its rule), not observable (why) or not applicable (the profile key that decides).
 */
export const CELL_STATUSES = ['enforced', 'not observable', 'not applicable'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

export interface MatrixCell {
  /** the cell's place on each axis, in the matrix's axis order (e.g. ['messaging-rest.MoveMessage', 'DestinationFolderId', 'peer']) */
  readonly at: readonly string[];
  readonly status: CellStatus;
  /** the generated rule that enforces it (enforced cells) */
  readonly rule?: string;
  /** the reference fault that breaks exactly this cell (enforced cells) */
  readonly fault?: string;
  /** why the cell is not observable, or which profile key makes it not applicable */
  readonly reason?: string;
}

export interface Matrix {
  /** stable id, e.g. `parties` */
  readonly id: string;
  /** what the matrix is, in one line (a heading of docs/coverage.md) */
  readonly title: string;
  /** the spec units it is derived from */
  readonly anchors: readonly string[];
  /** the names of its axes, e.g. ['operation', 'identifier', 'party'] */
  readonly axes: readonly string[];
  readonly cells: readonly MatrixCell[];
}

/** Counts of a matrix's cells by status (the closing note's and the coverage page's figures). */
export function cellCounts(matrix: Matrix): Record<CellStatus, number> {
  const counts: Record<CellStatus, number> = { enforced: 0, 'not observable': 0, 'not applicable': 0 };
  for (const cell of matrix.cells) counts[cell.status] += 1;
  return counts;
}
