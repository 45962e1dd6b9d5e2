import type { Dispatcher } from 'undici';
import { ruleHeaders } from '../../contract/rule-channel.js';
import type { Interceptor } from './handler.js';

/**
 * Every request names its rule and the operations the rule judges (contract/rule-channel.ts),
 * so a target's logs can be matched with the report and the reference can scope a fault or a
 * refusal to one rule. The headers a request sets itself win.
 */
export function ruleHeader(ruleId: string, judges: readonly string[]): Interceptor {
  const added = ruleHeaders(ruleId, judges);
  return (dispatch) => (opts, handler) => dispatch({ ...opts, headers: withHeaders(opts.headers, added) }, handler);
}

type Headers = Dispatcher.DispatchOptions['headers'];

function withHeaders(headers: Headers, added: Record<string, string>): Record<string, string | string[]> {
  const own: Record<string, string | string[]> = {};
  if (headers != null) {
    // undici takes a record, a flat [name, value, ...] array or an iterable of pairs
    const pairs: Array<[string, unknown]> = Array.isArray(headers)
      ? Array.from({ length: headers.length / 2 }, (_, i) => [String(headers[2 * i]), headers[2 * i + 1]] as [string, unknown])
      : Symbol.iterator in Object(headers)
        ? [...(headers as Iterable<[string, unknown]>)]
        : Object.entries(headers);
    for (const [name, value] of pairs) if (value !== undefined) own[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  // header names are case-insensitive (RFC 9110 §5.1): a request's own spelling replaces ours
  const taken = new Set<string>();
  for (const name in own) taken.add(name.toLowerCase());
  const out: Record<string, string | string[]> = {};
  for (const name in added) if (!taken.has(name)) out[name] = added[name]!;
  return Object.assign(out, own);
}
