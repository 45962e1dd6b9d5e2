import type { z } from 'zod';
import { TOKEN_ERRORS, TokenSuccessBodySchema, type TokenErrorName } from '../contract/token.js';
import type { HttpResponse } from './http.js';
import { ConformanceAssertionError } from './outcomes.js';

/**
 * Assertions that read like the spec and fail with a sentence a vendor can act on: what was
 * sent, what the spec requires, what came back (redacted).
 */

const got = (res: HttpResponse) => `got HTTP ${res.status}${res.shown ? ` with body ${res.shown}` : ' with an empty body'}`;

function fail(res: HttpResponse, expected: string): never {
  throw new ConformanceAssertionError(`${res.label}: expected ${expected}; ${got(res)}.`, res);
}

export function expectStatus(res: HttpResponse, ...statuses: number[]): void {
  if (!statuses.includes(res.status)) fail(res, `HTTP ${statuses.join(' or ')}`);
}

/** spec §4.1 and §7.1: the status listed for the error name, and an `error` property naming it. */
export function expectTokenError(res: HttpResponse, name: TokenErrorName): void {
  const statuses: readonly number[] = TOKEN_ERRORS[name];
  const error = (res.json as { error?: unknown } | undefined)?.error;
  if (!statuses.includes(res.status) || error !== name) {
    fail(res, `HTTP ${statuses.join(' or ')} with error "${name}" (spec §7.1)`);
  }
}

/** spec §4.1: a failure is HTTP 400 or 401 with an error property (any of the §7.1 names). */
export function expectTokenRefusal(res: HttpResponse): void {
  const error = (res.json as { error?: unknown } | undefined)?.error;
  if (![400, 401].includes(res.status) || typeof error !== 'string' || !(error in TOKEN_ERRORS)) {
    fail(res, 'HTTP 400 or 401 with an error property naming a spec §7.1 error');
  }
}

/** spec §4.1: success is HTTP 200; B2: the body carries a non-empty access_token. */
export function expectTokenIssued(res: HttpResponse) {
  const parsed = TokenSuccessBodySchema.safeParse(res.json);
  if (res.status !== 200 || !parsed.success) fail(res, 'HTTP 200 with a non-empty access_token (spec §4.1, B2)');
  return parsed.data;
}

export function expectMediaType(res: HttpResponse, type: string, why: string): void {
  if (res.mediaType !== type) {
    throw new ConformanceAssertionError(`${res.label}: expected Content-Type ${type} (${why}); got ${res.headers['content-type'] ?? 'no Content-Type'}.`, res);
  }
}

/**
 * spec §7.2 texts, in whatever envelope the target wraps them (B3, tolerant where silent): a
 * JSON string, { Message }, { error } / { Error }, or plain text. Status: a 4xx unless the
 * caller names the statuses the spec documents.
 */
export function documentedErrorText(res: HttpResponse): string | undefined {
  const body = res.json;
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    for (const key of ['Message', 'message', 'error', 'Error', 'ErrorMessage']) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string') return value;
    }
    return undefined;
  }
  return res.text.trim();
}

export function expectDocumentedError(res: HttpResponse, text: string, statuses?: number[]): void {
  const statusOk = statuses ? statuses.includes(res.status) : res.status >= 400 && res.status < 500;
  if (!statusOk || documentedErrorText(res) !== text) {
    fail(res, `${statuses ? `HTTP ${statuses.join(' or ')}` : 'a 4xx status'} with the documented text "${text}" (spec §7.2)`);
  }
}

/** For checks that are not about one response. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ConformanceAssertionError(message);
}

const success = (res: HttpResponse) => res.status >= 200 && res.status < 300;

/** A success (2xx; the spec names no other) whose JSON body the schema accepts; returns it parsed. */
export function expectBody<T>(res: HttpResponse, schema: z.ZodType<T>, what: string): T {
  const parsed = success(res) ? schema.safeParse(res.json) : undefined;
  if (!parsed?.success) {
    const why = parsed?.error.issues[0] ? ` (${parsed.error.issues[0].path.join('.') || 'body'}: ${parsed.error.issues[0].message})` : '';
    fail(res, `a 2xx with ${what}${why}`);
  }
  return parsed.data;
}

/** spec §4.3 'string response' operations: any 2xx, whatever the body says. */
export function expectSuccess(res: HttpResponse, what: string): void {
  if (!success(res)) fail(res, `a 2xx (${what})`);
}

/** A refusal whose text the spec does not document: any 4xx (B3, tolerant where silent). */
export function expectRefused(res: HttpResponse, why: string): void {
  if (res.status < 400 || res.status >= 500) fail(res, `a 4xx refusal (${why})`);
}

/** One of several documented texts (where two §7.2 rows name the same cause). */
export function expectOneOfDocumentedErrors(res: HttpResponse, texts: string[]): void {
  const said = documentedErrorText(res);
  if (res.status < 400 || res.status >= 500 || said === undefined || !texts.includes(said)) {
    fail(res, `a 4xx status with one of the documented texts ${texts.map((x) => `"${x}"`).join(' or ')} (spec §7.2)`);
  }
}

/** spec §7.1: HTTP status and error of one of `names`, each with a status its row lists (where the spec leaves the row open). */
export function expectTokenErrorAmong(res: HttpResponse, names: readonly TokenErrorName[], why: string): void {
  const error = (res.json as { error?: unknown } | undefined)?.error;
  const matched = names.find((n) => n === error);
  if (!matched || !(TOKEN_ERRORS[matched] as readonly number[]).includes(res.status)) {
    fail(res, `${names.map((n) => `HTTP ${TOKEN_ERRORS[n].join('/')} ${n}`).join(' or ')} (spec §7.1; ${why})`);
  }
}
