import { SPEC_UNITS } from '../contract/spec/index.js';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { CLIENT_RULES } from './catalogue.js';

/**
 * Which side of the interface enforces each spec unit: the server rules (specs/**\/*.spec.ts, as
 * contract/spec/rules.ts records them), the client rules (judge/catalogue.ts), or both. The
 * coverage page does not show it yet; this is the data it would read.
 */
export type Side = 'server' | 'client' | 'both';

export interface UnitSides {
  readonly anchor: string;
  readonly side?: Side;
  readonly server: readonly string[];
  readonly client: readonly string[];
}

export function unitSides(): UnitSides[] {
  const index = (rules: ReadonlyArray<{ id: string; spec: ReadonlyArray<{ anchor: string }> }>) => {
    const by = new Map<string, string[]>();
    for (const r of rules) for (const a of new Set(r.spec.map((s) => s.anchor))) by.set(a, [...(by.get(a) ?? []), r.id]);
    return by;
  };
  const server = index(SPEC_RULES);
  const client = index(CLIENT_RULES);
  return SPEC_UNITS.map((u) => {
    const s = server.get(u.anchor) ?? [];
    const c = client.get(u.anchor) ?? [];
    const side: Side | undefined = s.length && c.length ? 'both' : s.length ? 'server' : c.length ? 'client' : undefined;
    return { anchor: u.anchor, ...(side ? { side } : {}), server: s, client: c };
  });
}
