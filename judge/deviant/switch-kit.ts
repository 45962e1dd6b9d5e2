import type { OperationId } from '../../contract/operations.js';
import type { SessionName, Switch } from './client.js';
import type { Body, Draft } from './draft.js';

/** Small pieces the switch tables share: which requests a switch breaks, and how it reaches their parts. */

export type Break = (d: Draft) => Draft[] | undefined;

/** A switch for `rule` in `session` that breaks the first request of `ops` (passing `when`) with `change`. */
export function breaks(rule: string, session: SessionName, ops: OperationId | readonly OperationId[], change: (d: Draft) => Draft | Draft[] | undefined, when: (d: Draft) => boolean = () => true): Switch {
  const list = typeof ops === 'string' ? [ops] : ops;
  return {
    rule,
    session,
    mutate: (d) => {
      if (!list.includes(d.op) || !when(d)) return undefined;
      const out = change(d);
      return out === undefined ? undefined : Array.isArray(out) ? out : [out];
    },
  };
}

/** The JSON value of a draft's body, if it is JSON. */
export const jsonOf = (d: Draft): Record<string, unknown> | undefined => (d.body.kind === 'json' && d.body.value && typeof d.body.value === 'object' ? (d.body.value as Record<string, unknown>) : undefined);

/** The model a draft carries: the JSON body (or array), or the sealed provisioning model. */
export const modelOf = (d: Draft): unknown => (d.body.kind === 'json' ? d.body.value : d.body.kind === 'provisioning' ? d.body.model : undefined);

export const withBody = (d: Draft, body: Body): Draft => ({ ...d, body });

export function withHeaders(d: Draft, set: Record<string, string | undefined>): Draft {
  const headers = { ...d.headers };
  for (const [k, v] of Object.entries(set)) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return { ...d, headers };
}

/** A SOAP draft's parts changed by `f`. */
export function withParts(d: Draft, f: (parts: Array<[string, string]>) => Array<[string, string]>): Draft | undefined {
  return d.body.kind === 'soap' ? { ...d, body: { ...d.body, parts: f(d.body.parts) } } : undefined;
}

/** The provisioning frame's Command (undefined for the key operations). */
export const commandOf = (d: Draft) => (d.body.kind === 'provisioning' ? d.body.frame.Command : undefined);

export const MADE_UP_KEY = 'made-up-key-never-issued';
