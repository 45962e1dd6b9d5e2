import { FIELD_MODELS } from '../contract/field-matrix.js';
import { fieldCells, type FieldCell, type FieldKind } from '../contract/fields.js';
import type { FaultDef } from './fault-def.js';

/**
 * One fault per enforced cell of the matrix `fields` (contract/fields.ts), generated from the same
 * table as the cells and their rules: the cell's read shows the field garbled (reference/shown.ts
 * `garbled`), of records the cell's write wrote, and nothing else changes. Each is an answer patch
 * at the read's edge (FaultDef.shown), so it breaks exactly its cell.
 */

const HOW: Record<FieldKind, string> = {
  text: 'as mojibake (its UTF-8 read as Latin-1)',
  body: 'as mojibake (its UTF-8 read as Latin-1)',
  identifier: 'wrong (mojibake where it is not ASCII, blank where it is)',
  address: 'blank',
  addresses: 'as an empty list',
  int: 'as another number',
  boolean: 'flipped',
  count: 'as an empty list',
};

function breaks(c: FieldCell): string {
  if (c.read.expects === 'absent') return `${c.read.label} finds the user ${c.write.label} provisioned into another company`;
  const how = c.write.expects === 'blank' ? 'as a value, not blank' : HOW[c.field.kind];
  return `${c.read.label} shows ${c.model.model} ${c.field.name} ${how} where ${c.write.label} (${c.write.encoding}) wrote it`;
}

function alsoBreaks(c: FieldCell): Pick<FaultDef, 'alsoBreaks'> {
  const key = `${c.write.slug}.${c.read.slug}`;
  const rules = [...(c.model.alsoReadBy?.[key] ?? []), ...(c.model.alsoReadBy?.[`${key}.${c.field.name}`] ?? [])];
  return rules.length > 0 ? { alsoBreaks: { rules, why: `on for every request it garbles every record ${c.write.label} wrote, and those rules read such a record through ${c.read.label}` } } : {};
}

export const FIELD_FAULTS = FIELD_MODELS.flatMap(fieldCells)
  .filter((c) => c.status === 'enforced')
  .map((c) => ({
    id: c.fault as `fields.${string}`,
    rule: c.rule!,
    breaks: breaks(c),
    shown: { read: c.read.id, write: c.write.id, field: c.read.shows[c.field.name]! },
    ...alsoBreaks(c),
  })) satisfies readonly FaultDef[];
