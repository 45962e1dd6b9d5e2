import type { z } from 'zod';
import { specUnit, type Anchor } from '../contract/spec/index.js';
import type { RequestModel } from '../contract/request-models.js';

/**
 * The fields a spec §2 row states, walked out of a request model's zod schema (contract/
 * request-models.ts): one leaf per field the row names, nested models by the row their path
 * names. The client rules judge each leaf; the deviant client breaks each leaf.
 */

export interface ModelLeaf {
  /** the field's path: `Admin.Email`, `UserTypes.LicenseQuantity` (lists are walked through) */
  readonly path: readonly string[];
  /** the field's own schema, optional and nullable taken off */
  readonly schema: z.ZodType;
  /** the kind the schema gives it */
  readonly kind: 'string' | 'int' | 'boolean' | 'list' | 'other';
  readonly anchor: Anchor;
  /** the words of the row that state the field, verbatim */
  readonly quote: string;
}

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType; checks?: unknown[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Optional, nullable, default and pipe wrappers taken off. */
export function unwrap(s: z.ZodType): z.ZodType {
  let d = defOf(s);
  let cur = s;
  while (['optional', 'nullable', 'default', 'prefault', 'pipe', 'readonly'].includes(d.type)) {
    cur = (d.innerType ?? d.in)!;
    d = defOf(cur);
  }
  return cur;
}

function kindOf(s: z.ZodType): ModelLeaf['kind'] {
  const d = defOf(s);
  if (d.type === 'string') return 'string';
  if (d.type === 'number') return 'int';
  if (d.type === 'boolean') return 'boolean';
  if (d.type === 'array') return 'list';
  return 'other';
}

/** The objects a (possibly list or union) schema holds: what to walk into. */
function objectsIn(s: z.ZodType): z.ZodType[] {
  const u = unwrap(s);
  const d = defOf(u);
  if (d.type === 'object') return [u];
  if (d.type === 'array') return objectsIn(d.element!);
  if (d.type === 'union') return d.options!.flatMap(objectsIn);
  return [];
}

/** The words of a row that state `name`: `Name (type…)` where the row gives it so, else the row's field list. */
export function fieldQuote(anchor: Anchor, name: string): string | undefined {
  const text = specUnit(anchor)?.text;
  if (!text || !new RegExp(`\\b${name}\\b`).test(text)) return undefined;
  const typed = new RegExp(`\\b${name} \\([^)]*\\)`).exec(text);
  if (typed) return typed[0];
  return text.slice(text.indexOf('|') + 1).trim().split('. ')[0];
}

/** Every field of `model` that its rows state. */
export function modelLeaves(model: RequestModel): ModelLeaf[] {
  const out: ModelLeaf[] = [];
  const walk = (schema: z.ZodType, prefix: string[]) => {
    const anchor = model.rows[prefix.join('.')];
    if (!anchor) return;
    for (const obj of objectsIn(schema)) {
      for (const [name, field] of Object.entries(defOf(obj).shape ?? {})) {
        const path = [...prefix, name];
        if (objectsIn(field).length > 0) {
          walk(field, path);
          continue;
        }
        const quote = fieldQuote(anchor, name);
        if (!quote || out.some((l) => l.path.join('.') === path.join('.'))) continue;
        const leaf = unwrap(field);
        out.push({ path, schema: leaf, kind: kindOf(leaf), anchor, quote });
      }
    }
  };
  walk(model.schema, []);
  return out;
}

/** Every value at `path` in `value`, lists walked through (a missing step gives none). */
export function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return [value];
  if (Array.isArray(value)) return value.flatMap((v) => valuesAt(v, path));
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path;
  const next = (value as Record<string, unknown>)[head!];
  return next === undefined ? [] : valuesAt(next, rest);
}

/** Sets the first value at `path` (the first item of a list on the way); false when there is none. */
export function setAt(value: unknown, path: readonly string[], to: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => setAt(v, path, to));
  if (value === null || typeof value !== 'object') return false;
  const [head, ...rest] = path;
  const obj = value as Record<string, unknown>;
  if (!(head! in obj)) return false;
  if (rest.length === 0) {
    obj[head!] = to;
    return true;
  }
  return setAt(obj[head!], rest, to);
}

/** A value of another JSON type than `kind`, under every lenient reading (no number as a string, no "true"). */
export function wrongTyped(kind: ModelLeaf['kind']): unknown {
  if (kind === 'string' || kind === 'list') return 12345;
  if (kind === 'int') return true;
  return 'yes-please';
}
