import { TOKEN_ERRORS, TokenSuccessBodySchema, type TokenErrorName } from '../contract/token.js';
import type { HttpResponse } from './http.js';
import { ConformanceAssertionError } from './outcomes.js';

/**
 * Assertions that read like the spec and fail with a sentence a vendor can act on: what was
 * sent, what the spec requires, what came back (redacted).
 */

const got = (res: HttpResponse) => `got HTTP ${res.status}${res.shown ? ` with body ${res.shown}` : ' with an empty body'}`;

function fail(res: HttpResponse, expected: string): never {
  throw new ConformanceAssertionError(`${res.label}: expected ${expected}; ${got(res)}.`);
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
    throw new ConformanceAssertionError(`${res.label}: expected Content-Type ${type} (${why}); got ${res.headers['content-type'] ?? 'no Content-Type'}.`);
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
