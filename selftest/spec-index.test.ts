import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { SILENCES } from '../contract/silences/index.js';
import { quoteProblem } from '../contract/spec/index.js';
import { specSource } from '../contract/spec/source.js';
import { collectRules, type CatalogueRule } from '../tools/rule-catalogue.js';
import { renderSpecIndex, SPEC_INDEX_FILE } from '../scripts/spec-index.js';

const AREAS = ['token', 'admin', 'messaging-rest', 'messaging-soap', 'provisioning', 'directory', 'smtp'] as const;

/**
 * The spec is the index. The index is current; every rule is anchored to the words it
 * enforces (each quote verbatim in its unit, modulo white space and markdown); a rule's id names
 * its spec file; a rule resting only on the suite's reading of a silence is `should`.
 */
describe('the spec index and the rules anchored to it', () => {
  let rules: CatalogueRule[] = [];
  beforeAll(async () => {
    rules = await collectRules();
  }, 120_000);

  test('contract/spec/units.ts is current with interface-spec.md (npm run docs)', () => {
    expect(readFileSync(SPEC_INDEX_FILE, 'utf8')).toBe(renderSpecIndex(readFileSync(specSource(), 'utf8')));
  });

  test('every silence of the catalogue anchors to units that exist', () => {
    expect(SILENCES.flatMap((s) => s.anchors.map((a) => quoteProblem({ anchor: a, quote: '' }) === `the quote for ${a} is empty` ? undefined : `${s.id}: ${a}`)).filter(Boolean)).toEqual([]);
  });

  test('rule ids are unique', () => {
    expect(rules.length).toBeGreaterThan(200);
    expect(rules.map((r) => r.id).filter((id, i, all) => all.indexOf(id) !== i)).toEqual([]);
  });

  describe.each(AREAS)('rules of %s', (area) => {
    const mine = () => rules.filter((r) => r.interface === area || r.id.startsWith(`${area}.`));

    test('each quotes its spec: anchors exist and every quote is in its unit verbatim', () => {
      const problems = mine().flatMap((r) => (r.spec.length === 0 ? [`${r.id}: no spec anchor`] : r.spec.map((ref) => quoteProblem(ref)).filter(Boolean).map((p) => `${r.id}: ${p}`)));
      expect(problems).toEqual([]);
    });

    test("each rule's id names its spec file (<interface>.<subject>.* in specs/<interface>/<subject>.spec.ts, or <subject>-<part>.spec.ts where a subject is split)", () => {
      // a part file is its subject's only where no subject of the interface is named like it (send-mime is its own)
      const subjects = new Set(mine().map((r) => `specs/${r.id.split('.')[0]}/${r.id.split('.')[1]}`));
      const partOf = (file: string, want: string) => file.startsWith(`${want}-`) && file.endsWith('.spec.ts') && !subjects.has(file.replace(/\.spec\.ts$/, ''));
      const wrong = mine()
        .map((r) => ({ r, want: `specs/${r.id.split('.')[0]}/${r.id.split('.')[1]}` }))
        .filter(({ r, want }) => r.file !== `${want}.spec.ts` && !partOf(r.file, want))
        .map(({ r, want }) => `${r.id} is in ${r.file}, not ${want}.spec.ts (or ${want}-<part>.spec.ts)`);
      expect(wrong).toEqual([]);
    });

    test('a rule resting only on a silence names an entry of the catalogue and is should-level', () => {
      const ids = new Set(SILENCES.map((s) => s.id));
      const unknown = mine().flatMap((r) => r.spec.filter((ref) => ref.silence && !ids.has(ref.silence)).map((ref) => `${r.id}: ${ref.silence}`));
      expect(unknown, 'silence ids that are not in contract/silences/').toEqual([]);
      const mustOnSilence = mine().filter((r) => r.spec.length > 0 && r.spec.every((ref) => ref.silence) && r.level === 'must');
      expect(mustOnSilence.map((r) => r.id), 'must-level rules whose every anchor is a silence').toEqual([]);
    });
  });
});
