import { COMPANY_FIELDS, ACCOUNT_FIELDS, TOKEN_FIELDS } from './field-models.js';
import { FOLDER_FIELDS, MESSAGE_FIELDS } from './field-models-mail.js';
import { fieldCells, type FieldModel } from './fields.js';
import type { Matrix } from './matrix.js';

/** Every model of the matrix `fields`, in the order docs/coverage.md shows them. */
export const FIELD_MODELS: readonly FieldModel[] = [ACCOUNT_FIELDS, COMPANY_FIELDS, TOKEN_FIELDS, FOLDER_FIELDS, MESSAGE_FIELDS];

/**
 * Every field round-trips: each field of a model §2 lists for a create or an update, sent with a
 * value other than its default through every encoding the wire allows, and read back through every
 * read that shows it (contract/fields.ts). A cell no read can show is not observable, with why.
 */
export const FIELDS_MATRIX: Matrix = {
  id: 'fields',
  title: 'Every field round-trips: field × write (encoding) × read',
  anchors: [...new Set(FIELD_MODELS.flatMap((m) => m.spec.map((s) => s.anchor)))],
  axes: ['field', 'write', 'read'],
  cells: FIELD_MODELS.flatMap(fieldCells).map((c) => ({
    at: [`${c.model.model} ${c.field.name}`, `${c.write.label} (${c.write.encoding})`, c.read.label],
    status: c.status,
    ...(c.rule ? { rule: c.rule, fault: c.fault } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
  })),
};
