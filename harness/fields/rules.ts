import type { FieldRule } from '../../contract/fields.js';
import type { OperationId } from '../../contract/operations.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { check } from '../expect.js';
import type { Need, RuleMeta } from '../rule.js';
import { shownAsSent, shownBlank } from './compare.js';

/**
 * The metadata and the check of a generated rule of the matrix `fields` (contract/fields.ts): its
 * spec refs are the model's, the write's and the read's; it judges the write and the read; it
 * holds each of its cells to what the write sent.
 */

const names = (r: FieldRule) => r.cells.map((c) => c.field.name).join(', ');

function title(r: FieldRule): string {
  const wrote = `${r.write.label} (${r.write.encoding})`;
  if (r.read.expects === 'absent') return `${r.read.label} does not find the user ${wrote} provisioned into another company`;
  if (r.write.expects === 'blank') return `${r.read.label} shows ${names(r)} blank, as ${wrote} left them`;
  return `${r.read.label} shows ${names(r)} as ${wrote} sent them${r.cells.some((c) => c.field.kind === 'text' || c.field.kind === 'body') ? ' (non-ASCII text: astral characters and combining marks)' : ''}`;
}

function specOf(r: FieldRule): [SpecRef, ...SpecRef[]] {
  const all = [...r.model.spec, ...r.write.spec, ...r.read.spec];
  const unique = all.filter((s, i) => all.findIndex((o) => o.anchor === s.anchor && o.quote === s.quote && o.silence === s.silence) === i);
  return unique as [SpecRef, ...SpecRef[]];
}

/** The rule's metadata: `needs` are what its model's fixtures and reads need of the profile. */
export function fieldRuleMeta(r: FieldRule, needs: Need[]): RuleMeta {
  const judged = [...new Set<OperationId>([r.write.operation, r.read.operation, ...(r.read.also ?? [])])] as [OperationId, ...OperationId[]];
  return { id: r.id, spec: specOf(r), interface: r.write.interface, operation: judged, level: 'must', title: title(r), needs };
}

const show = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v));

/**
 * Holds what the read showed (`shown`, by the names it shows fields under; undefined when it did
 * not show the record at all) to what the write sent (`sent`, by the model's field names).
 */
export function expectShown(r: FieldRule, sent: Readonly<Record<string, unknown>>, shown: Readonly<Record<string, unknown>> | undefined, where: string): void {
  if (r.read.expects === 'absent') {
    check(shown === undefined, `${where}: ${r.read.label} shows the user ${r.write.label} provisioned into another company (${show(shown)}); a user is of the company the write named (spec §2.1) and of no other.`);
    return;
  }
  check(shown !== undefined, `${where}: ${r.read.label} does not show what ${r.write.label} wrote at all.`);
  const wrong = r.cells.flatMap((c) => {
    const as = r.read.shows[c.field.name]!;
    const value = shown![as];
    const ok = r.write.expects === 'blank' ? shownBlank(c.field.kind, value) : shownAsSent(c.field.kind, sent[c.field.name], value);
    if (ok) return [];
    const expected = r.write.expects === 'blank' ? 'blank, null or absent (A8)' : show(sent[c.field.name]);
    return [`${c.field.name}${as === c.field.name ? '' : ` (shown as ${as})`} is ${show(value)}; ${r.write.label} sent ${expected}`];
  });
  check(wrong.length === 0, `${where}: ${r.read.label} does not show the fields as ${r.write.label} (${r.write.encoding}) wrote them: ${wrong.join('; ')}.`);
}
