import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SILENCES } from '../contract/silences/index.js';
import { DISCOVERY, PROBE_NAMES } from '../contract/silences/discovery.js';
import { PROBES } from '../tools/discover/probes/index.js';
import { FAULTS } from '../reference/faults.js';
import { ROOT } from './support/cli.js';

/** Every catalogue entry says how it is discovered, or why it cannot be (like the axis check of selftest/silences.test.ts). */
describe('the discovery answers of the catalogue of silences', () => {
  const kinds = (id: string) => Object.keys(DISCOVERY[id] ?? {});

  test('every silence has exactly one answer, and every answer names a silence', () => {
    const ids = new Set(SILENCES.map((s) => s.id));
    expect(SILENCES.filter((s) => kinds(s.id).length !== 1).map((s) => s.id), 'silences without exactly one answer').toEqual([]);
    expect(Object.keys(DISCOVERY).filter((id) => !ids.has(id)), 'answers for no silence (a misspelt id?)').toEqual([]);
  });

  test('the answer agrees with the entry: inert where the catalogue says inert, neutral where it has no profile key, a probe or a reason where it has one', () => {
    const wrong = SILENCES.filter((s) => {
      const [kind] = kinds(s.id);
      if (s.inert) return kind !== 'inert';
      if (!s.profileKey) return kind !== 'neutral';
      return kind !== 'probe' && kind !== 'undiscoverable';
    }).map((s) => `${s.id}: ${kinds(s.id).join()}`);
    expect(wrong).toEqual([]);
    const reasons = Object.entries(DISCOVERY).filter(([, d]) => 'undiscoverable' in d && d.undiscoverable.length < 30);
    expect(reasons.map(([id]) => id), 'undiscoverable without a reason a vendor can read').toEqual([]);
  });

  test('every probe named exists, carries its name, is used, and decides only keys of the entries that name it', () => {
    for (const name of PROBE_NAMES) expect(PROBES[name].name).toBe(name);
    const used = new Set(Object.values(DISCOVERY).flatMap((d) => ('probe' in d ? [d.probe] : [])));
    expect(PROBE_NAMES.filter((n) => !used.has(n)), 'probes no entry names').toEqual([]);
    for (const name of PROBE_NAMES) {
      const keys = SILENCES.filter((s) => (DISCOVERY[s.id] as { probe?: string }).probe === name).flatMap((s) => s.profileKey!.split(',').map((k) => k.trim()));
      expect(PROBES[name].keys.filter((k) => !keys.includes(k)), `${name} decides keys its entries do not name`).toEqual([]);
    }
  });

  test('the rules a probe names for a reading no catalogue entry lists exist', () => {
    const rules = new Set(FAULTS.map((f) => f.rule));
    const dir = join(ROOT, 'tools/discover/probes');
    const named = readdirSync(dir).flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/(?<!keys: )\[((?:\s*'[a-z-]+\.[a-z0-9.-]+',?)+)\s*\]/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => `${file}: ${x[1]}`)),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((n) => !rules.has(n.split(': ')[1]!))).toEqual([]);
  });
});
