import { readBody, type Ctx } from './http.js';
import type { LenientRead } from './axes/lenient.js';

/**
 * Untrusted JSON, read the way the vendor's server reads it (ASP.NET model binding and
 * Newtonsoft, vendor-wire §1): property names match without regard to case (`FolderID` finds
 * `FolderId`; axis common.json-name-case, whose other reading matches exactly), `null` items in lists are ignored (`"Cc": [null]`, the Python library's
 * defaults), and nothing in the document can make a reader crash: nesting is bounded, and a
 * property named like an `Object.prototype` member (`toString`, `valueOf`, `hasOwnProperty`...)
 * never shadows it, so `String(x)` and `${x}` of a parsed object cannot throw. Every route
 * module reads JSON through `parseJson`/`readJson`; `scalarText` coerces a field to text safely.
 */

/** Deeper documents are malformed input (the documented refusal), not a stack to exhaust. */
export const MAX_JSON_DEPTH = 64;

export type JsonRead =
  | { ok: true; value: unknown; empty: false }
  /** zero-length or whitespace-only body (B3: the Java library's empty POST) */
  | { ok: true; value: undefined; empty: true }
  | { ok: false; reason: 'too-large' | 'malformed' | 'too-deep' };

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) max = Math.max(max, ++depth);
    else if (ch === 0x5d || ch === 0x7d) depth -= 1;
  }
  return max;
}

const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The own key of `target` that equals `key` (without regard to case when `caseless`; exact spelling first). */
function ownKey(target: object, key: string, caseless: boolean): string | undefined {
  if (Object.hasOwn(target, key)) return key;
  if (!caseless) return undefined;
  const lower = key.toLowerCase();
  return Object.keys(target).find((k) => k.toLowerCase() === lower);
}

const handler = (caseless: boolean): ProxyHandler<Record<string, unknown>> => ({
  get(target, key, receiver) {
    if (typeof key === 'symbol' || PROTOTYPE_KEYS.has(key)) return Reflect.get(Object.prototype, key, receiver);
    const own = ownKey(target, key, caseless);
    return own === undefined ? undefined : target[own];
  },
  has(target, key) {
    if (typeof key === 'symbol') return Reflect.has(target, key);
    return ownKey(target, key, caseless) !== undefined || key in Object.prototype;
  },
  getOwnPropertyDescriptor(target, key) {
    if (typeof key === 'symbol') return Reflect.getOwnPropertyDescriptor(target, key);
    const own = ownKey(target, key, caseless);
    return own === undefined ? undefined : Reflect.getOwnPropertyDescriptor(target, own);
  },
});
const CASELESS = handler(true);
const EXACT = handler(false);

/**
 * A parsed JSON object that cannot shadow Object.prototype, whose property names match without
 * regard to case unless `caseless` is false (the strict reading, reference/axes/vendor.ts).
 */
export function safeObject<T extends object>(object: T, caseless = true): T {
  return new Proxy(object as Record<string, unknown>, caseless ? CASELESS : EXACT) as T;
}

/**
 * Parses untrusted JSON text (see the module comment); never throws. `lenient` is the variant's
 * reading of string values (reference/axes/lenient.ts: trimmed, numeric strings as ints),
 * applied here once so every route of an interface reads its input the same way.
 */
export function parseJson(text: string, caseless = true, lenient?: LenientRead): { ok: true; value: unknown } | { ok: false; reason: 'malformed' | 'too-deep' } {
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false, reason: 'too-deep' };
  try {
    const value: unknown = JSON.parse(text, (key, v: unknown) => {
      if (Array.isArray(v)) return v.filter((item) => item !== null);
      if (v && typeof v === 'object') return safeObject(v, caseless);
      if (lenient && typeof v === 'string' && key !== '') return lenient(key, v);
      return v;
    });
    return { ok: true, value };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}

/** Reads the request body (size-capped, http.ts) as untrusted JSON, under the interface's lenient reading if any. */
export async function readJson(c: Ctx, lenient: LenientRead | undefined = c.get('lenientJson')): Promise<JsonRead> {
  const read = await readBody(c);
  if (!read.ok) return { ok: false, reason: 'too-large' };
  if (read.text.trim() === '') return { ok: true, value: undefined, empty: true };
  const parsed = parseJson(read.text, c.get('caselessJson') ?? true, lenient);
  return parsed.ok ? { ok: true, value: parsed.value, empty: false } : parsed;
}

/** A JSON object (not an array), or undefined. */
export const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * A JSON scalar as text: strings as they are, finite numbers and booleans in their JSON form;
 * anything else (objects, arrays, null, absent) is undefined. Use it wherever untrusted JSON
 * would otherwise go through String().
 */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return JSON.stringify(value);
  return undefined;
}
