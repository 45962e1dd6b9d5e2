import type { SpecRef } from './spec/index.js';

/**
 * The shape of the limits table (contract/limits.ts): every limit and comparison spec §2, §7.3 and §8 state, as data: the words that set it, the unit
 * it counts in, the operations that accept the field, and the edges just under, at and just over
 * it with the answer the spec gives each. The generated rules (specs/<interface>/limits*.spec.ts)
 * try each edge in each operation; the reference generates one fault per edge from the same rows
 * (reference/messaging-rest/faults-limits.ts, reference/provisioning/faults-limits.ts), and the
 * matrix `limits` (contract/matrices.ts) shows every cell.
 */

/** An operation that accepts a limited field: a catalogue operation, or Provision under one Command. */
export type LimitOperation =
  | 'messaging-rest.CreateFolder'
  | 'messaging-soap.CreateFolder'
  | 'messaging-rest.SendMimeMessage'
  | 'messaging-soap.SendMIMEMessage'
  | 'messaging-rest.MoveMessage'
  | 'messaging-soap.MoveMessage'
  | 'messaging-rest.DeleteFolder'
  | 'messaging-soap.DeleteFolder'
  | 'provisioning.Provision'
  | 'provisioning.Provision (Create)'
  | 'provisioning.Provision (Update)';

/** Where a value stands against the limit: one-sided limits have under/at/over, ranges both ends. */
export type EdgeName = 'under' | 'at' | 'over' | 'below-min' | 'min' | 'max' | 'above-max' | 'within' | 'across' | 'custom' | 'system';

export interface Edge<V> {
  readonly edge: EdgeName;
  /** what the rules send and the reference's fault matches (its shape is the limit's) */
  readonly value: V;
  /** the spec's answer: accepted (and read back where the spec gives a read), or refused with the limit's error, leaving no effect */
  readonly accepted: boolean;
  /** the value in words, for titles, failure messages and fault descriptions */
  readonly shows: string;
}

/**
 * Who checks a cell other than the limit's generated rule: an existing rule that checks exactly
 * that edge (with the fault of the catalogue that breaks exactly it, or, without `fault`, the
 * fault the reference generates for the cell), or nobody, with the reason.
 */
export type Enforcement = { readonly rule: string; readonly fault?: string } | { readonly status: 'not observable' | 'not applicable'; readonly reason: string };

export interface Applies {
  readonly operation: LimitOperation;
  /** cells the limit's generated rule for this operation does not check */
  readonly cells?: Partial<Record<EdgeName, Enforcement>>;
}

export interface Limit<V = unknown> {
  /** stable id: names the generated rules and faults */
  readonly id: string;
  /** the limit in a few words (rule titles, the matrix) */
  readonly title: string;
  /** the units of the spec it rests on, quoted verbatim (home first) */
  readonly spec: readonly [SpecRef, ...SpecRef[]];
  /** what the limit counts, in the spec's unit */
  readonly unit: string;
  /** the documented refusal: the §7.2 text or the §7.3 name */
  readonly refusal: string;
  readonly edges: readonly Edge<V>[];
  readonly appliesTo: readonly Applies[];
}

/** Declares a limit row with its value shape checked (the rows are data; this only types them). */
export const limit = <V>(row: Limit<V>): Limit<V> => row;

const iface = (op: LimitOperation) => op.split('.')[0]!;
const commandSuffix = (op: LimitOperation) => (op.endsWith('(Create)') ? '-create' : op.endsWith('(Update)') ? '-update' : '');

/** The generated rule of a limit in one operation: `<interface>.limits.<limit>[-create|-update]`. */
export const limitRuleId = (row: Pick<Limit, 'id'>, op: LimitOperation): string => `${iface(op)}.limits.${row.id}${commandSuffix(op)}`;

/** The reference's generated fault for one cell: `<interface>.limit-<limit>[-create|-update]-<edge>`. */
export const limitFaultId = (row: Pick<Limit, 'id'>, op: LimitOperation, edge: EdgeName): string => `${iface(op)}.limit-${row.id}${commandSuffix(op)}-${edge}`;

export const CREATE = 'provisioning.Provision (Create)' as const;
export const UPDATE = 'provisioning.Provision (Update)' as const;

/** A provisioning limit of 'Provision a company' (spec §8): Create and Update, with the cells other rules check. */
export const both = (create: Applies['cells'] = {}, update: Applies['cells'] = {}): Applies[] => [
  { operation: CREATE, cells: create },
  { operation: UPDATE, cells: update },
];
