import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quoteProblem, SPEC_UNITS } from '../contract/spec/index.js';
import { SPEC_RULES } from '../contract/spec/rules.js';
import { specHref } from '../reporting/spec-link.js';
import { specPage } from '../reporting/spec-page.js';
import type { Summary } from '../contract/summary.js';
import { COVERAGE_FILE } from '../scripts/coverage.js';
import { runCli, type CliResult } from './support/cli.js';

/**
 * In a run against a target that fails a rule (a reference
 * fault), that rule's card on the verdict page shows its exact quoted sentence(s), each with a
 * link that opens spec.html at that sentence (the id exists there), and spec.html's totals are
 * docs/coverage.md's.
 */

const RULE = 'provisioning.errors.documented-names';
const FAULT = 'provisioning.unlisted-error-code';

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const text = (html: string) => unescape(html.replace(/<[^>]+>/g, ''));
/** "319 units: 2 enforced, …, 138 uncovered." as docs/coverage.md and spec.html both state it */
const coverageLine = (s: string) => /\d+ units: [^.\n]*\./.exec(s)?.[0];
const idsOf = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => unescape(m[1]!)));

describe('the spec inside the report of a failing run', () => {
  let run: CliResult;
  beforeAll(async () => {
    run = await runCli(['run', '--rule', RULE, '--seed', '5'], { REFERENCE_FAULTS: FAULT, REFERENCE_FAULT_SCOPE: 'rule' }, 400_000);
  }, 420_000);
  afterAll(() => {
    if (run) rmSync(run.reportsDir, { recursive: true, force: true });
  });

  test("the failed rule's card quotes its sentences exactly, each linking to its unit in spec.html", () => {
    expect(run.code, run.stdout).toBe(1);
    const result = run.summary().rules.find((r) => r.id === RULE)!;
    expect(result.outcome).toBe('fail');
    expect(result.spec?.length).toBeGreaterThan(0);
    const page = readFileSync(join(run.reportsDir, 'allure-report', 'index.html'), 'utf8');
    const card = new RegExp(`<article class="rule [^"]*" id="rule-${RULE.replace(/\./g, '\\.')}">([\\s\\S]*?)</article>`).exec(page)?.[1] ?? '';
    const spec = readFileSync(join(run.reportsDir, 'allure-report', 'spec.html'), 'utf8');
    const ids = idsOf(spec);
    const links = [...card.matchAll(/<blockquote class="sentence"><a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => ({ href: unescape(m[1]!), quote: unescape(m[2]!) }));
    expect(links.map((l) => l.quote)).toEqual(result.spec!.map((ref) => ref.quote));
    for (const ref of result.spec!) {
      // exact: the quote is the spec's words, verbatim in the unit its anchor names
      expect(quoteProblem(ref)).toBeUndefined();
      const link = links.find((l) => l.quote === ref.quote)!;
      expect(link.href).toBe(specHref(ref.anchor));
      expect(ids.has(decodeURIComponent(link.href.split('#')[1]!))).toBe(true);
    }
    // and spec.html marks the unit with the rule, failed in this run, linking back to its card
    const unit = new RegExp(`<div class="unit [^"]*" id="${result.spec![0]!.anchor}">([\\s\\S]*?)</div>`).exec(spec)?.[1] ?? '';
    expect(unit).toContain(`<span class="badge fail">fail</span> <a href="index.html#rule-${RULE}">`);
  });

  test("spec.html's totals are docs/coverage.md's", () => {
    const spec = readFileSync(join(run.reportsDir, 'allure-report', 'spec.html'), 'utf8');
    const ours = coverageLine(text(/<p class="totals"[^>]*>[\s\S]*?<\/p>/.exec(spec)?.[0] ?? ''));
    expect(ours).toBeDefined();
    expect(ours).toBe(coverageLine(readFileSync(COVERAGE_FILE, 'utf8')));
  });
});

describe('spec.html', () => {
  const summary = { target: { url: 'http://127.0.0.1:1' }, rules: [] } as unknown as Summary;

  test('has every unit of the index, and every section, as an element id', () => {
    const ids = idsOf(specPage({ summary }));
    expect(SPEC_UNITS.filter((u) => !ids.has(u.anchor) || !ids.has(u.section)).map((u) => u.anchor)).toEqual([]);
  });

  test('a rule of the catalogue that did not run is listed as not run, with its file', () => {
    const anchored = SPEC_RULES.find((r) => r.spec.length > 0);
    expect(anchored).toBeDefined();
    const html = specPage({ summary });
    const unit = new RegExp(`id="${anchored!.spec[0]!.anchor}">([\\s\\S]*?)</div>`).exec(html)?.[1] ?? '';
    expect(unit).toContain(`<span class="badge na">not run</span> <code>${anchored!.id}</code> [${anchored!.level}] <span class="file">${anchored!.file}</span>`);
  });
});
