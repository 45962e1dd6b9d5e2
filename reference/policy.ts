/** One fault's replacements of a policy's hooks. */
export interface HookOverride<P, Id extends string = string> {
  readonly id: Id;
  readonly hooks: Partial<P>;
}

/**
 * One kind of policy's overrides grouped by the hook they replace, once per set of faults (not
 * per request): composing a request's policy then costs one wrapper per replaced hook, however
 * many faults are on (fault round 0 turns on one of every rule).
 */
export class HookIndex<P, Id extends string = string> {
  readonly entries: ReadonlyArray<readonly [keyof P, readonly HookOverride<P, Id>[]]>;

  constructor(overrides: readonly HookOverride<P, Id>[]) {
    const byHook = new Map<keyof P, HookOverride<P, Id>[]>();
    for (const o of overrides) for (const key of Object.keys(o.hooks) as (keyof P)[]) if (o.hooks[key] !== undefined) byHook.set(key, [...(byHook.get(key) ?? []), o]);
    this.entries = [...byHook];
  }
}

/**
 * What a fault's hook answers for a call outside its one cell (a hook several faults replace,
 * one value each, as the token traffic faults do): the next fault that is on answers, else the spec.
 */
export const DECLINE: unique symbol = Symbol('the fault declines this call');

/** A fault's hook that may decline a call (DECLINE), typed as the hook it replaces. */
export const declining = <A extends unknown[], R>(hook: (...args: A) => R | typeof DECLINE): ((...args: A) => R) => hook as (...args: A) => R;

/**
 * A core policy for one request: the spec's (`spec`), with each hook that a fault replaces
 * asking, when the core calls it, whether that fault is on for the request (`on`). The question
 * is asked at the hook's call, as the core's decision is taken, so a fault's footprint
 * (REFERENCE_FAULT_FOOTPRINT) is the rules whose requests reach that decision. Where two faults
 * replace one hook, the first of the catalogue that is on and does not decline answers.
 */
export function composePolicy<P extends object, Id extends string>(spec: P, overrides: readonly HookOverride<P, Id>[] | HookIndex<P, Id>, on: (id: Id) => boolean): P {
  const index = overrides instanceof HookIndex ? overrides : new HookIndex(overrides);
  if (index.entries.length === 0) return spec;
  const policy: P = { ...spec };
  for (const [key, replacing] of index.entries) {
    if (!(key in spec)) continue;
    const specHook = spec[key] as (...args: unknown[]) => unknown;
    policy[key] = ((...args: unknown[]) => {
      for (const o of replacing) {
        if (!on(o.id)) continue;
        const answer = (o.hooks[key] as (...a: unknown[]) => unknown)(...args);
        if (answer !== DECLINE) return answer;
      }
      return specHook(...args);
    }) as P[keyof P];
  }
  return policy;
}
