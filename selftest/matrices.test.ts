import { describe, expect, test } from 'vitest';
import { MATRICES } from '../contract/matrices.js';
import { FAULTS } from '../reference/faults.js';

/**
 * Teeth by construction: every enforced cell of every matrix names its generated rule and a
 * reference fault of its own that breaks exactly that rule (the fault rounds of
 * selftest/conformance-run.test.ts then prove the rule fails under it); every other cell says why.
 */
describe.each(MATRICES.map((m) => [m.id, m] as const))('matrix %s', (_, matrix) => {
  test('every cell has a place on each axis, and no two cells share one', () => {
    expect(matrix.cells.filter((c) => c.at.length !== matrix.axes.length).map((c) => c.at.join(' × '))).toEqual([]);
    const keys = matrix.cells.map((c) => c.at.join(' × '));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  test('every enforced cell has its rule and a fault of its own that names that rule; every other cell a reason', () => {
    const byId = new Map(FAULTS.map((f) => [f.id as string, f]));
    const wrong = matrix.cells.flatMap((c) => {
      const at = c.at.join(' × ');
      if (c.status !== 'enforced') return c.reason ? [] : [`${at}: ${c.status} without a reason`];
      if (!c.rule || !c.fault) return [`${at}: enforced without a rule and a fault`];
      const fault = byId.get(c.fault);
      if (!fault) return [`${at}: fault ${c.fault} is not in reference/faults.ts`];
      return fault.rule === c.rule ? [] : [`${at}: fault ${c.fault} breaks ${fault.rule}, not ${c.rule}`];
    });
    expect(wrong).toEqual([]);
    const faults = matrix.cells.flatMap((c) => (c.fault ? [c.fault] : []));
    expect(faults.filter((f, i) => faults.indexOf(f) !== i), 'a fault shared by two cells').toEqual([]);
  });
});

test('the matrices have distinct ids', () => {
  const ids = MATRICES.map((m) => m.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});
