import { MailError } from '../core/mail/index.js';
import type { Context } from 'hono';
import type { AppEnv, Ctx } from '../http.js';
import { readJson } from '../json.js';

/**
 * Request bodies of the messaging REST adapter (vendor-wire §1.1: PascalCase JSON). Anything
 * malformed is the §4.3 invalid-input refusal (400, B3), never an exception that becomes a 500.
 */
export type Body = Record<string, unknown>;

const invalid = (): never => {
  throw new MailError('invalidInput');
};

/** A JSON object body; an empty body (B3: zero-length, `""` or none) reads as `{}` (json.ts reads it). */
export async function jsonBody<E extends AppEnv>(c: Context<E>): Promise<Body> {
  const read = await readJson(c as unknown as Ctx);
  if (!read.ok) return invalid();
  const value = read.value;
  if (value === undefined || value === '' || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return invalid();
  return value as Body;
}

/** The first of several spellings present (vendor-wire §1.1: JAVA-REST sends FolderID). */
const pick = (body: Body, keys: string[]): unknown => {
  for (const k of keys) if (body[k] !== undefined && body[k] !== null) return body[k];
  return undefined;
};

/** An int32 field: a JSON integer, or a string of digits; absent gives `fallback`. */
export function int(body: Body, keys: string | string[], fallback?: number): number | undefined {
  const v = pick(body, Array.isArray(keys) ? keys : [keys]);
  if (v === undefined) return fallback;
  const n = typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > 2 ** 31) return invalid();
  return n;
}

export function str(body: Body, keys: string | string[], fallback?: string): string | undefined {
  const v = pick(body, Array.isArray(keys) ? keys : [keys]);
  if (v === undefined) return fallback;
  return typeof v === 'string' ? v : invalid();
}

export function bool(body: Body, key: string, fallback = false): boolean {
  const v = body[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return invalid();
}

/** A list of strings; a single string counts as a list of one. */
export function strList(body: Body, key: string): string[] {
  const v = body[key];
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return v.trim() ? [v] : [];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return (v as string[]).filter((x) => x.trim() !== '');
  return invalid();
}

export function list(body: Body, key: string): Body[] {
  const v = body[key];
  if (v === undefined || v === null) return [];
  if (Array.isArray(v) && v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) return v as Body[];
  return invalid();
}

/** A path id (the route pattern admits digits only). */
export const pathId = <E extends AppEnv>(c: Context<E>, name = 'id'): number => {
  const n = Number(c.req.param(name));
  return Number.isSafeInteger(n) && Math.abs(n) <= 2 ** 31 ? n : invalid();
};
