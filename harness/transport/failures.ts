import { TRICKLE_MIN_BYTES, TRICKLE_WINDOW_MS, TRICKLE_WINDOWS } from './deadline.js';

/**
 * Transport failures: the target gave no (complete) answer. They end a rule broken, never
 * failed, and feed the breaker (breaker.ts).
 */

const TRANSPORT_CODES = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EPIPE|UND_ERR|HPE_|SMS_ANSWER_TRICKLE/;

/** The answer was larger than the suite reads (limits.maxBodyMB, limits.maxHeaderKB): the target answered, so this is no outage. */
export const OVERSIZE_CODES = new Set(['UND_ERR_RES_EXCEEDED_MAX_SIZE', 'UND_ERR_HEADERS_OVERFLOW', 'HPE_HEADER_OVERFLOW']);

/** The transport failure's code: undici's string code, its cause's, or the error's name
 * (a DOMException's numeric code, such as 23 for a timeout, says less than its name). */
export function transportCode(e: unknown): string {
  const err = e as Error & { code?: unknown; cause?: { code?: unknown } };
  if (typeof err.code === 'string') return err.code;
  if (typeof err.cause?.code === 'string') return err.cause.code;
  return err.name;
}

/** Whether `e` says the target did not answer (refused, reset, timed out), as opposed to answering too much. */
export function isTransportFailure(e: unknown): boolean {
  const code = transportCode(e);
  if (OVERSIZE_CODES.has(code)) return false;
  const name = (e as Error).name;
  return TRANSPORT_CODES.test(code) || name === 'TimeoutError' || name === 'AbortError';
}

export function describeTransport(code: string | undefined, timeoutMs: number): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (nothing is listening there)';
    case 'ENOTFOUND':
      return 'the host name does not resolve';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'TimeoutError':
    case 'AbortError':
      return `no answer within ${timeoutMs} ms`;
    case 'SMS_ANSWER_TRICKLE':
      return `the answer dripped in a few bytes at a time (under ${TRICKLE_MIN_BYTES} bytes in each of ${TRICKLE_WINDOWS} windows of ${TRICKLE_WINDOW_MS / 1000} s), so it was given up`;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection could not be opened in time';
    case 'UND_ERR_SOCKET':
      return 'the connection closed before the answer was complete';
    default:
      return `transport error ${code}`;
  }
}
