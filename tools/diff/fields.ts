import type { Finding } from './engine.js';
import type { Observation, StartState } from './session.js';

/**
 * The fields in which two answers to one step differ, each with both targets' values, so a
 * report lists every one of them (its "Differs in" and its table are the same list); which of
 * them are the targets' starting state (values each target held before the first step: its
 * accounts' details, its system folders' names) rather than their behaviour; and the causes
 * that group findings (the same field differing the same way at several steps is one cause).
 */

/** One field of an answer where the targets differ: `body.Folders[].FolderName`, `status`. */
export interface FieldDifference {
  field: string;
  /** only-target: the target's answers have it, the against's do not (an extra field); value: both have it, differently */
  kind: 'only-target' | 'only-against' | 'value';
  /** the distinct value pairs, as the two targets answered (undefined: absent) */
  pairs: Array<{ target: unknown; against: unknown }>;
  /** every value pair is one the targets already held apart before the first step */
  startingState: boolean;
  /** where the starting states hold those values apart (`sender.systemFolders[1]`) */
  heldAt?: string[];
}

const json = (v: unknown) => JSON.stringify(v) ?? 'undefined';
const plain = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** Leaf differences with concrete paths (`body.Folders[1].FolderName`); lists of different lengths differ as a whole. */
function leaves(a: unknown, b: unknown, path: string, out: Array<{ path: string; target: unknown; against: unknown }>): void {
  if (json(a) === json(b)) return;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => leaves(x, b[i], `${path}[${i}]`, out));
    return;
  }
  if (plain(a) && plain(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) leaves(a[k], b[k], path ? `${path}.${k}` : k, out);
    return;
  }
  out.push({ path, target: a, against: b });
}

/** What of an observation is compared (tools/diff/compare.ts): its skip, error, status, media type and body. */
const compared = (o: Observation) => ({ skipped: o.skipped, error: o.error, status: o.status, type: o.type, body: o.body });

/** Leaf differences of two starting states, as value pairs (`Sent Items` / `Outbox`). */
export function startDifferences(target?: StartState, against?: StartState): Array<{ path: string; target: unknown; against: unknown }> {
  const out: Array<{ path: string; target: unknown; against: unknown }> = [];
  if (target && against) leaves(target.held, against.held, '', out);
  return out;
}

/**
 * The starting-state differences that are data the targets hold (both hold a value, and the
 * values differ): a field only one answers is the form of its answers, which is behaviour.
 */
const heldData = (diffs: ReturnType<typeof startDifferences>) => diffs.filter((d) => d.target !== undefined && d.against !== undefined);

/** Where the starting states already hold a value pair apart (a system folder's name, or its `#name` as an id), if they do. */
function heldApart(t: unknown, a: unknown, start: ReadonlyArray<{ path: string; target: unknown; against: unknown }>): string | undefined {
  return start.find((s) => (json(s.target) === json(t) && json(s.against) === json(a)) || (typeof s.target === 'string' && typeof s.against === 'string' && t === `#${s.target}` && a === `#${s.against}`))?.path;
}

/** Every field in which two observations of one step differ, with the value pairs and whether the starting states explain them. */
export function fieldDifferences(target: Observation, against: Observation, start: ReadonlyArray<{ path: string; target: unknown; against: unknown }> = []): FieldDifference[] {
  const raw: Array<{ path: string; target: unknown; against: unknown }> = [];
  leaves(compared(target), compared(against), '', raw);
  const byField = new Map<string, Array<{ target: unknown; against: unknown }>>();
  for (const r of raw) {
    const field = r.path.replace(/\[\d+\]/g, '[]');
    const pairs = byField.get(field) ?? [];
    if (!pairs.some((p) => json(p.target) === json(r.target) && json(p.against) === json(r.against))) pairs.push({ target: r.target, against: r.against });
    byField.set(field, pairs);
  }
  return [...byField].map(([field, pairs]) => {
    const held = pairs.map((p) => heldApart(p.target, p.against, start));
    const startingState = held.length > 0 && held.every((h) => h !== undefined);
    return {
      field,
      kind: pairs.every((p) => p.target === undefined) ? 'only-against' : pairs.every((p) => p.against === undefined) ? 'only-target' : 'value',
      pairs,
      startingState,
      ...(startingState ? { heldAt: [...new Set(held as string[])] } : {}),
    };
  });
}

/** The differing fields of a finding's step where the answers part. */
export function findingFields(f: Finding): FieldDifference[] {
  const start = heldData(startDifferences(f.start?.target, f.start?.against));
  return fieldDifferences(f.divergence.target, f.divergence.against, start);
}

/** A finding whose every differing field is one of starting state: the targets held different data, and behaved alike. */
export const isStartingState = (f: Finding) => {
  const fields = findingFields(f);
  return fields.length > 0 && fields.every((d) => d.startingState);
};

/** One cause: the same field differing the same way, at one or more steps. */
export interface Cause {
  key: string;
  /** the field's last name (`ServerRelease`), or the whole field for status, type, error */
  name: string;
  kind: FieldDifference['kind'];
  startingState: boolean;
  /** for a value difference: the value pair every member shows */
  pair?: { target: unknown; against: unknown };
  /** the findings (0-based) and the field as each shows it */
  members: Array<{ finding: number; field: string }>;
}

const leafName = (field: string) => field.split('.').pop()!.replace(/\[\]$/, '');

/**
 * Findings grouped by cause: a field present on one side only is one cause wherever it shows
 * (an extra JSON field in every answer is one group), a value difference one cause per field
 * name and value pair. Largest groups first.
 */
export function causes(findings: readonly Finding[]): Cause[] {
  const out = new Map<string, Cause>();
  findings.forEach((f, i) => {
    for (const d of findingFields(f)) {
      // a difference of starting state is one cause per value the targets held apart (a folder's name shows as its name and as its id)
      const name = d.heldAt ? d.heldAt.join(', ') : leafName(d.field);
      const pair = !d.heldAt && d.kind === 'value' && d.pairs.length === 1 ? d.pairs[0] : undefined;
      const key = d.heldAt ? `start:${name}` : `behaviour:${d.kind}:${name}${pair ? `:${json(pair.target)}→${json(pair.against)}` : d.kind === 'value' ? `:${d.field}` : ''}`;
      const cause = out.get(key) ?? { key, name, kind: d.kind, startingState: d.startingState, ...(pair ? { pair } : {}), members: [] };
      if (!cause.members.some((m) => m.finding === i && m.field === d.field)) cause.members.push({ finding: i, field: d.field });
      out.set(key, cause);
    }
  });
  return [...out.values()].sort((x, y) => new Set(y.members.map((m) => m.finding)).size - new Set(x.members.map((m) => m.finding)).size || x.name.localeCompare(y.name));
}
