import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { MESSAGING_ERROR_TEXTS, internalErrorText, noPermissionText } from '../contract/messaging-errors.js';
import { coverageGaps, provisioningCoverage } from '../contract/provisioning-coverage.js';
import { PROVISIONING_ERROR_NAMES } from '../contract/provisioning.js';
import { SILENCES } from '../contract/silences/index.js';
import { ACCOUNTING, INFORMATIVE, NOT_OBSERVABLE } from '../contract/spec/accounting.js';
import { accountFor, mustBeAccounted, rulesInSection, type SpecRule } from '../contract/spec/coverage.js';
import { plain, SPEC_UNITS, specUnit } from '../contract/spec/index.js';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { TOKEN_ERRORS } from '../contract/token.js';
import { collectRules } from '../tools/rule-catalogue.js';
import { renderReadmeCoverage } from '../scripts/coverage-readme.js';
import { accountsWith, catalogueData, COVERAGE_FILE, README_FILE, renderCoverage, renderRulesModule, RULES_FILE } from '../scripts/coverage.js';

/**
 * Every unit of the spec accounted for. The generated coverage (the rules as
 * data, docs/coverage.md, the README's tables) is current; no unit of §2-§9 is uncovered; and the
 * hand-kept tables of §7.1-§7.3 in contract/ say what the index says.
 */
describe('every unit of the spec accounted for', () => {
  let rules: SpecRule[] = [];
  beforeAll(async () => {
    rules = catalogueData(await collectRules());
  }, 120_000);

  test('contract/spec/rules.ts is current with the rules of specs/ (npm run docs)', () => {
    expect(readFileSync(RULES_FILE, 'utf8')).toBe(renderRulesModule(rules));
  });

  test('docs/coverage.md and the README coverage tables are current (npm run docs)', () => {
    const accounts = accountsWith(SPEC_RULES);
    expect(readFileSync(COVERAGE_FILE, 'utf8')).toBe(renderCoverage(accounts));
    expect(readFileSync(README_FILE, 'utf8')).toContain(renderReadmeCoverage(accounts, SPEC_RULES));
  });

  test('no unit of §2-§9 is uncovered: each is enforced by a rule, silent, not observable or informative', () => {
    const uncovered = accountsWith(rules).filter(mustBeAccounted).map((a) => `${a.anchor}: ${plain(a.text)}`);
    expect(uncovered, 'anchor a rule to it, name it in a silence, or give the reason in contract/spec/accounting.ts').toEqual([]);
  });

  test('the spec §7.3 matrix, a view of the coverage, has a rule or a reason for each of the 39 names', () => {
    const rows = provisioningCoverage(rules);
    expect(rows).toHaveLength(39);
    expect(coverageGaps(rows)).toEqual([]);
  });

  test('`run --section` finds a rule by each of its anchors and by their sections', () => {
    for (const r of rules)
      for (const { anchor } of r.spec) {
        expect(rulesInSection(anchor, rules).map((x) => x.id)).toContain(r.id);
        expect(rulesInSection(anchor.split('/')[0]!, rules).map((x) => x.id)).toContain(r.id);
      }
  });
});

describe('accountFor', () => {
  const units = SPEC_UNITS.filter((u) => u.section === '§4.4');
  const rule = (id: string, ...anchors: string[]): SpecRule => ({ id, interface: 'messaging-soap', level: 'must', file: 'specs/messaging-soap/x.spec.ts', title: id, spec: anchors.map((anchor) => ({ anchor })), judges: [] });

  test('a normative unit that loses its last rule becomes uncovered, and the check names it', () => {
    const both = [rule('messaging-soap.delete.a', '§4.4/DeleteMessage'), rule('messaging-soap.delete.b', '§4.4/DeleteMessage', '§4.4/Logon')];
    const of = (rs: SpecRule[]) => accountFor(units, rs, [], ACCOUNTING).find((a) => a.anchor === '§4.4/DeleteMessage')!;
    expect(of(both)).toMatchObject({ status: 'enforced' });
    expect(of(both).rules.map((r) => r.id)).toEqual(['messaging-soap.delete.a', 'messaging-soap.delete.b']);
    expect(of(both.slice(1)).status).toBe('enforced');
    expect(of([]).status).toBe('uncovered');
    expect(accountFor(units, [], [], ACCOUNTING).filter(mustBeAccounted).map((a) => a.anchor)).toContain('§4.4/DeleteMessage');
  });

  test('precedence: a rule beats a silence, a silence beats a reason; headings and §1 are informative', () => {
    const silence = [{ id: 's', anchors: ['§4.4/DeleteMessage', '§4.4/Logon'] }];
    const accounts = accountFor(units, [rule('r', '§4.4/DeleteMessage')], silence, ACCOUNTING);
    const of = (a: string) => accounts.find((x) => x.anchor === a)!;
    expect(of('§4.4/DeleteMessage')).toMatchObject({ status: 'enforced', silences: ['s'] });
    expect(of('§4.4/Logon').status).toBe('silent');
    expect(of('§4.4/title').status).toBe('informative');
    expect(accountFor(SPEC_UNITS.filter((u) => u.section === '§1'), [], [], ACCOUNTING).every((a) => a.status === 'informative')).toBe(true);
    expect(accountFor(SPEC_UNITS.filter((u) => u.anchor === '§7.3/UnknownError'), [], [], ACCOUNTING)[0]!.status).toBe('not observable');
  });

  test('the hand-kept accounting names units of the index, each once, with a reason', () => {
    const listed = [...Object.entries(NOT_OBSERVABLE), ...Object.entries(INFORMATIVE)];
    expect(listed.filter(([a, why]) => !specUnit(a) || !why).map(([a]) => a)).toEqual([]);
    expect(Object.keys(NOT_OBSERVABLE).filter((a) => a in INFORMATIVE)).toEqual([]);
    const silent = new Set<string>(SILENCES.flatMap((s) => s.anchors));
    expect(listed.map(([a]) => a).filter((a) => silent.has(a)), 'a silent unit needs no reason').toEqual([]);
  });
});

describe('the error tables in contract/ say what the spec index says', () => {
  const rows = (section: string) => SPEC_UNITS.filter((u) => u.section === section && u.kind === 'row').map((u) => u.text.split(' | '));

  test('§7.1: TOKEN_ERRORS has each name with the statuses its rows give', () => {
    const fromIndex: Record<string, number[]> = {};
    for (const [status, name] of rows('§7.1')) (fromIndex[name!] ??= []).push(Number(status));
    expect(Object.fromEntries(Object.entries(TOKEN_ERRORS).map(([k, v]) => [k, [...v]]))).toEqual(fromIndex);
  });

  test('§7.2: MESSAGING_ERROR_TEXTS are the rows\' texts, word for word', () => {
    const texts = rows('§7.2').map(([, text]) => text!);
    const ours = [...Object.values(MESSAGING_ERROR_TEXTS), internalErrorText('[DateTime]'), noPermissionText('[SessionKey]', '[MID]' as unknown as number)];
    expect([...ours].sort()).toEqual([...texts].sort());
  });

  test('§7.3: PROVISIONING_ERROR_NAMES are the rows\' names, in order', () => {
    expect(PROVISIONING_ERROR_NAMES).toEqual(rows('§7.3').map(([, name]) => name));
  });
});
