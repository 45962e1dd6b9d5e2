import type { OperationId } from './operations.js';
import type { InterfaceName } from './profile.js';
import type { SpecRef } from './spec/index.js';

/**
 * Every field round-trips (the matrix `fields`): each field of a model that spec §2 lists for a
 * create or an update is sent with a value other than its default (non-ASCII text through every
 * encoding the wire allows) and read back through every read that shows it. The models, their
 * writes and reads are data (contract/field-models.ts); the cells, the generated rules
 * (specs/<interface>/fields.spec.ts) and the reference faults (reference/fields-faults.ts) are
 * derived from it here, so every cell is covered and each enforced cell has a fault of its own.
 */

/** How a shown value is held to the value sent (harness/fields/compare.ts; clarification F2). */
export type FieldKind = 'text' | 'body' | 'identifier' | 'address' | 'addresses' | 'int' | 'boolean' | 'count';

export interface FieldDef {
  /** the spec's name; a nested field is `Admin.FirstName` */
  readonly name: string;
  readonly kind: FieldKind;
  /** rules are cut by group, at most five fields each (a rule's faults are run one per round) */
  readonly group?: string;
  /** why no operation shows the field: every cell of it is not observable */
  readonly hidden?: string;
}

export interface FieldWrite {
  /** stable short name, in rule and fault ids */
  readonly slug: string;
  /** what the reference records as the field's origin (reference/shown.ts): the operation, and the encoding where it has several */
  readonly id: string;
  readonly operation: OperationId;
  /** the wire encoding the values travel in */
  readonly encoding: string;
  readonly label: string;
  /** the interface whose specs/ folder holds the write's rules */
  readonly interface: InterfaceName;
  readonly spec: readonly SpecRef[];
  /** 'blank': the write sends its fields blank or null, and a read must show them blank (spec §4.2 Update) */
  readonly expects?: 'value' | 'blank';
  /** fields the write does not send, each with why */
  readonly unsent?: Readonly<Record<string, string>>;
}

export interface FieldRead {
  readonly slug: string;
  /** the reference's read edge (reference/shown.ts): the operation, and the form of the request where it has several */
  readonly id: string;
  readonly operation: OperationId;
  readonly label: string;
  readonly spec: readonly SpecRef[];
  /** each field it shows, by the name it shows it under (the binding's, where the spec's names are not shown) */
  readonly shows: Readonly<Record<string, string>>;
  /** why it shows none of the model's other fields */
  readonly hides: string;
  /** operations the read consists of besides `operation`, judged with it (the encrypted log-on that names the account) */
  readonly also?: readonly OperationId[];
  /** 'absent': the read must NOT show the record (a company the write did not name) */
  readonly expects?: 'shown' | 'absent';
  /** writes whose record this read cannot reach, each with why (e.g. View by a UserId the write blanked) */
  readonly cannotRead?: Readonly<Record<string, string>>;
  /** `${write slug}.${field}`: a value of that write this read shows but every reading need not show as sent, with why */
  readonly notHeld?: Readonly<Record<string, string>>;
}

export interface FieldModel {
  /** stable short name, in rule and fault ids */
  readonly id: string;
  /** the model's name and section, as the matrix shows it */
  readonly model: string;
  /** the spec rows that list its fields, quoted */
  readonly spec: readonly SpecRef[];
  readonly fields: readonly FieldDef[];
  readonly writes: readonly FieldWrite[];
  readonly reads: readonly FieldRead[];
  /** existing rules that also read some of these cells (`${write}.${read}` or `${write}.${read}.${field}` → ids): a cell's fault, on for every request, fails them too */
  readonly alsoReadBy?: Readonly<Record<string, readonly string[]>>;
}

export type FieldCellStatus = 'enforced' | 'not observable';

export interface FieldCell {
  readonly model: FieldModel;
  readonly field: FieldDef;
  readonly write: FieldWrite;
  readonly read: FieldRead;
  readonly status: FieldCellStatus;
  readonly reason?: string;
  /** the generated rule and the fault of its own (enforced cells) */
  readonly rule?: string;
  readonly fault?: string;
}

export interface FieldRule {
  readonly id: string;
  readonly model: FieldModel;
  readonly write: FieldWrite;
  readonly read: FieldRead;
  readonly group?: string;
  /** its enforced cells, at most five */
  readonly cells: readonly FieldCell[];
}

const slug = (name: string) =>
  name
    .replace(/[().]/g, ' ')
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/\s+/g, '-')
    .toLowerCase();

/** `<interface>.fields.<model>-<write>-<read>[-<group>]`: in specs/<interface>/fields.spec.ts. */
export const fieldRuleId = (model: FieldModel, write: FieldWrite, read: FieldRead, group?: string) =>
  `${write.interface}.fields.${model.id}-${write.slug}-${read.slug}${group ? `-${group}` : ''}`;

/** `fields.<model>.<write>.<read>.<field>`: the reference fault of one cell. */
export const fieldFaultId = (model: FieldModel, write: FieldWrite, read: FieldRead, field: FieldDef) => `fields.${model.id}.${write.slug}.${read.slug}.${slug(field.name)}` as const;

/** Why a cell is not observable, or undefined when a read shows what the write sent. */
function hiddenBecause(field: FieldDef, write: FieldWrite, read: FieldRead): string | undefined {
  if (field.hidden) return field.hidden;
  const unsent = write.unsent?.[field.name];
  if (unsent) return unsent;
  if (read.shows[field.name] === undefined) return read.hides;
  return read.cannotRead?.[write.slug] ?? read.notHeld?.[`${write.slug}.${field.name}`];
}

/** Every (field, write, read) cell of a model, in field, write, read order. */
export function fieldCells(model: FieldModel): FieldCell[] {
  return model.fields.flatMap((field) =>
    model.writes.flatMap((write) =>
      model.reads.map((read): FieldCell => {
        const reason = hiddenBecause(field, write, read);
        if (reason) return { model, field, write, read, status: 'not observable', reason };
        return { model, field, write, read, status: 'enforced', rule: fieldRuleId(model, write, read, field.group), fault: fieldFaultId(model, write, read, field) };
      }),
    ),
  );
}

/** The generated rules of a model: one per write, read and field group that has an enforced cell. */
export function fieldRules(model: FieldModel): FieldRule[] {
  const rules = new Map<string, FieldRule & { cells: FieldCell[] }>();
  for (const cell of fieldCells(model)) {
    if (cell.status !== 'enforced') continue;
    const id = cell.rule!;
    const rule = rules.get(id) ?? { id, model, write: cell.write, read: cell.read, group: cell.field.group, cells: [] };
    rule.cells.push(cell);
    rules.set(id, rule);
  }
  return [...rules.values()];
}

/** The rules a model's write of `iface` generates (a spec file's share). */
export const fieldRulesOf = (models: readonly FieldModel[], iface: InterfaceName): FieldRule[] => models.flatMap(fieldRules).filter((r) => r.write.interface === iface);
