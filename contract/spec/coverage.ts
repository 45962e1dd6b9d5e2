import { anchorMatches } from './index.js';
import { SPEC_RULES } from './rules.js';

/**
 * Every unit of the spec accounted for. Pure: the docs generator
 * (docs/coverage.md, the README's tables), the report's spec.html, the §7.3 matrix and the
 * self-tests all call `accountFor` on the same inputs, so they cannot disagree.
 */

/** A rule as the catalogue (contract/spec/rules.ts) records it. */
export interface SpecRule {
  readonly id: string;
  readonly interface: string;
  readonly level: 'must' | 'should';
  /** project-relative spec file */
  readonly file: string;
  readonly title: string;
  /** its anchors, home first; `silence` when it rests on the suite's reading there */
  readonly spec: ReadonlyArray<{ readonly anchor: string; readonly silence?: string }>;
  /** the operations it judges (contract/operations.ts): only these may make it fail */
  readonly judges: readonly string[];
}

export type UnitStatus = 'enforced' | 'silent' | 'not observable' | 'informative' | 'uncovered';
export const STATUSES: readonly UnitStatus[] = ['enforced', 'silent', 'not observable', 'informative', 'uncovered'];

export interface UnitAccount {
  readonly anchor: string;
  readonly section: string;
  readonly kind: string;
  readonly text: string;
  readonly status: UnitStatus;
  /** the rules anchored to it (enforced) */
  readonly rules: readonly SpecRule[];
  /** the silences whose anchors name it */
  readonly silences: readonly string[];
  /** why it is not observable or informative (kept when a rule enforces it anyway) */
  readonly reason?: string;
}

interface UnitLike {
  readonly anchor: string;
  readonly section: string;
  readonly kind: string;
  readonly text: string;
}

interface SilenceLike {
  readonly id: string;
  readonly anchors: readonly string[];
}

export interface AccountingLike {
  informative(unit: UnitLike): string | undefined;
  notObservable(anchor: string): string | undefined;
}

/**
 * Each unit's status, strongest first: a rule anchored to it (enforced), a silence naming it
 * (silent), a reason no request can show it (not observable), a reason it states nothing
 * (informative); else uncovered.
 */
export function accountFor(units: readonly UnitLike[], rules: readonly SpecRule[], silences: readonly SilenceLike[], accounting: AccountingLike): UnitAccount[] {
  const rulesOf = new Map<string, SpecRule[]>();
  for (const r of rules) for (const a of new Set(r.spec.map((s) => s.anchor))) rulesOf.set(a, [...(rulesOf.get(a) ?? []), r]);
  const silencesOf = new Map<string, string[]>();
  for (const s of silences) for (const a of new Set(s.anchors)) silencesOf.set(a, [...(silencesOf.get(a) ?? []), s.id]);
  return units.map((u) => {
    const mine = rulesOf.get(u.anchor) ?? [];
    const silent = silencesOf.get(u.anchor) ?? [];
    const hidden = accounting.notObservable(u.anchor);
    const informative = accounting.informative(u);
    const status: UnitStatus = mine.length > 0 ? 'enforced' : silent.length > 0 ? 'silent' : hidden ? 'not observable' : informative ? 'informative' : 'uncovered';
    const reason = hidden ?? informative;
    return { anchor: u.anchor, section: u.section, kind: u.kind, text: u.text, status, rules: mine, silences: silent, ...(reason ? { reason } : {}) };
  });
}

export type Totals = Record<UnitStatus, number> & { units: number };

export function totalsOf(accounts: readonly UnitAccount[]): Totals {
  const t = { units: accounts.length, enforced: 0, silent: 0, 'not observable': 0, informative: 0, uncovered: 0 } as Totals;
  for (const a of accounts) t[a.status]++;
  return t;
}

/** Sorts §4.10 after §4.9. */
export const sectionKey = (s: string) => s.replace(/^§/, '').split('.').map((n) => n.padStart(4, '0')).join('.');

/** The sections in spec order, each with its units' accounts. */
export function bySection(accounts: readonly UnitAccount[]): Array<[string, UnitAccount[]]> {
  const out = new Map<string, UnitAccount[]>();
  for (const a of accounts) out.set(a.section, [...(out.get(a.section) ?? []), a]);
  return [...out].sort(([a], [b]) => sectionKey(a).localeCompare(sectionKey(b)));
}

/** A §2-§9 unit that must be enforced, silent, not observable or informative (the coverage self-test). */
export const mustBeAccounted = (a: UnitAccount) => a.status === 'uncovered' && a.section !== '§1';

/**
 * The rules of a spec passage (`run --section`): an exact anchor (`§4.4/DeleteMessage`), or a
 * section with its subsections (`§4`, `§4.4`, `4.4`). A rule is in it when any of its anchors is.
 */
export function rulesInSection(filter: string, rules: readonly SpecRule[] = SPEC_RULES): SpecRule[] {
  return rules.filter((r) => r.spec.some((s) => anchorMatches(s.anchor, filter)));
}
