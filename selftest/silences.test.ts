import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SILENCES } from '../contract/silences/index.js';
import { ALL_AXES } from '../reference/axes/all.js';
import { altVariant, randomVariant, variantNamed } from '../reference/variant.js';
import { renderSilences } from '../scripts/render-silences.js';
import { ROOT } from './support/cli.js';

/** The silences as data, each exercised by a reference axis (and the reverse). */
describe('the catalogue of silences and the reference variant axes', () => {
  const silenceIds = new Set(SILENCES.map((s) => s.id));

  test('silence and axis ids are unique', () => {
    const dup = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(dup(SILENCES.map((s) => s.id))).toEqual([]);
    expect(dup(ALL_AXES.map((a) => a.id))).toEqual([]);
  });

  test('every axis exercises a silence of the catalogue', () => {
    expect(ALL_AXES.filter((a) => !silenceIds.has(a.silence)).map((a) => `${a.id} → ${a.silence}`)).toEqual([]);
  });

  test('a silence has one axis at most, and its values are the silence\'s readings, in the catalogue\'s order', () => {
    const twice = ALL_AXES.filter((a, i) => ALL_AXES.findIndex((b) => b.silence === a.silence) !== i).map((a) => `${a.id} → ${a.silence}`);
    expect(twice, 'silences with a second axis: split the entry, one question per silence').toEqual([]);
    const apart = ALL_AXES.filter((a) => JSON.stringify(a.values) !== JSON.stringify(SILENCES.find((s) => s.id === a.silence)?.readings)).map((a) => a.id);
    expect(apart, 'axes whose values are not their silence\'s readings').toEqual([]);
  });

  test('every reading has its words, and no words stand for a reading the entry does not list', () => {
    const wrong = SILENCES.filter((s) => JSON.stringify(Object.keys(s.says).sort()) !== JSON.stringify(s.readings.map(String).sort())).map((s) => s.id);
    expect(wrong).toEqual([]);
  });

  test('every silence a server can read more than one way has an axis; only inert ones have none', () => {
    const exercised = new Set(ALL_AXES.map((a) => a.silence));
    expect(SILENCES.filter((s) => !s.inert && !exercised.has(s.id)).map((s) => s.id), 'silences without an axis').toEqual([]);
    expect(SILENCES.filter((s) => s.inert && exercised.has(s.id)).map((s) => s.id), 'inert silences that do have an axis').toEqual([]);
  });

  test('every entry quotes the spec, gives two readings unless inert, and names clarifications that exist', () => {
    const log = readFileSync(`${ROOT}/docs/clarifications.md`, 'utf8');
    const missing = SILENCES.filter((s) => s.clarification && !log.includes(`### ${s.clarification}.`)).map((s) => `${s.id}: ${s.clarification}`);
    expect(missing, 'clarifications named but absent from docs/clarifications.md').toEqual([]);
    expect(SILENCES.filter((s) => !/^§\d+(\.\d+)*$/.test(s.section) || s.sentence.length < 10).map((s) => s.id)).toEqual([]);
    expect(SILENCES.filter((s) => !s.inert && s.readings.length < 2).map((s) => s.id)).toEqual([]);
  });

  test('docs/silences.md is current (npm run docs)', () => {
    expect(readFileSync(`${ROOT}/docs/silences.md`, 'utf8')).toBe(renderSilences());
  });

  test('alt flips every axis; random:<seed> replays the same readings; a wrong value is named', () => {
    expect(altVariant.differences()).toHaveLength(ALL_AXES.length);
    expect(randomVariant(42).differences()).toEqual(variantNamed('random:42').differences());
    expect(() => variantNamed('common.ids=sideways')).toThrow(/common\.ids to "sideways"; it must be one of/);
    expect(variantNamed('common.ids=scattered').differences()).toEqual(['common.ids=scattered']);
  });
});
