import { OPERATIONS } from '../../contract/operations.js';
import { SILENCES } from '../../contract/silences/index.js';
import { SPEC_UNITS } from '../../contract/spec/index.js';
import { SPEC_RULES } from '../../contract/spec/rules.js';
import type { FindingStep } from './engine.js';
import type { Observation } from './session.js';
import { operationAnchor, operationName } from './witness.js';

/**
 * A `diff` step in the spec's words (both reports use these): the spec operations it performs
 * with their anchors in spec.html, who performed them and on what, and the rules of the catalogue
 * (contract/spec/rules.ts) that judge each operation: those anchored on its row of the spec's
 * table (`§4.3/move-message`), or, for an operation without a row, on its section.
 */

export interface StepWords {
  /** the operations the step performs (its family declares them) */
  operations: Array<{ id: string; name: string; anchor: string }>;
  /** other operations its requests performed on the way (a poll for delivery after a send) */
  also: Array<{ id: string; name: string; anchor: string }>;
  /** who sent its requests, on either target (the same account on both, as a rule) */
  actors: string[];
  /** the sequence's names of what it acted on */
  subject: string[];
}

const named = (id: string) => ({ id, name: operationName(id), anchor: operationAnchor(id, SPEC_UNITS) });

export function stepWords(step: FindingStep): StepWords {
  const all = [step.target, step.against].flatMap((o) => o.exchanges ?? []);
  // who and on what: the requests of the operations the step performs, where its client named them
  const own = all.filter((x) => x.operation !== undefined && step.operations.includes(x.operation));
  const main = own.length > 0 ? own : all;
  const also = [...new Set(all.map((x) => x.operation).filter((x): x is string => x !== undefined && !step.operations.includes(x)))];
  return {
    operations: step.operations.map(named),
    also: also.map(named),
    actors: [...new Set(main.map((x) => x.actor))],
    subject: [...new Set(main.flatMap((x) => x.subject ?? []))],
  };
}

/** One line: `Move a message (§4.3) by the recipient (profile accounts.peer) on #m1, #Inbox`. */
export function stepLine(step: FindingStep): string {
  const w = stepWords(step);
  const head = w.operations.slice(0, 2).map((o) => o.name).join(', then ') + (w.operations.length > 2 ? ` and ${w.operations.length - 2} more` : '');
  return `${head}${w.actors.length ? ` by ${w.actors.join(' and ')}` : ''}${w.subject.length ? ` on ${w.subject.join(', ')}` : ''}${w.also.length ? ` (also sent: ${w.also.map((o) => o.name).join(', ')})` : ''}`;
}

/** What an observation shows in one phrase: `HTTP 200`, `skipped (nothing to act on)`, `no answer: …`. */
export const outcomeOf = (o: Observation) => (o.skipped ? 'skipped (nothing to act on, or the interface is not offered)' : o.error ? `not done: ${o.error}` : o.status !== undefined ? `HTTP ${o.status}` : 'read back');

export interface CatalogueRule {
  id: string;
  level: string;
  title: string;
  file: string;
  anchors: string[];
}

/** The catalogue's rules that judge an operation: anchored on its row, else on its section (and of its interface). */
export function rulesJudging(id: string): CatalogueRule[] {
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) return [];
  const anchor = operationAnchor(id, SPEC_UNITS);
  const onRow = anchor !== op.section;
  const rules = SPEC_RULES.filter((r) => (onRow ? r.spec.some((s) => s.anchor === anchor) : r.interface === op.interface && r.spec.some((s) => s.anchor.startsWith(`${op.section}/`))));
  return rules.map((r) => ({ id: r.id, level: r.level, title: r.title, file: r.file, anchors: [...new Set(r.spec.map((s) => s.anchor))] }));
}

/** A catalogue entry (contract/silences/) by id. */
export const silenceNamed = (id: string) => SILENCES.find((s) => s.id === id);

/** Names in the sequence's vocabulary, explained once per report. */
export const NAMES_LEGEND =
  '#m1, #m2, … are the messages the sequence sent, in order; #f1, #f2, … the folders it made; #Inbox, #Trash, … a user’s system folder of that name. The ids each target gave them are in the exchanges.';

/** `2026-01-05 10:22:31 UTC+01:00`: the local time of the machine that ran it, with its offset. */
export function zoned(iso: string, offsetMinutes = -new Date(iso).getTimezoneOffset()): string {
  const local = new Date(new Date(iso).getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const h = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const m = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local} UTC${offsetMinutes < 0 ? '-' : '+'}${h}:${m}`;
}
