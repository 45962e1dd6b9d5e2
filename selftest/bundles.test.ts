import { expect, test } from 'vitest';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { bundleSpecFiles, FIRST, LAST } from '../run/bundles.js';

/** run/bundles.ts: how the CLI deals the spec files to its workers. */
const files = [...new Set(SPEC_RULES.map((r) => r.file))].sort();
const rulesIn = (f: string) => SPEC_RULES.filter((r) => r.file === f).length;

test.each([1, 2, 4])('into %i bundle(s): every file once, the FIRST ones leading in their order, LAST closing, the others fewest rules first', (count) => {
  const bundles = bundleSpecFiles(files, count);
  expect(bundles).toHaveLength(count);
  expect(bundles.flat().sort()).toEqual(files);
  for (const bundle of bundles) {
    const lead = bundle.filter((f) => FIRST.includes(f));
    expect(bundle.slice(0, lead.length)).toEqual(lead);
    expect(lead).toEqual(FIRST.filter((f) => lead.includes(f)));
    const last = bundle.filter((f) => LAST.includes(f));
    expect(bundle.slice(bundle.length - last.length)).toEqual(last);
    const middle = bundle.slice(lead.length, bundle.length - last.length).map(rulesIn);
    expect(middle).toEqual([...middle].sort((a, b) => a - b));
  }
  // dealt most rules first to the bundle with the fewest so far: none has twice another's rules
  const sizes = bundles.map((b) => b.reduce((n, f) => n + rulesIn(f), 0));
  expect(Math.max(...sizes)).toBeLessThan(2 * Math.min(...sizes));
});
