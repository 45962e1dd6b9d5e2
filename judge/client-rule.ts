import type { InterfaceName } from '../contract/profile.js';
import type { Judged, OperationId } from '../contract/operations.js';
import { judgedIds } from '../contract/operations.js';
import type { SpecRef } from '../contract/spec/index.js';
import type { Observed } from './exchange.js';
import type { JudgeSettings } from './settings.js';
import type { Timeline } from './timeline.js';

/**
 * A client rule: an obligation the spec (or the default binding) puts on a CALLER, with the same
 * metadata as a server rule (harness/rule.ts RuleMeta): a stable id
 * `<interface>.client.<behaviour>`, the interface, the level, the anchors with verbatim quotes,
 * the operations it judges. It is judged over recorded exchanges, never by driving a target.
 * A request the spec says the service will refuse is a `should` finding for the client.
 */
export interface ClientRuleMeta {
  id: string;
  title: string;
  interface: InterfaceName;
  level: 'must' | 'should';
  spec: readonly [SpecRef, ...SpecRef[]];
  /** the default binding's decisions it rests on (B1-B8), where the spec is silent on the wire */
  binding?: readonly string[];
  /** the operations whose requests it judges */
  operation: Judged;
}

/** What a rule has to judge with: the settings, and the credentials the recording shows issued and ended. */
export interface JudgeContext {
  readonly settings: JudgeSettings;
  readonly timeline: Timeline;
}

/** One judged request: conforming (`why` undefined) or violating, and why. */
export interface Finding {
  readonly o: Observed;
  readonly why?: string;
}

export interface ClientRule extends ClientRuleMeta {
  /** every request the rule judges in the recording (in order), each conforming or not */
  judge(observed: readonly Observed[], ctx: JudgeContext): Finding[];
}

/** A rule judged request by request: `applies` picks the requests, `check` says what is wrong (undefined: nothing). */
export function eachRequest(
  meta: ClientRuleMeta,
  check: (o: Observed, ctx: JudgeContext) => string | undefined | 'skip',
  applies: (o: Observed) => boolean = (o) => o.op !== undefined && judgedIds(meta.operation).includes(o.op),
): ClientRule {
  return {
    ...meta,
    judge: (observed, ctx) =>
      observed.flatMap((o) => {
        if (!applies(o)) return [];
        const why = check(o, ctx);
        return why === 'skip' ? [] : [{ o, ...(why === undefined ? {} : { why }) }];
      }),
  };
}

/** Whether a request is one of `ops`. */
export const isOneOf = (ops: readonly OperationId[]) => (o: Observed) => o.op !== undefined && ops.includes(o.op);

/** The JSON body of a request, or why there is none to judge. */
export function bodyOf(o: Observed): { value: unknown } | undefined {
  return o.json?.ok ? { value: o.json.value } : undefined;
}
