import { expect, test } from 'vitest';
import { ALL_AXES } from '../reference/axes/all.js';
import { checkAxis } from '../tools/diff/axis-check.js';

/**
 * `diff` names the administration, SMTP and directory axes it must (every
 * discoverable axis): the LoginModel TimeStamp forms, what the direct edition lacks (checked on
 * the direct edition, tools/diff/axis-check.ts AXIS_CONTEXT), and a whitelist entry's Subnet
 * form. One axis per family; `npm run diff-axes` checks the rest.
 */
const axis = (id: string) => ALL_AXES.find((a) => a.id === id)!;

for (const id of ['admin.timestamp-formats', 'admin.edition-lacks', 'smtp.subnet-form', 'directory.match'] as const) {
  test(`diff names ${id}`, async () => {
    const a = axis(id);
    const r = await checkAxis(a, String(a.values[1]), { seed: 20261124, runs: 5 });
    expect(r.named, r.said).toBe(true);
    // the canonical sequence shows it, and shrinking keeps the one step that does
    expect(r.length).toBeLessThanOrEqual(2);
  }, 120_000);
}
