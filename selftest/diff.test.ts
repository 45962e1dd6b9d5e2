import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_AXES } from '../reference/axes/all.js';
import { FAULTS } from '../reference/faults.js';
import { checkAxis } from '../tools/diff/axis-check.js';
import { diffTargets } from '../tools/diff/engine.js';
import { firstDivergence } from '../tools/diff/compare.js';
import { startReference } from '../tools/diff/targets.js';
import { runCli } from './support/cli.js';

/**
 * `diff`: the reference default against a single-axis variant
 * names that axis, shrunk to a few steps; against itself under one fault it names the fault's
 * rule; a wrong flag value is refused in one sentence (exit 2). Every axis is checked by
 * `npm run diff-axes` (slow); here a few, one per kind of answer they change.
 */

const axis = (id: string) => ALL_AXES.find((a) => a.id === id)!;

describe('diff names a single changed axis', () => {
  // the trash mechanism (a §3.2 move), a system folder name, a token refusal
  for (const [id, value] of [
    ['mail.trash-advance', 'server'],
    ['mail.outbox-name', 'Outbox'],
    ['token.missing-grant-type', 'InvalidGrantType'],
  ] as const) {
    test(`${id}=${value}`, async () => {
      const r = await checkAxis(axis(id), value, { seed: 20261124, runs: 30 });
      expect(r.said).toMatch(/^named /);
      expect(r.named, r.said).toBe(true);
      // "shrunk to at most a few operations": the first step is the send every sequence starts with
      expect(r.length).toBeLessThanOrEqual(5);
    }, 300_000);
  }
});

test('the reference against itself shows no difference', async () => {
  const sides = [await startReference({ variant: 'default', faults: [] }, 'reference'), await startReference({ variant: 'default', faults: [] }, 'reference:default')] as const;
  try {
    const r = await diffTargets([sides[0], sides[1]], { seed: 5, runs: 25, maxSteps: 16, maxFindings: 1, rules: false, timeLimitMs: 60_000, log: () => {} });
    expect(r.findings).toEqual([]);
    expect(r.exitCode).toBe(0);
  } finally {
    await Promise.all(sides.map((s) => s.close()));
  }
}, 300_000);

test('a difference at one step is found there, and a known one is passed over', () => {
  const a = [{ step: 'send()', status: 200 }, { step: 'read(#0)', status: 200, body: '<mime>' }];
  const b = [{ step: 'send()', status: 200 }, { step: 'read(#0)', status: 401, body: 'gone' }];
  const d = firstDivergence(a, b);
  expect(d).toMatchObject({ index: 1, paths: ['status', 'body'] });
  expect(firstDivergence(a, b, new Set(['read:status', 'read:body']))).toBeUndefined();
});

test('diff of the reference against itself under one fault names the fault’s rule (CLI, exit 1), even where its answers match a reading neither profile declares', async () => {
  // deleting from Trash purges at once: the answers of mail.trash-advance's other reading, but
  // both sides' profiles declare the same messaging.trashAdvance, so the rules reading it judge
  const fault = FAULTS.find((f) => f.id === 'messaging-rest.trash-skips-deleted-trash')!;
  const dir = mkdtempSync(join(tmpdir(), 'sms-diff-'));
  const res = await runCli(['diff', '--target', 'reference', '--against', `reference:faults=${fault.id}`, '--seed', '3', '--runs', '3', '--findings', '1', '--reports', dir], {}, 540_000);
  expect(res.code, res.stdout + res.stderr).toBe(1);
  const json = JSON.parse(readFileSync(join(dir, 'diff', 'diff.json'), 'utf8')) as { findings: Array<{ kind: string; reading?: { axis: string; undeclared?: boolean }; rules?: Array<{ rule: string; side: string }> }> };
  expect(json.findings.length).toBeGreaterThan(0);
  expect(json.findings.filter((f) => f.kind === 'silence')).toEqual([]);
  const first = json.findings[0]!;
  expect(first.rules?.map((r) => r.rule)).toContain(fault.rule);
  expect(first.reading).toMatchObject({ axis: 'mail.trash-advance', undeclared: true });
  expect(first.rules?.find((r) => r.rule === fault.rule)).toMatchObject({ side: 'against' });
  for (const name of ['diff.md', 'diff.html']) expect(readFileSync(join(dir, 'diff', name), 'utf8')).toContain(fault.rule);
}, 600_000);

test('a wrong flag value is refused in one sentence, exit 2', async () => {
  const res = await runCli(['diff', '--target', 'reference:common.list-order=sideways', '--against', 'reference']);
  expect(res.code).toBe(2);
  expect(res.stderr.trim().split('\n')).toHaveLength(1);
  expect(res.stderr).toMatch(/--target .*common\.list-order/);
  const runs = await runCli(['diff', '--target', 'reference', '--against', 'reference', '--runs', 'many']);
  expect(runs.code).toBe(2);
  expect(runs.stderr).toMatch(/--runs is "many"/);
});
