/** One fault's replacements of a policy's hooks. */
export interface HookOverride<P, Id extends string = string> {
  readonly id: Id;
  readonly hooks: Partial<P>;
}

/**
 * A core policy for one request: the spec's (`spec`), with each hook that a fault replaces
 * asking, when the core calls it, whether that fault is on for the request (`on`). The question
 * is asked at the hook's call, as the core's decision is taken, so a fault's footprint
 * (REFERENCE_FAULT_FOOTPRINT) is the rules whose requests reach that decision. Where two faults
 * replace one hook, the first of the catalogue that is on answers.
 */
export function composePolicy<P extends object, Id extends string>(spec: P, overrides: readonly HookOverride<P, Id>[], on: (id: Id) => boolean): P {
  if (overrides.length === 0) return spec;
  const policy: P = { ...spec };
  for (const key of Object.keys(spec) as (keyof P)[]) {
    const replacing = overrides.filter((o) => o.hooks[key] !== undefined);
    if (replacing.length === 0) continue;
    const specHook = spec[key] as (...args: unknown[]) => unknown;
    policy[key] = ((...args: unknown[]) => {
      for (const o of replacing) if (on(o.id)) return (o.hooks[key] as (...a: unknown[]) => unknown)(...args);
      return specHook(...args);
    }) as P[keyof P];
  }
  return policy;
}
